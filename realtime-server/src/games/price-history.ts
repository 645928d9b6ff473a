/** A game's price history: written with each price change (read in queries.ts). */
import type { PricePoint, PricePointCause } from '@showdown/shared/protocol';
import type { Executor } from '../db/client.ts';
import { pricePoints } from '../db/schema.ts';
import { pointView } from './projections.ts';

/**
 * Records new prices of a game, all taking effect at `at`. Call it inside the transaction that
 * changes the prices, so the history and the prices never disagree. Returns the points as sent.
 */
export async function recordPricePoints(
  tx: Executor,
  gameId: number,
  cause: PricePointCause,
  at: Date,
  prices: ReadonlyArray<{ stockId: number; pricePaise: number }>,
): Promise<PricePoint[]> {
  if (prices.length === 0) return [];
  const rows = prices.map((p) => ({
    gameId,
    stockId: p.stockId,
    pricePaise: p.pricePaise,
    cause,
    createdAt: at,
  }));
  await tx.insert(pricePoints).values(rows);
  return rows.map(pointView);
}

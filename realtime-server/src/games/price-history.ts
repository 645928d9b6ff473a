/** A game's price history: written with each price change, read by players and spectators. */
import { asc, eq } from 'drizzle-orm';
import { paiseToRupees } from '@showdown/shared/money';
import type { PricePoint, PricePointCause } from '@showdown/shared/protocol';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { pricePoints } from '../db/schema.ts';
import { readSnapshot } from '../db/transaction.ts';
import { requireSeat } from './access.ts';
import type { ServiceResult } from './service-result.ts';

type PricePointRow = typeof pricePoints.$inferSelect;

export function pointView(
  row: Pick<PricePointRow, 'stockId' | 'pricePaise' | 'cause' | 'createdAt'>,
) {
  return {
    stock_id: row.stockId,
    price: paiseToRupees(row.pricePaise),
    at: row.createdAt.toISOString(),
    cause: row.cause as PricePointCause,
  } satisfies PricePoint;
}

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

/** Every price point of the game, oldest first. */
export async function priceHistoryView(tx: Executor, gameId: number): Promise<PricePoint[]> {
  const rows = await tx
    .select()
    .from(pricePoints)
    .where(eq(pricePoints.gameId, gameId))
    .orderBy(asc(pricePoints.id));
  return rows.map(pointView);
}

/** `GET /api/game/{id}/prices/history`: seated players only, also once the game has ended. */
export async function getPriceHistory(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<PricePoint[]>> {
  return readSnapshot(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { allowCompleted: true });
    return { data: await priceHistoryView(tx, gameId) };
  });
}

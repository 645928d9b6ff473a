/**
 * What the bots of a practice game see, read in one snapshot: their seats with cash and shares,
 * the prices and each company's last move, the open market mayhem list and who answered it. The
 * same facts a phone reads (its portfolio, the stock list, the mayhem list), for several seats.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BotStrategy } from '@showdown/shared/constants';
import type { Holding } from '@showdown/shared/trading';
import type { Executor } from '../db/client.ts';
import {
  botSeats,
  gameStocks,
  mayhemResponses,
  mayhems,
  players,
  pricePoints,
} from '../db/schema.ts';
import { holdingsOf } from '../games/queries.ts';
import type { MarketSight, Purse } from './strategies.ts';

export interface BotSeatView {
  playerId: number;
  userId: number;
  /** Its place among the game's bots (by seat), which seeds its choices. */
  slot: number;
  strategy: BotStrategy | 'broker';
  purse: Purse;
  /** The phase its `phaseOrders` were placed in (that phase's end). */
  phaseEndsAt: Date | null;
  phaseOrders: number;
}

export interface OpenMayhem {
  id: number;
  stockIds: number[];
  percentages: number[];
  responders: ReadonlySet<number>;
}

export interface BotSight {
  seats: BotSeatView[];
  market: MarketSight;
  mayhem: OpenMayhem | null;
}

/** The game's bots' seats, by seat order (the broker's, if a bot holds it, among them). */
export async function readBotSeats(tx: Executor, gameId: number) {
  return tx
    .select({
      playerId: botSeats.playerId,
      userId: players.userId,
      strategy: botSeats.strategy,
      cashPaise: players.cashPaise,
      phaseEndsAt: botSeats.phaseEndsAt,
      phaseOrders: botSeats.phaseOrders,
    })
    .from(botSeats)
    .innerJoin(players, eq(players.id, botSeats.playerId))
    .where(eq(botSeats.gameId, gameId))
    .orderBy(asc(players.id));
}

/** Each company's last move in percent, from its two latest price points. */
async function lastMoves(tx: Executor, gameId: number): Promise<Map<number, number>> {
  const latest = tx
    .select({
      stockId: pricePoints.stockId,
      price: pricePoints.pricePaise,
      rank: sql<number>`row_number() over (partition by ${pricePoints.stockId} order by ${pricePoints.id} desc)`.as(
        'rank',
      ),
    })
    .from(pricePoints)
    .where(eq(pricePoints.gameId, gameId))
    .as('latest');
  const rows = await tx
    .select({ stockId: latest.stockId, price: latest.price, rank: latest.rank })
    .from(latest)
    .where(sql`${latest.rank} <= 2`);
  const moves = new Map<number, number>();
  for (const stockId of new Set(rows.map((r) => r.stockId))) {
    const now = rows.find((r) => r.stockId === stockId && Number(r.rank) === 1)?.price;
    const before = rows.find((r) => r.stockId === stockId && Number(r.rank) === 2)?.price;
    moves.set(stockId, now && before ? ((now - before) * 100) / before : 0);
  }
  return moves;
}

/** The game's open mayhem list and who answered it, or null. */
export async function readOpenMayhem(tx: Executor, gameId: number): Promise<OpenMayhem | null> {
  const [row] = await tx
    .select()
    .from(mayhems)
    .where(and(eq(mayhems.gameId, gameId), eq(mayhems.status, 1)));
  if (!row) return null;
  const answered = await tx
    .select({ playerId: mayhemResponses.playerId })
    .from(mayhemResponses)
    .where(eq(mayhemResponses.mayhemId, row.id));
  return {
    id: row.id,
    stockIds: row.stockIds,
    percentages: row.percentages,
    responders: new Set(answered.map((a) => a.playerId)),
  };
}

/** The game's prices, paise by company. */
export async function readPrices(tx: Executor, gameId: number): Promise<Map<number, number>> {
  const rows = await tx.select().from(gameStocks).where(eq(gameStocks.gameId, gameId));
  return new Map(rows.map((r) => [r.stockId, r.pricePaise]));
}

/** How many price moves the broker made so far (averaged mayhem moves not counted). */
export async function countPriceUpdates(tx: Executor, gameId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(pricePoints)
    .where(and(eq(pricePoints.gameId, gameId), eq(pricePoints.cause, 'update')));
  return Number(row?.n ?? 0);
}

/** Everything the bot investors need for a look at the market. */
export async function readBotSight(tx: Executor, gameId: number): Promise<BotSight> {
  const seats = await readBotSeats(tx, gameId);
  const held = await holdingsOf(
    tx,
    seats.map((s) => s.playerId),
  );
  const purses = new Map<number, Map<number, Holding>>();
  for (const h of held) {
    const purse = purses.get(h.playerId) ?? new Map<number, Holding>();
    purse.set(h.stockId, { quantity: h.quantity, investedPaise: h.investedPaise });
    purses.set(h.playerId, purse);
  }
  return {
    seats: seats.map((s, slot) => ({
      playerId: s.playerId,
      userId: s.userId,
      slot,
      strategy: s.strategy,
      purse: { cashPaise: s.cashPaise, holdings: purses.get(s.playerId) ?? new Map() },
      phaseEndsAt: s.phaseEndsAt,
      phaseOrders: s.phaseOrders,
    })),
    market: { prices: await readPrices(tx, gameId), lastMoves: await lastMoves(tx, gameId) },
    mayhem: await readOpenMayhem(tx, gameId),
  };
}

/** Pure reads of a game's price history (the points the server keeps and the events carry). */
import { roundHalfUpDiv, rupeesToPaise } from './money.ts';
import type { PricePoint } from './protocol.ts';

/** A company's points in time order. */
export function pointsOf(history: readonly PricePoint[], stockId: number): PricePoint[] {
  return history.filter((p) => p.stock_id === stockId);
}

export interface PriceMove {
  previous: number;
  price: number;
  /** Signed change in percent, rounded half up to two decimals. */
  percent: number;
  at: string;
}

/** A company's latest move (its last point against the one before), or null before any move. */
export function lastMove(history: readonly PricePoint[], stockId: number): PriceMove | null {
  const points = pointsOf(history, stockId);
  if (points.length < 2) return null;
  const before = points[points.length - 2]!;
  const last = points[points.length - 1]!;
  const from = BigInt(rupeesToPaise(before.price));
  const to = BigInt(rupeesToPaise(last.price));
  const hundredths = roundHalfUpDiv((to - from) * 10_000n, from);
  return {
    previous: before.price,
    price: last.price,
    percent: Number(hundredths) / 100,
    at: last.at,
  };
}

/**
 * A read of one game by a seated caller: the seat check and the queries in one consistent
 * snapshot (a read changes nothing, numbers nothing, publishes nothing).
 */
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { readSnapshot } from '../db/transaction.ts';
import { requireSeat, type Seat, type SeatRules } from './access.ts';
import type { ServiceResult } from './service-result.ts';

/**
 * A service that is one read: `(ctx, userId, gameId, ...args)` checks the caller's seat under
 * `rules`, then answers what `read` finds in the same snapshot.
 */
export function gameRead<A extends unknown[], T>(
  rules: SeatRules,
  read: (tx: Tx, seat: Seat, ...args: A) => Promise<T>,
): (ctx: AppContext, userId: number, gameId: number, ...args: A) => Promise<ServiceResult<T>> {
  return (ctx, userId, gameId, ...args) =>
    readSnapshot(ctx.db, async (tx) => {
      const seat = await requireSeat(tx, gameId, userId, rules);
      return { data: await read(tx, seat, ...args) };
    });
}

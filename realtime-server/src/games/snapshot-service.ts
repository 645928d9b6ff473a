/** What a device reads to draw a game: on joining its room, on a resync, as a spectator. */
import type { GameSnapshot } from '@showdown/shared/protocol';
import type { AppContext } from '../context.ts';
import { expectRow } from '../db/rows.ts';
import { readSnapshot } from '../db/transaction.ts';
import { findGame, requireSeat } from './access.ts';
import { snapshotView } from './queries.ts';

/** The seated player's snapshot (completed games included); a DomainError without a seat. */
export function playerSnapshot(
  ctx: AppContext,
  gameId: number,
  userId: number,
): Promise<GameSnapshot> {
  return readSnapshot(ctx.db, async (tx) => {
    const seat = await requireSeat(tx, gameId, userId, { allowCompleted: true });
    return snapshotView(tx, seat.game, seat.player);
  });
}

/** The snapshot of a game as anyone may see it (the spectator allowlist is applied after). */
export function publicSnapshot(ctx: AppContext, gameId: number): Promise<GameSnapshot> {
  return readSnapshot(ctx.db, async (tx) => {
    const game = await findGame(tx, gameId);
    return snapshotView(tx, expectRow(game, 'games: spectated game'), null);
  });
}

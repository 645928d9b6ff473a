/** The broker removes a player from the lobby. */
import { and, eq } from 'drizzle-orm';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { players } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notFound } from '../http/errors.ts';
import { nextSeq, requireSeat } from './access.ts';

export async function removePlayer(
  ctx: AppContext,
  userId: number,
  gameId: number,
  playerId: number,
) {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const { player: broker } = await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY],
      lock: 'update',
    });
    if (broker.id === playerId) throw conflict(MSG.CANNOT_REMOVE_SELF);
    const seq = await nextSeq(tx, gameId);
    const [row] = await tx
      .delete(players)
      .where(and(eq(players.id, playerId), eq(players.gameId, gameId)))
      .returning();
    if (!row) throw notFound(MSG.PLAYER_NOT_FOUND);
    return { seq, row };
  });
  ctx.publisher.game(gameId, 'player:removed', {
    seq: removed.seq,
    game_id: gameId,
    player_id: removed.row.id,
  });
  ctx.publisher.evict(gameId, removed.row.userId);
  return { data: { player_id: removed.row.id }, message: MSG.PLAYER_REMOVED };
}

/**
 * The TV's recap of a completed game (docs/rules.md): it plays on every screen that saw the game
 * end, and the broker may skip it from their phone (`POST /api/game/{id}/recap/skip`). Skipping
 * changes nothing in the game; every device of the game and its spectators are told
 * (`recap:skipped`, with the game's next seq, so a screen that missed it is not out of step).
 */
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import { nextSeq, requireSeat } from './access.ts';
import { conflict } from './errors.ts';
import type { ServiceResult } from './service-result.ts';

export async function skipRecap(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<{ game_id: number }>> {
  const seq = await inTransaction(ctx.db, async (tx) => {
    const { game } = await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      allowCompleted: true,
    });
    if (game.status !== GAME_STATUS.COMPLETED) throw conflict(MSG.RECAP_NOT_ENDED);
    return nextSeq(tx, gameId);
  });
  ctx.publisher.game(gameId, 'recap:skipped', { seq, game_id: gameId });
  return { data: { game_id: gameId }, message: MSG.RECAP_SKIPPED };
}

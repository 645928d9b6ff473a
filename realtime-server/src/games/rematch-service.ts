/**
 * Play again: `POST /api/game/{id}/rematch` (the broker of a completed game)
 * opens a new lobby on the same board code with the same settings and seats the broker in it
 * with the same role and avatar. Every device of the finished game is told (`game:rematch`) and
 * joins with one tap ("Join the rematch": the usual join and seat rules); the board's spectators
 * (the TV) follow the board to the new game (`board:moved`). 'Restart the Game' (a new
 * game on the code through the join) is unchanged.
 */
import { eq } from 'drizzle-orm';
import type { JoinGameData } from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { isUniqueViolation, pgConstraint } from '../db/errors.ts';
import { expectRow } from '../db/rows.ts';
import { boardJoins, games, players } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { nextSeq, requireSeat } from './access.ts';
import { assertMayOpenLobby, expireEmptyLobbies, openGameByCode } from './board-service.ts';
import { conflict } from './errors.ts';
import type { ServiceResult } from './service-result.ts';

export async function openRematch(
  ctx: AppContext,
  userId: number,
  gameId: number,
  ip?: string,
): Promise<ServiceResult<JoinGameData>> {
  let told: { seq: number; code: string; rematchId: number } | undefined;
  const result = await inTransaction(ctx.db, async (tx) => {
    told = undefined;
    const { game, player } = await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      allowCompleted: true,
      lock: 'update',
    });
    if (game.status !== GAME_STATUS.COMPLETED) throw conflict(MSG.REMATCH_NOT_ENDED);
    if (game.practice) throw conflict(MSG.PRACTICE_NO_REMATCH);
    if (game.rematchGameId !== null) throw conflict(MSG.REMATCH_EXISTS);
    const now = ctx.clock.now();
    await expireEmptyLobbies(tx, now);
    if (await openGameByCode(tx, game.code, now)) throw conflict(MSG.REMATCH_BOARD_BUSY);
    await assertMayOpenLobby(tx, userId, ip?.slice(0, 64));
    const [opened] = await tx
      .insert(games)
      .values({
        code: game.code,
        startingFundsPaise: game.startingFundsPaise,
        paydayIncrementPaise: game.paydayIncrementPaise,
        tradePhaseDuration: game.tradePhaseDuration,
        createdBy: userId,
        createdIp: ip?.slice(0, 64),
        createdAt: now,
      })
      .returning();
    const rematch = expectRow(opened, 'games: rematch');
    await tx.insert(boardJoins).values({ gameId: rematch.id, userId, joinedAt: now });
    const [seat] = await tx
      .insert(players)
      .values({ gameId: rematch.id, userId, role: player.role, avatarId: player.avatarId })
      .returning();
    await tx.update(games).set({ rematchGameId: rematch.id }).where(eq(games.id, gameId));
    told = { seq: await nextSeq(tx, gameId), code: game.code, rematchId: rematch.id };
    return {
      data: {
        game_id: rematch.id,
        board_code: rematch.code,
        broker_exists: true,
        role: player.role,
        player_id: expectRow(seat, 'players: rematch broker').id,
        game_status: rematch.status,
      },
      message: MSG.REMATCH_OPENED,
    };
  }).catch((err: unknown) => {
    // Someone opened a game on the board meanwhile (a join that raced this call).
    if (isUniqueViolation(err) && pgConstraint(err) === 'games_open_code_uq') {
      throw conflict(MSG.REMATCH_BOARD_BUSY);
    }
    throw err;
  });
  if (told) {
    const { seq, code, rematchId } = told;
    ctx.publisher.game(gameId, 'game:rematch', {
      seq,
      game_id: gameId,
      rematch_game_id: rematchId,
      board_code: code,
    });
    ctx.publisher.boardOpened(code, rematchId);
  }
  return result;
}

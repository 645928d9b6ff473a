/**
 * Pausing a trade phase (docs/rules.md). A paused phase keeps its orderbook on, its end
 * cleared and what was left of it stored (`phase_remaining_ms`), all in the game row: the
 * sweep skips it (it never ends by time), a restarted server keeps it, and orders are refused
 * with TRADE_PHASE_PAUSED by the order's SQL function. Resuming sets the end to now plus what
 * was left and schedules it as a newly opened phase.
 */
import { eq } from 'drizzle-orm';
import type { PhasePauseData } from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { expectRow } from '../db/rows.ts';
import { games } from '../db/schema.ts';
import type { GameRow } from './access.ts';
import { runGameCommand } from './command.ts';
import { conflict } from './errors.ts';
import type { PhaseHooks } from './flow-service.ts';
import { pausedRemainingS, phaseOpen } from './projections.ts';
import type { ServiceResult } from './service-result.ts';

const RUNNING = [GAME_STATUS.RUNNING] as const;

function pauseView(game: GameRow): PhasePauseData {
  return {
    orderbook_status: game.orderbookStatus === 1 ? 1 : 0,
    ends_at: game.orderbookStatus === 1 && game.phaseEndsAt ? game.phaseEndsAt.toISOString() : null,
    paused_remaining_s: pausedRemainingS(game),
  };
}

const isPaused = (game: GameRow) => game.orderbookStatus === 1 && game.phaseRemainingMs !== null;

/** The broker's command on the running game's phase; a no-op numbers nothing. */
const brokerOnPhase = (gameId: number, userId: number) =>
  ({ gameId, userId, seat: 'broker', status: RUNNING, seq: 'on-demand' }) as const;

/** Writes the phase's clock (its end, or what is left of it) and answers the phase's view. */
async function setPhaseClock(
  tx: Tx,
  gameId: number,
  clock: { phaseEndsAt: Date | null; phaseRemainingMs: number | null },
): Promise<PhasePauseData> {
  const [row] = await tx.update(games).set(clock).where(eq(games.id, gameId)).returning();
  return pauseView(expectRow(row, 'games: phase clock'));
}

/** Stops the open phase's clock (the broker); pausing a paused phase changes nothing. */
export async function pausePhase(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<PhasePauseData>> {
  return runGameCommand(ctx, brokerOnPhase(gameId, userId), async ({ tx, game, seq, publish }) => {
    if (isPaused(game)) return { data: pauseView(game), message: MSG.PHASE_PAUSED };
    const now = ctx.clock.now();
    if (!phaseOpen(game, now) || !game.phaseEndsAt) throw conflict(MSG.TRADE_PHASE_OFF);
    const remainingMs = game.phaseEndsAt.getTime() - now.getTime();
    const taken = await seq();
    const data = await setPhaseClock(tx, gameId, {
      phaseEndsAt: null,
      phaseRemainingMs: remainingMs,
    });
    publish((p) =>
      p.game(gameId, 'phase:paused', {
        seq: taken,
        game_id: gameId,
        remaining_s: data.paused_remaining_s ?? 0,
      }),
    );
    return { data, message: MSG.PHASE_PAUSED };
  });
}

/** Runs the paused phase again until now plus what was left (the broker). */
export async function resumePhase(
  ctx: AppContext,
  hooks: PhaseHooks,
  userId: number,
  gameId: number,
): Promise<ServiceResult<PhasePauseData>> {
  return runGameCommand(ctx, brokerOnPhase(gameId, userId), async ({ tx, game, seq, publish }) => {
    const now = ctx.clock.now();
    if (!isPaused(game)) {
      // A resume repeated after it took effect answers the running phase.
      if (phaseOpen(game, now)) return { data: pauseView(game), message: MSG.PHASE_RESUMED };
      throw conflict(MSG.PHASE_NOT_PAUSED);
    }
    const endsAt = new Date(now.getTime() + (game.phaseRemainingMs ?? 0));
    const taken = await seq();
    const data = await setPhaseClock(tx, gameId, { phaseEndsAt: endsAt, phaseRemainingMs: null });
    publish((p) => {
      p.game(gameId, 'phase:resumed', {
        seq: taken,
        game_id: gameId,
        ends_at: endsAt.toISOString(),
      });
      hooks.onPhaseStarted(gameId, endsAt);
    });
    return { data, message: MSG.PHASE_RESUMED };
  });
}

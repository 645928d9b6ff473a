/**
 * Server-owned trade phases (docs/rules.md): a phase ends at its `ends_at` whether or not any
 * device is connected. Each node keeps a precise timer for the phases it knows of and sweeps the
 * database every second for the rest (phases another node started, or that a crashed node
 * left behind). Ending is a game command that re-checks the phase under the game's lock, so
 * exactly one node announces each end.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { games } from '../db/schema.ts';
import { endExpiredPhases, type PhaseHooks } from '../games/flow-service.ts';

const SWEEP_MS = 1000;
/** setTimeout's limit; longer waits are left to the sweep. */
const MAX_TIMER_MS = 2_147_483_647;

export interface PhaseScheduler extends PhaseHooks {
  start(): Promise<void>;
  stop(): void;
  /** Ends what is due now; returns the ids of the games whose phase it ended. */
  sweep(): Promise<number[]>;
  /** Keeps a timer for a phase another node started. */
  scheduleLocal(gameId: number, endsAt: Date): void;
}

export function createPhaseScheduler(
  ctx: AppContext,
  options: { broadcastScheduled?: (gameId: number, endsAt: Date) => void } = {},
): PhaseScheduler {
  const timers = new Map<number, NodeJS.Timeout>();
  let interval: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<number[]> | undefined;

  const sweep = (): Promise<number[]> => {
    // One sweep at a time per node; callers during a sweep share its result.
    running ??= endExpiredPhases(ctx)
      .catch((err: unknown) => {
        if (!stopped) ctx.logger.error({ err }, 'phase sweep failed');
        return [];
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const scheduleLocal = (gameId: number, endsAt: Date) => {
    if (stopped) return;
    clearTimeout(timers.get(gameId));
    const delay = Math.max(0, endsAt.getTime() - ctx.clock.now().getTime());
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      timers.delete(gameId);
      void sweep();
    }, delay);
    timer.unref();
    timers.set(gameId, timer);
  };

  return {
    async start() {
      await sweep();
      const open = await ctx.db
        .select({ id: games.id, endsAt: games.phaseEndsAt })
        .from(games)
        .where(and(eq(games.orderbookStatus, 1), isNotNull(games.phaseEndsAt)));
      for (const g of open) if (g.endsAt) scheduleLocal(g.id, g.endsAt);
      interval = setInterval(() => void sweep(), SWEEP_MS);
      interval.unref();
    },
    stop() {
      stopped = true;
      clearInterval(interval);
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
    sweep,
    onPhaseStarted(gameId, endsAt) {
      scheduleLocal(gameId, endsAt);
      options.broadcastScheduled?.(gameId, endsAt);
    },
    scheduleLocal,
  };
}

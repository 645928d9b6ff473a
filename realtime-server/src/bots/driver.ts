/**
 * The bot driver: plays the bots of every practice game, on every node, each game on exactly one
 * node at a time. Like the phase sweep, no node owns a game: every node looks every TICK_MS for
 * practice games that are due (`next_at`) and claims them with a lease in the database (a row
 * lock taken with FOR UPDATE SKIP LOCKED, then `lease_holder` and `lease_until` written), so
 * two nodes never claim the same game; the holder plays one look of the game's bots (turns.ts),
 * then writes where the game stands and when it is due again, and gives the lease back. A node
 * that dies holding a lease leaves it to expire; another node then continues the game. The bots'
 * choices are seeded by the game's seed and how often it was driven (stored with the game), so
 * whichever node plays a look plays it alike.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, lt, or, sql } from 'drizzle-orm';
import { GAME_STATUS, PRACTICE_IDLE_SECONDS } from '@showdown/shared/constants';
import type { AppContext } from '../context.ts';
import { dbClient } from '../db/fair-queue.ts';
import { practiceGames } from '../db/schema.ts';
import { findGame } from '../games/access.ts';
import * as flow from '../games/flow-service.ts';
import { BotActions, brokerTurn, investorsTurn, type TurnState } from './turns.ts';

/** How often a node looks for due games, and how often a running game's bots look. */
export const TICK_MS = 1000;
/** How long a claim holds a game: far beyond one look, so only a dead node's lease expires. */
export const LEASE_MS = 15_000;
/** Games one node claims at a time, and plays at once. */
const BATCH = 32;
const PARALLEL = 4;

type PracticeRow = typeof practiceGames.$inferSelect;

export interface BotDriver {
  /** This node's name in the leases it holds. */
  readonly nodeId: string;
  /** Looks every TICK_MS from now on. */
  start(): void;
  /** Stops looking; resolves once a look in progress has finished. */
  stop(): Promise<void>;
  /** One look: claims the due games and plays them; the number played. */
  tick(): Promise<number>;
}

interface LookOutcome {
  step: number;
  stepAt: Date;
  nextAt: Date;
  seenSeq: number;
  activeAt: Date;
  refusals: number;
  done: boolean;
}

/** Claims up to BATCH due games whose lease is free or expired. */
async function claimDue(ctx: AppContext, nodeId: string, now: Date): Promise<PracticeRow[]> {
  const due = ctx.db
    .select({ gameId: practiceGames.gameId })
    .from(practiceGames)
    .where(
      and(
        eq(practiceGames.done, false),
        lte(practiceGames.nextAt, now),
        or(isNull(practiceGames.leaseUntil), lt(practiceGames.leaseUntil, now)),
      ),
    )
    .orderBy(asc(practiceGames.nextAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(practiceGames)
    .set({ leaseHolder: nodeId, leaseUntil: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(practiceGames.gameId, due))
    .returning();
}

/** Writes the look's outcome and gives the lease back; false when the lease was lost meanwhile. */
async function release(ctx: AppContext, nodeId: string, row: PracticeRow, outcome: LookOutcome) {
  const updated = await ctx.db
    .update(practiceGames)
    .set({
      step: outcome.step,
      stepAt: outcome.stepAt,
      ticks: row.ticks + 1,
      nextAt: outcome.nextAt,
      seenSeq: outcome.seenSeq,
      activeAt: outcome.activeAt,
      refusals: sql`${practiceGames.refusals} + ${outcome.refusals}`,
      done: outcome.done,
      leaseHolder: null,
      leaseUntil: null,
    })
    .where(and(eq(practiceGames.gameId, row.gameId), eq(practiceGames.leaseHolder, nodeId)))
    .returning({ gameId: practiceGames.gameId });
  return updated.length > 0;
}

/** One look at one game: the idle clock, the bot broker's step, the bot investors' turn. */
async function look(
  ctx: AppContext,
  hooks: flow.PhaseHooks,
  row: PracticeRow,
  now: Date,
): Promise<LookOutcome> {
  const game = await findGame(ctx.db, row.gameId);
  const unchanged = {
    step: row.step,
    stepAt: row.stepAt,
    nextAt: new Date(now.getTime() + TICK_MS),
    seenSeq: row.seenSeq,
    activeAt: row.activeAt,
    refusals: 0,
    done: false,
  };
  if (!game || game.status === GAME_STATUS.COMPLETED) return { ...unchanged, done: true };
  if (game.seq !== row.seenSeq) {
    Object.assign(unchanged, { seenSeq: game.seq, activeAt: now });
  } else if (now.getTime() - row.activeAt.getTime() >= PRACTICE_IDLE_SECONDS * 1000) {
    // Nothing happened for two hours: the game ends itself.
    await flow.endGameBySystem(ctx, game.id).catch(() => undefined);
    return { ...unchanged, done: true };
  }
  const actions = new BotActions(ctx, hooks, game.id);
  const state: TurnState = row;
  const broker = row.mode === 'broker' ? state : await brokerTurn(actions, state, game, now);
  await investorsTurn(actions, state, game, now);
  return { ...unchanged, step: broker.step, stepAt: broker.stepAt, refusals: actions.refusals };
}

export function createBotDriver(
  ctx: AppContext,
  hooks: flow.PhaseHooks,
  options: { nodeId?: string } = {},
): BotDriver {
  const nodeId = options.nodeId ?? randomUUID();
  let interval: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const drive = async (row: PracticeRow) => {
    const now = ctx.clock.now();
    let outcome: LookOutcome;
    try {
      // The database queue takes each game's bots in turn with every person's requests.
      outcome = await dbClient.run({ key: `practice:${row.gameId}`, gone: () => false }, () =>
        look(ctx, hooks, row, now),
      );
    } catch (err) {
      ctx.logger.error({ err, gameId: row.gameId }, 'a practice game look failed');
      outcome = {
        ...row,
        nextAt: new Date(now.getTime() + TICK_MS),
        refusals: 0,
      };
    }
    ctx.metrics.botLooks.inc();
    if (!(await release(ctx, nodeId, row, outcome))) {
      ctx.logger.warn({ gameId: row.gameId }, 'a practice game lease expired during its look');
    }
  };

  const lookOnce = async (): Promise<number> => {
    const now = ctx.clock.now();
    const claimed = await claimDue(ctx, nodeId, now);
    for (let i = 0; i < claimed.length; i += PARALLEL) {
      await Promise.all(claimed.slice(i, i + PARALLEL).map((row) => drive(row)));
    }
    return claimed.length;
  };

  const tick = (): Promise<number> => {
    // One look at a time per node; a caller during a look shares its result.
    running ??= lookOnce()
      .catch((err: unknown) => {
        ctx.logger.error({ err }, 'the bot driver failed to claim games');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    nodeId,
    start() {
      if (interval) return;
      interval = setInterval(() => void tick(), TICK_MS);
      interval.unref();
    },
    async stop() {
      clearInterval(interval);
      interval = undefined;
      await running;
    },
    tick,
  };
}

/**
 * One look of a practice game's bots: the bot broker's next step of its script (when one is due)
 * and, while a trade phase is open, each bot investor's order or mayhem answer. Every action is
 * the command a phone would send (realtime/socket-commands.ts: the same schema, service, seat
 * check and refusals) or the broker's start and end (the same services as their routes).
 */
import { eq } from 'drizzle-orm';
import { GAME_STATUS, type BotStrategy } from '@showdown/shared/constants';
import { isTradePhaseOpen } from '@showdown/shared/phase';
import type { AppContext } from '../context.ts';
import { botSeats } from '../db/schema.ts';
import { readSnapshot } from '../db/transaction.ts';
import type { GameRow } from '../games/access.ts';
import { DomainError } from '../games/errors.ts';
import * as flow from '../games/flow-service.ts';
import { AppError } from '../http/errors.ts';
import { runCommand } from '../realtime/socket-commands.ts';
import {
  BROKER_PACE_MS,
  brokerScript,
  chooseMayhemList,
  choosePriceMove,
  type BrokerStep,
} from './broker-script.ts';
import {
  countPriceUpdates,
  readBotSeats,
  readBotSight,
  readOpenMayhem,
  readPrices,
  type BotSeatView,
  type BotSight,
} from './bot-view.ts';
import { seededRandom } from './random.ts';
import { STRATEGY_TRAITS, chooseMayhemAnswer, chooseOrder } from './strategies.ts';

/** A bot never starts an order this close to the phase's end: it would arrive after it. */
export const PHASE_END_MARGIN_MS = 2000;
/** Seeds the bot broker's draws apart from the investors' (which use their slots, from 0). */
const BROKER_STREAM = 0x62726f6b;

/** The practice row fields a turn reads. */
export interface TurnState {
  gameId: number;
  seed: number;
  rounds: number;
  step: number;
  stepAt: Date;
  ticks: number;
}

/** Runs the bots' commands, counting (and logging) the refused ones. */
export class BotActions {
  refusals = 0;
  constructor(
    readonly ctx: AppContext,
    readonly hooks: flow.PhaseHooks,
    readonly gameId: number,
  ) {}

  async run<T>(what: string, command: () => Promise<T>): Promise<T | undefined> {
    try {
      const done = await command();
      this.ctx.metrics.botCommands.inc({ outcome: 'done' });
      return done;
    } catch (err) {
      if (!(err instanceof DomainError || err instanceof AppError)) throw err;
      this.refusals += 1;
      this.ctx.metrics.botCommands.inc({ outcome: 'refused' });
      this.ctx.logger.warn(
        { gameId: this.gameId, command: what, code: err.code, refusal: err.message },
        'a bot command was refused',
      );
      return undefined;
    }
  }
}

/** Does the broker's step if it is due: the step after it and when that one is due. */
export async function brokerTurn(
  actions: BotActions,
  state: TurnState,
  game: GameRow,
  now: Date,
): Promise<{ step: number; stepAt: Date }> {
  const step = brokerScript(state.rounds)[state.step];
  if (!step || now < state.stepAt) return { step: state.step, stepAt: state.stepAt };
  const [broker] = (await readBotSeats(actions.ctx.db, game.id)).filter(
    (s) => s.strategy === 'broker',
  );
  if (!broker) return { step: state.step, stepAt: state.stepAt };
  const done = await brokerStep(actions, state, game, step, broker.userId, now);
  return done
    ? { step: state.step + 1, stepAt: new Date(now.getTime() + BROKER_PACE_MS) }
    : { step: state.step, stepAt: state.stepAt };
}

/**
 * One step of the script, each only if the game still needs it (a step done before a node died,
 * and done again by the next, changes nothing): true once the step is done.
 */
async function brokerStep(
  actions: BotActions,
  state: TurnState,
  game: GameRow,
  step: BrokerStep,
  brokerId: number,
  now: Date,
): Promise<boolean> {
  const { ctx, hooks } = actions;
  const gameId = game.id;
  const random = seededRandom(state.seed, state.step, BROKER_STREAM);
  const phaseOpen = isTradePhaseOpen(
    { orderbookStatus: game.orderbookStatus, endsAt: game.phaseEndsAt },
    now.getTime(),
  );
  switch (step.kind) {
    case 'start':
      if (game.status === GAME_STATUS.LOBBY) {
        await actions.run('start', () => flow.startGame(ctx, brokerId, gameId));
      }
      return true;
    case 'price': {
      // Moves made beyond those scheduled before this step: this step's move is made.
      if ((await countPriceUpdates(ctx.db, gameId)) > priceMovesBefore(state.rounds, state.step)) {
        return true;
      }
      const move = choosePriceMove(await readPrices(ctx.db, gameId), random);
      await actions.run('price:update', () =>
        runCommand(ctx, hooks, brokerId, 'price:update', { game_id: gameId, ...move }),
      );
      return true;
    }
    case 'mayhem': {
      if (await readOpenMayhem(ctx.db, gameId)) return true;
      const list = chooseMayhemList([...(await readPrices(ctx.db, gameId)).keys()], random);
      await actions.run('mayhem:create', () =>
        runCommand(ctx, hooks, brokerId, 'mayhem:create', { game_id: gameId, ...list }),
      );
      return true;
    }
    case 'open':
      if (!phaseOpen) {
        await actions.run('orderbook:update', () =>
          runCommand(ctx, hooks, brokerId, 'orderbook:update', {
            game_id: gameId,
            orderbook_status: 1,
          }),
        );
      }
      return true;
    case 'wait':
      // The phase ends by itself (the phase sweep): the broker waits for it.
      return game.orderbookStatus === 0;
    case 'average': {
      const open = await readOpenMayhem(ctx.db, gameId);
      if (open) {
        await actions.run('mayhem:average', () =>
          runCommand(ctx, hooks, brokerId, 'mayhem:average', { mayhem_id: open.id }),
        );
      }
      return true;
    }
    case 'payday':
      if (game.paydaysGiven < step.round) {
        await actions.run('payday:give', () =>
          runCommand(ctx, hooks, brokerId, 'payday:give', { game_id: gameId }),
        );
      }
      return true;
    case 'end':
      if (game.status !== GAME_STATUS.COMPLETED) {
        await actions.run('end', () => flow.endGame(ctx, brokerId, gameId));
      }
      return true;
  }
}

/** The broker's price moves the script makes before step `index`. */
export function priceMovesBefore(rounds: number, index: number): number {
  return brokerScript(rounds)
    .slice(0, index)
    .filter((s) => s.kind === 'price').length;
}

/**
 * While a trade phase is open (and not about to end), each bot investor may place an order by its
 * strategy, or first answer the open mayhem list; never outside a phase.
 */
export async function investorsTurn(
  actions: BotActions,
  state: TurnState,
  game: GameRow,
  now: Date,
): Promise<void> {
  const endsAt = game.phaseEndsAt;
  const open = isTradePhaseOpen(
    { orderbookStatus: game.orderbookStatus, endsAt },
    now.getTime() + PHASE_END_MARGIN_MS,
  );
  if (!open || !endsAt || game.status !== GAME_STATUS.RUNNING) return;
  const sight = await readSnapshot(actions.ctx.db, (tx) => readBotSight(tx, game.id));
  for (const seat of sight.seats) {
    if (seat.strategy === 'broker') continue;
    await investorLook(actions, state, sight, seat, seat.strategy, endsAt);
  }
}

async function investorLook(
  actions: BotActions,
  state: TurnState,
  sight: BotSight,
  seat: BotSeatView,
  strategy: BotStrategy,
  endsAt: Date,
): Promise<void> {
  const { ctx, hooks, gameId } = actions;
  const random = seededRandom(state.seed, state.ticks, seat.slot);
  const mayhem = sight.mayhem;
  if (mayhem && !mayhem.responders.has(seat.playerId)) {
    const answer = chooseMayhemAnswer(strategy, mayhem, seat.purse, random);
    if (answer) {
      await actions.run('mayhem:respond', () =>
        runCommand(ctx, hooks, seat.userId, 'mayhem:respond', { mayhem_id: mayhem.id, ...answer }),
      );
      return;
    }
  }
  const samePhase = seat.phaseEndsAt?.getTime() === endsAt.getTime();
  const placed = samePhase ? seat.phaseOrders : 0;
  if (placed >= STRATEGY_TRAITS[strategy].ordersPerPhase) return;
  const order = chooseOrder(strategy, sight.market, seat.purse, random);
  if (!order) return;
  const done = await actions.run('order:place', () =>
    runCommand(ctx, hooks, seat.userId, 'order:place', { game_id: gameId, ...order }),
  );
  if (!done) return;
  await ctx.db
    .update(botSeats)
    .set({ phaseEndsAt: endsAt, phaseOrders: placed + 1 })
    .where(eq(botSeats.playerId, seat.playerId));
}

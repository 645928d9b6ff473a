/**
 * The game's commands, each one whole rule over the facts it needs (docs/rules.md): an order, a
 * price update, a payday, averaging a market mayhem list, and undoing the last of the broker's
 * moves. Each takes the facts and the command and answers the new facts or the refusal, checking
 * in the order the server does (realtime-server/sql/functions/ and the game services), so a
 * screen's preview says what the server will answer. realtime-server/test/rules-parity.test.ts
 * runs the SQL functions and these on the same random commands and compares every answer.
 */
import {
  GAME_STATUS,
  ORDERBOOK,
  PAYDAYS_PER_GAME,
  PRICE_CAP_PAISE,
  UNDO_WINDOW_SECONDS,
} from './constants.ts';
import { averageMayhem, type MayhemPick } from './mayhem.ts';
import { applyPercentChange, exceedsPriceCap } from './pricing.ts';
import type { RefusalCode } from './refusals.ts';
import { isBrokerRole, isInvestorRole } from './roles.ts';
import { buy, sell, type Holding } from './trading.ts';

/** A player's seat: role, cash, what they were given (start and paydays), holdings by company. */
export interface SeatFacts {
  role: number;
  cashPaise: number;
  contributedPaise: number;
  holdings: Readonly<Record<number, Holding>>;
}

/** The broker's last price update, payday or averaged mayhem list, as its undo needs it. */
export interface UndoableAction {
  kind: 'price' | 'payday' | 'mayhem';
  atMs: number;
  /** Each company it moved: the price before and after. */
  prices: ReadonlyArray<{ stockId: number; previousPaise: number; pricePaise: number }>;
  /** A payday's amount and the user ids of the seats it credited. */
  amountPaise: number;
  credited: readonly number[];
  /** An order came after it: the action is final. */
  orderSince: boolean;
  undone: boolean;
}

/** What an order answers: the game's prices and phase, and the investor's portfolio. */
export interface PortfolioFacts {
  prices: ReadonlyArray<{ stockId: number; pricePaise: number }>;
  orderbookStatus: number;
  phaseEndsAtMs: number | null;
  cashPaise: number;
  contributedPaise: number;
  holdings: ReadonlyArray<{ stockId: number; quantity: number; investedPaise: number }>;
}

/** An order's body: what an Idempotency-Key is bound to besides its game. */
export interface OrderBody {
  stockId: number;
  side: 'buy' | 'sell';
  quantity: number;
}

/** An Idempotency-Key's first use: its game, the order it carried and the answer given. */
export interface KeyUse {
  gameId: number;
  order: OrderBody;
  answer: PortfolioFacts;
}

/** Everything the commands read and write of one game. */
export interface GameFacts {
  gameId: number;
  status: number;
  orderbookStatus: number;
  phaseEndsAtMs: number | null;
  /** Set while the broker has paused the trade phase: what was left of it. */
  phaseRemainingMs: number | null;
  paydaysGiven: number;
  paydayPaise: number;
  /** Price of each company of the game, by stock id. */
  prices: Readonly<Record<number, number>>;
  /** Every seat, by user id. */
  seats: Readonly<Record<number, SeatFacts>>;
  /** The keys the players used, by `keyOf(userId, key)` (a key belongs to a user, any game). */
  keys: Readonly<Record<string, KeyUse>>;
  lastAction: UndoableAction | null;
}

/** The new facts and the command's answer, or the refusal (the code the server answers). */
export type RuleResult<A> =
  { ok: true; facts: GameFacts; answer: A } | { ok: false; refusal: RefusalCode };

/** Who asks, in which game, when. */
export interface Caller {
  userId: number;
  gameId: number;
  nowMs: number;
}

const refused = (refusal: RefusalCode) => ({ ok: false as const, refusal });

/** The key under which `keys` holds a user's Idempotency-Key. */
export function keyOf(userId: number, key: string): string {
  return `${userId}:${key}`;
}

/**
 * The caller's seat for a command of `need`'s role in a running game, or the refusal, in the
 * server's order: not seated, game completed, wrong role, game not running.
 */
export function seatRefusal(
  facts: GameFacts,
  userId: number,
  need: 'broker' | 'investor',
): RefusalCode | null {
  const seat = facts.seats[userId];
  if (!seat) return 'NOT_IN_GAME';
  if (facts.status === GAME_STATUS.COMPLETED) return 'GAME_COMPLETED';
  if (need === 'broker' && !isBrokerRole(seat.role)) return 'BROKER_ONLY';
  if (need === 'investor' && !isInvestorRole(seat.role)) return 'INVESTOR_ONLY';
  if (facts.status !== GAME_STATUS.RUNNING) {
    return facts.status === GAME_STATUS.LOBBY ? 'GAME_NOT_RUNNING' : 'GAME_NOT_IN_LOBBY';
  }
  return null;
}

/** The refusal of a command on the game `caller` names, before anything else is looked at. */
function callerRefusal(
  facts: GameFacts,
  caller: Caller,
  need: 'broker' | 'investor',
): RefusalCode | null {
  if (caller.gameId !== facts.gameId) return 'GAME_NOT_FOUND';
  return seatRefusal(facts, caller.userId, need);
}

/** The answer an order gives: the market's facts and the seat's portfolio, by stock id. */
export function portfolioFacts(facts: GameFacts, seat: SeatFacts): PortfolioFacts {
  const byId = <T>(record: Readonly<Record<number, T>>) =>
    Object.entries(record)
      .map(([id, value]) => [Number(id), value] as const)
      .sort(([a], [b]) => a - b);
  return {
    prices: byId(facts.prices).map(([stockId, pricePaise]) => ({ stockId, pricePaise })),
    orderbookStatus: facts.orderbookStatus,
    phaseEndsAtMs: facts.phaseEndsAtMs,
    cashPaise: seat.cashPaise,
    contributedPaise: seat.contributedPaise,
    holdings: byId(seat.holdings).map(([stockId, h]) => ({ stockId, ...h })),
  };
}

/** Whether the trade phase is open at `nowMs`: the orderbook is on and its end still ahead. */
function phaseOpen(facts: GameFacts, nowMs: number): boolean {
  return (
    facts.orderbookStatus === ORDERBOOK.ON &&
    facts.phaseEndsAtMs !== null &&
    facts.phaseEndsAtMs > nowMs
  );
}

const sameOrder = (a: OrderBody, b: OrderBody) =>
  a.stockId === b.stockId && a.side === b.side && a.quantity === b.quantity;

/** An order with its Idempotency-Key (none: `key` null). */
export interface PlaceOrder extends Caller, OrderBody {
  key: string | null;
}

/**
 * An investor's order at the current price while the trade phase is on. A key used before
 * answers its first answer again (`replayed`), or is refused when it was used in another game or
 * for another order; a refused order leaves the key unused.
 */
export function placeOrder(
  facts: GameFacts,
  order: PlaceOrder,
): RuleResult<{ replayed: boolean; facts: PortfolioFacts }> {
  const body: OrderBody = { stockId: order.stockId, side: order.side, quantity: order.quantity };
  const used = order.key === null ? undefined : facts.keys[keyOf(order.userId, order.key)];
  if (used) {
    if (used.gameId !== order.gameId) return refused('IDEMPOTENCY_KEY_REUSED');
    if (!sameOrder(used.order, body)) return refused('IDEMPOTENCY_KEY_MISMATCH');
    return { ok: true, facts, answer: { replayed: true, facts: used.answer } };
  }
  const refusal = callerRefusal(facts, order, 'investor');
  if (refusal) return refused(refusal);
  if (facts.phaseRemainingMs !== null) return refused('TRADE_PHASE_PAUSED');
  if (!phaseOpen(facts, order.nowMs)) return refused('TRADE_PHASE_OFF');
  const price = facts.prices[order.stockId];
  if (price === undefined) return refused('STOCK_NOT_FOUND');
  const seat = facts.seats[order.userId]!;
  const held = seat.holdings[order.stockId] ?? { quantity: 0, investedPaise: 0 };
  const trade = (order.side === 'buy' ? buy : sell)(seat.cashPaise, held, price, order.quantity);
  if (!trade.ok) return refused(trade.error);
  const after: SeatFacts = {
    ...seat,
    cashPaise: trade.cashPaise,
    holdings: { ...seat.holdings, [order.stockId]: trade.holding },
  };
  const answer = portfolioFacts(facts, after);
  const keys =
    order.key === null
      ? facts.keys
      : {
          ...facts.keys,
          [keyOf(order.userId, order.key)]: { gameId: order.gameId, order: body, answer },
        };
  const lastAction = facts.lastAction && { ...facts.lastAction, orderSince: true };
  return {
    ok: true,
    facts: { ...facts, seats: { ...facts.seats, [order.userId]: after }, keys, lastAction },
    answer: { replayed: false, facts: answer },
  };
}

/** A broker's price update: one company by a whole percentage (signed). */
export interface MovePrice extends Caller {
  stockId: number;
  percent: number;
}

/**
 * The broker moves one company's price by a whole percentage: rounded half up to the paisa,
 * never below the floor, refused past the cap. Paused or not, the broker may move prices.
 */
export function movePrice(
  facts: GameFacts,
  move: MovePrice,
): RuleResult<{ previousPaise: number; pricePaise: number }> {
  const refusal = callerRefusal(facts, move, 'broker');
  if (refusal) return refused(refusal);
  const previousPaise = facts.prices[move.stockId];
  if (previousPaise === undefined) return refused('STOCK_NOT_FOUND');
  const pricePaise = applyPercentChange(previousPaise, move.percent);
  if (exceedsPriceCap(pricePaise)) return refused('PRICE_CAP');
  const lastAction: UndoableAction = {
    kind: 'price',
    atMs: move.nowMs,
    prices: [{ stockId: move.stockId, previousPaise, pricePaise }],
    amountPaise: 0,
    credited: [],
    orderSince: false,
    undone: false,
  };
  return {
    ok: true,
    facts: { ...facts, prices: { ...facts.prices, [move.stockId]: pricePaise }, lastAction },
    answer: { previousPaise, pricePaise },
  };
}

/**
 * The broker's payday: every investor seat ('investor' and 'both') is credited the game's payday
 * amount, at most `perGame` times a game.
 */
export function givePayday(
  facts: GameFacts,
  caller: Caller,
  perGame = PAYDAYS_PER_GAME,
): RuleResult<{ paydaysGiven: number; amountPaise: number; credited: number[] }> {
  const refusal = callerRefusal(facts, caller, 'broker');
  if (refusal) return refused(refusal);
  if (facts.paydaysGiven >= perGame) return refused('PAYDAY_LIMIT');
  const amountPaise = facts.paydayPaise;
  const seats = { ...facts.seats };
  const credited: number[] = [];
  for (const [id, seat] of Object.entries(facts.seats)) {
    if (!isInvestorRole(seat.role)) continue;
    credited.push(Number(id));
    seats[Number(id)] = {
      ...seat,
      cashPaise: seat.cashPaise + amountPaise,
      contributedPaise: seat.contributedPaise + amountPaise,
    };
  }
  const paydaysGiven = facts.paydaysGiven + 1;
  const lastAction: UndoableAction = {
    kind: 'payday',
    atMs: caller.nowMs,
    prices: [],
    amountPaise,
    credited,
    orderSince: false,
    undone: false,
  };
  return {
    ok: true,
    facts: { ...facts, seats, paydaysGiven, lastAction },
    answer: { paydaysGiven, amountPaise, credited },
  };
}

/** The broker averages the open mayhem list: the investors' answers, in the order given. */
export interface ApplyMayhem extends Caller {
  responses: ReadonlyArray<readonly MayhemPick[]>;
}

/** One company a mayhem list moved. */
export interface MayhemMove {
  stockId: number;
  previousPaise: number;
  pricePaise: number;
  /** The mean percentage, to two decimals (what the history shows). */
  percentage: number;
}

/**
 * Market mayhem averaged: each company an investor picked moves by the exact mean of the
 * percentages it was given, rounded half up to the paisa, never below the floor, and stopped at
 * the cap (where a price update is refused instead). Companies nobody picked keep their price.
 */
export function applyMayhem(
  facts: GameFacts,
  command: ApplyMayhem,
): RuleResult<{ moves: MayhemMove[] }> {
  const refusal = callerRefusal(facts, command, 'broker');
  if (refusal) return refused(refusal);
  const prices = { ...facts.prices };
  const moves: MayhemMove[] = [];
  for (const average of averageMayhem(command.responses)) {
    const previousPaise = prices[average.stock_id];
    if (previousPaise === undefined) continue;
    const moved = applyPercentChange(previousPaise, average.sum, average.count);
    const pricePaise = exceedsPriceCap(moved) ? PRICE_CAP_PAISE : moved;
    prices[average.stock_id] = pricePaise;
    moves.push({
      stockId: average.stock_id,
      previousPaise,
      pricePaise,
      percentage: average.percentage,
    });
  }
  const lastAction: UndoableAction | null =
    moves.length === 0
      ? facts.lastAction
      : {
          kind: 'mayhem',
          atMs: command.nowMs,
          prices: moves.map(({ stockId, previousPaise, pricePaise }) => ({
            stockId,
            previousPaise,
            pricePaise,
          })),
          amountPaise: 0,
          credited: [],
          orderSince: false,
          undone: false,
        };
  return { ok: true, facts: { ...facts, prices, lastAction }, answer: { moves } };
}

/**
 * Why the last action cannot be undone at `nowMs`, or null when it can: there is none (or it is
 * undone), it is older than the undo window, or an order came after it.
 */
export function undoRefusal(
  action: Pick<UndoableAction, 'atMs' | 'undone' | 'orderSince'> | null,
  nowMs: number,
): RefusalCode | null {
  if (!action || action.undone) return 'UNDO_NOTHING';
  if (nowMs - action.atMs > UNDO_WINDOW_SECONDS * 1000) return 'UNDO_TOO_LATE';
  if (action.orderSince) return 'UNDO_ORDER_PLACED';
  return null;
}

/**
 * The broker's undo of the last price update, payday or averaged mayhem list: each company back
 * at its price before it, or the payday taken back from every seat it credited (and one payday
 * fewer given).
 */
export function undo(facts: GameFacts, caller: Caller): RuleResult<UndoableAction> {
  const refusal =
    callerRefusal(facts, caller, 'broker') ?? undoRefusal(facts.lastAction, caller.nowMs);
  if (refusal) return refused(refusal);
  const action = facts.lastAction!;
  const prices = { ...facts.prices };
  for (const moved of action.prices) {
    // Only the action and its own reversal move prices while it is the game's last action.
    if (prices[moved.stockId] !== moved.pricePaise) return refused('UNDO_NOTHING');
    prices[moved.stockId] = moved.previousPaise;
  }
  const seats = { ...facts.seats };
  for (const id of action.credited) {
    const seat = seats[id];
    if (!seat) continue;
    seats[id] = {
      ...seat,
      cashPaise: seat.cashPaise - action.amountPaise,
      contributedPaise: seat.contributedPaise - action.amountPaise,
    };
  }
  const paydaysGiven = facts.paydaysGiven - (action.kind === 'payday' ? 1 : 0);
  return {
    ok: true,
    facts: { ...facts, prices, seats, paydaysGiven, lastAction: { ...action, undone: true } },
    answer: action,
  };
}

/** The ids of a preview's one game, seat and company. */
export const PREVIEW = { gameId: 0, userId: 0, stockId: 0, nowMs: 0 } as const;

/**
 * The facts a screen knows when it previews a command: one company's price and the caller's
 * seat, in a running game whose trade phase is on (the screen offers the command only then).
 */
export function previewFacts(seat: {
  role: number;
  pricePaise: number;
  cashPaise?: number;
  holding?: Holding;
}): GameFacts {
  return {
    gameId: PREVIEW.gameId,
    status: GAME_STATUS.RUNNING,
    orderbookStatus: ORDERBOOK.ON,
    phaseEndsAtMs: Number.MAX_SAFE_INTEGER,
    phaseRemainingMs: null,
    paydaysGiven: 0,
    paydayPaise: 0,
    prices: { [PREVIEW.stockId]: seat.pricePaise },
    seats: {
      [PREVIEW.userId]: {
        role: seat.role,
        cashPaise: seat.cashPaise ?? 0,
        contributedPaise: 0,
        holdings: seat.holding ? { [PREVIEW.stockId]: seat.holding } : {},
      },
    },
    keys: {},
    lastAction: null,
  };
}

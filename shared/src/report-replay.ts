/**
 * The replay behind the game report: the history is replayed in the order its entries were
 * written (their ids). Each price update, applied mayhem move and undone price takes its new
 * price from the game's price points (written in the same database transaction, so the n-th
 * point of a company with a cause belongs to the n-th entry of that company and kind); a trade,
 * a payday and an undone payday take their cash movements from the ledger entries that name
 * them. Every investor's net worth gets a point at every event, so the last point is the
 * leaderboard's figure to the paisa: the ledger sums to the cash, the trades sum to the
 * holdings, the last price points are the prices. Pure: no I/O.
 */
import type { GameReport, ReportEvent, ReportPlayer } from './api.ts';
import { companyById } from './catalogue.ts';
import { averageMayhem } from './mayhem.ts';
import { paiseToRupees } from './money.ts';
import { ReportHistoryError, requireValue, type ReportRows } from './report-rows.ts';
import { marketValuePaise } from './trading.ts';

type PricePoint = ReportRows['price_points'][number];
type HistoryEntry = ReportRows['transactions'][number];
type LedgerEntry = ReportRows['ledger'][number];
type Investor = ReportRows['players'][number];
type CompanyPrices = GameReport['companies'][number]['prices'];
type PriceMove = { stock_id: number; company: string; price_before: number; price_after: number };

export interface PlayerState {
  cash: number;
  holdings: Map<number, number>;
}

export interface TradeFact {
  player_id: number;
  transaction_id: number;
  stock_id: number;
  trade_type: 0 | 1;
  quantity: number;
  price_paise: number;
  at: string;
}

export const companyName = (stockId: number) => companyById(stockId)?.name ?? `Company ${stockId}`;

/** The companies' prices as the replay moves them, and each company's series of them. */
export class PriceBook {
  readonly prices = new Map<number, number>();
  readonly series = new Map<number, CompanyPrices>();
  /** The points of each company and cause not yet taken, oldest first. */
  private readonly queues = new Map<string, PricePoint[]>();

  constructor(points: readonly PricePoint[]) {
    for (const point of points) {
      if (point.cause === 'opening') {
        this.open(point);
        continue;
      }
      const key = `${point.stock_id}:${point.cause}`;
      const queue = this.queues.get(key) ?? [];
      queue.push(point);
      this.queues.set(key, queue);
    }
  }

  private open(point: PricePoint) {
    if (this.prices.has(point.stock_id)) return;
    this.prices.set(point.stock_id, point.price_paise);
    this.series.set(point.stock_id, [
      { event: 0, at: point.at, price: paiseToRupees(point.price_paise), cause: 'opening' },
    ]);
  }

  /** Moves a company to its next price point of `cause`, at the timeline's event `event`. */
  move(stockId: number, cause: 'update' | 'mayhem' | 'undo', event: number): PriceMove {
    const point = this.queues.get(`${stockId}:${cause}`)?.shift();
    if (!point) throw new ReportHistoryError(`no ${cause} price point for company ${stockId}`);
    const before = this.prices.get(stockId) ?? point.price_paise;
    this.prices.set(stockId, point.price_paise);
    const list = this.series.get(stockId) ?? [];
    list.push({ event, at: point.at, price: paiseToRupees(point.price_paise), cause });
    this.series.set(stockId, list);
    return {
      stock_id: stockId,
      company: companyName(stockId),
      price_before: paiseToRupees(before),
      price_after: paiseToRupees(point.price_paise),
    };
  }
}

/** Each investor's cash and holdings; a ledger entry counts with the history entry it names. */
export class Accounts {
  readonly states: Map<number, PlayerState>;
  private readonly pending = new Map<number, LedgerEntry[]>();

  constructor(investors: readonly Investor[], ledger: readonly LedgerEntry[]) {
    this.states = new Map(investors.map((p) => [p.player_id, { cash: 0, holdings: new Map() }]));
    for (const entry of ledger) {
      const state = this.states.get(entry.player_id);
      if (!state) {
        throw new ReportHistoryError(`ledger entry ${entry.id} of a player who is not an investor`);
      }
      if (entry.transaction_id === null) {
        // The starting funds: credited when the game starts, before any history entry.
        state.cash += entry.delta_paise;
        continue;
      }
      const list = this.pending.get(entry.transaction_id) ?? [];
      list.push(entry);
      this.pending.set(entry.transaction_id, list);
    }
  }

  /** The cash movements the history entry `transactionId` wrote. */
  applyLedger(transactionId: number) {
    for (const entry of this.pending.get(transactionId) ?? []) {
      this.states.get(entry.player_id)!.cash += entry.delta_paise;
    }
    this.pending.delete(transactionId);
  }

  /** Every ledger entry named an entry of the history. */
  assertSettled() {
    if (this.pending.size > 0) {
      throw new ReportHistoryError('ledger entries of history entries that do not exist');
    }
  }
}

/** An investor's cash plus their holdings at `prices`, in paise. */
export function netWorthPaise(state: PlayerState, prices: ReadonlyMap<number, number>): number {
  let total = state.cash;
  for (const [stockId, quantity] of state.holdings) {
    total += marketValuePaise({ quantity, investedPaise: 0 }, prices.get(stockId) ?? 0);
  }
  return total;
}

type MayhemEffects = GameReport['mayhems'];

/**
 * The averaged mayhem lists matched to the history: each list that moved prices wrote one
 * entry per company, in stock_id order (averageMayhem's order).
 */
class MayhemLists {
  readonly applied: MayhemEffects = [];
  private readonly queue: Array<{
    mayhem_id: number;
    averaged_at: string;
    moves: Array<{ stock_id: number; percentage: number }>;
  }>;
  private open:
    | { entry: MayhemEffects[number]; remaining: Array<{ stock_id: number; percentage: number }> }
    | undefined;

  constructor(mayhems: ReportRows['mayhems']) {
    this.queue = mayhems.map((m) => ({
      mayhem_id: m.mayhem_id,
      averaged_at: m.averaged_at,
      moves: averageMayhem(m.responses).map((a) => ({
        stock_id: a.stock_id,
        percentage: a.percentage,
      })),
    }));
  }

  /** The list's move behind history entry `entry` (at event `index`) and where its effect goes. */
  take(entry: HistoryEntry, stockId: number, index: number) {
    if (!this.open || this.open.remaining.length === 0) {
      // A list nobody answered was averaged without moving a price: no entry of its own.
      let next = this.queue.shift();
      while (next && next.moves.length === 0) next = this.queue.shift();
      if (!next) throw new ReportHistoryError(`mayhem entry ${entry.id} without an averaged list`);
      this.open = {
        entry: { mayhem_id: next.mayhem_id, at: next.averaged_at, event: index, effects: [] },
        remaining: [...next.moves],
      };
      this.applied.push(this.open.entry);
    }
    const move = this.open.remaining.shift()!;
    if (move.stock_id !== stockId) {
      throw new ReportHistoryError(`mayhem entry ${entry.id} names another company than its list`);
    }
    return { percentage: move.percentage, effects: this.open.entry.effects };
  }
}

/** What a replay keeps while it walks the history. */
interface Replay {
  investors: readonly Investor[];
  prices: PriceBook;
  accounts: Accounts;
  mayhems: MayhemLists;
  trades: TradeFact[];
}

function priceUpdateEvent(r: Replay, entry: HistoryEntry, index: number): ReportEvent {
  const stockId = requireValue(entry.stock_id, entry.id, 'stock_id');
  return { index, at: entry.at, kind: 'price_update', ...r.prices.move(stockId, 'update', index) };
}

function mayhemEvent(r: Replay, entry: HistoryEntry, index: number): ReportEvent {
  const stockId = requireValue(entry.stock_id, entry.id, 'stock_id');
  const { percentage, effects } = r.mayhems.take(entry, stockId, index);
  const move = r.prices.move(stockId, 'mayhem', index);
  effects.push({
    stock_id: stockId,
    name: move.company,
    percentage,
    price_before: move.price_before,
    price_after: move.price_after,
  });
  return { index, at: entry.at, kind: 'mayhem', ...move, percentage };
}

/**
 * The broker's undo: the payday credit it took back (its own ledger entries) or the price it
 * brought back (its own price point; one entry a company).
 */
function undoEvent(r: Replay, entry: HistoryEntry, index: number): ReportEvent {
  const undone = requireValue(entry.undone_type, entry.id, 'undone_type');
  r.accounts.applyLedger(entry.id);
  const at = { index, at: entry.at, kind: 'undo' } as const;
  if (undone === 'PAYDAY') {
    const amount = paiseToRupees(requireValue(entry.amount_paise, entry.id, 'amount_paise'));
    return { ...at, undone: 'payday', amount };
  }
  const kind =
    undone === 'Price update' ? 'price_update' : undone === 'Market mayhem' ? 'mayhem' : null;
  if (!kind) throw new ReportHistoryError(`undo entry ${entry.id} names an unknown type ${undone}`);
  const stockId = requireValue(entry.stock_id, entry.id, 'stock_id');
  return { ...at, undone: kind, ...r.prices.move(stockId, 'undo', index) };
}

function paydayEvent(r: Replay, entry: HistoryEntry, index: number): ReportEvent {
  r.accounts.applyLedger(entry.id);
  return { index, at: entry.at, kind: 'payday', amount: paiseToRupees(entry.amount_paise ?? 0) };
}

function tradeEvent(r: Replay, entry: HistoryEntry, index: number): ReportEvent {
  const playerId = requireValue(entry.player_id, entry.id, 'player_id');
  const stockId = requireValue(entry.stock_id, entry.id, 'stock_id');
  const quantity = requireValue(entry.quantity, entry.id, 'quantity');
  const pricePaise = requireValue(entry.amount_paise, entry.id, 'amount_paise');
  const tradeType = requireValue(entry.trade_type, entry.id, 'trade_type') === 0 ? 0 : 1;
  const state = r.accounts.states.get(playerId);
  const investor = r.investors.find((p) => p.player_id === playerId);
  if (!state || !investor) {
    throw new ReportHistoryError(`trade ${entry.id} of a player who is not an investor`);
  }
  const held = state.holdings.get(stockId) ?? 0;
  state.holdings.set(stockId, tradeType === 0 ? held + quantity : held - quantity);
  r.accounts.applyLedger(entry.id);
  r.trades.push({
    player_id: playerId,
    transaction_id: entry.id,
    stock_id: stockId,
    trade_type: tradeType,
    quantity,
    price_paise: pricePaise,
    at: entry.at,
  });
  return {
    index,
    at: entry.at,
    kind: 'trade',
    player_id: playerId,
    username: investor.username,
    trade_type: tradeType,
    quantity,
    stock_id: stockId,
    company: companyName(stockId),
    price: paiseToRupees(pricePaise),
  };
}

/** The event of each type of history entry. */
const HISTORY_EVENTS: Record<string, typeof tradeEvent> = {
  'Price update': priceUpdateEvent,
  'Market mayhem': mayhemEvent,
  PAYDAY: paydayEvent,
  trade: tradeEvent,
  Undone: undoEvent,
};

/** The replayed game: its timeline, everyone's net worth on it, and the final books. */
export interface ReplayedGame {
  events: ReportEvent[];
  netWorth: Map<number, ReportPlayer['net_worth']>;
  prices: PriceBook;
  accounts: Accounts;
  mayhems: MayhemEffects;
  trades: TradeFact[];
}

/** Replays a game's history. Throws a ReportHistoryError if its rows disagree. */
export function replayHistory(rows: ReportRows, investors: readonly Investor[]): ReplayedGame {
  const r: Replay = {
    investors,
    prices: new PriceBook(rows.price_points),
    accounts: new Accounts(investors, rows.ledger),
    mayhems: new MayhemLists(rows.mayhems),
    trades: [],
  };
  const startAt = rows.game.started_at ?? rows.price_points[0]?.at ?? rows.transactions[0]?.at;
  const events: ReportEvent[] = [];
  const netWorth = new Map<number, ReportPlayer['net_worth']>(
    investors.map((p) => [p.player_id, []]),
  );
  const add = (event: ReportEvent) => {
    events.push(event);
    for (const [playerId, state] of r.accounts.states) {
      const worth = paiseToRupees(netWorthPaise(state, r.prices.prices));
      netWorth.get(playerId)!.push({ event: event.index, at: event.at, net_worth: worth });
    }
  };
  add({ index: 0, at: startAt ?? '', kind: 'start' });
  for (const entry of rows.transactions) {
    const eventOf = HISTORY_EVENTS[entry.type];
    if (!eventOf) throw new ReportHistoryError(`unknown history entry type ${entry.type}`);
    add(eventOf(r, entry, events.length));
  }
  r.accounts.assertSettled();
  const { prices, accounts, trades } = r;
  return { events, netWorth, prices, accounts, trades, mayhems: r.mayhems.applied };
}

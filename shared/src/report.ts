/**
 * The game report: a pure function from a completed game's history rows to the
 * report every seated player reads. Money is paise inside and rupees in the answer, as every
 * other answer. No I/O.
 *
 * The history is replayed in the order the transactions were written (their ids): each price
 * update and each applied mayhem move takes its new price from the game's price points (written
 * in the same database transaction, so the n-th point of a company with a cause belongs to the
 * n-th transaction of that company and kind); a trade and a payday take their cash movements
 * from the ledger entries that name them. Every investor's net worth gets a point at every event,
 * so the last point is the leaderboard's figure to the paisa: the ledger sums to the cash, the
 * trades sum to the holdings, the last price points are the prices.
 */
import type { GameReport, ReportBestTrade, ReportEventKind, ReportPlayer } from './api.ts';
import { COMPANIES, avatarById, companyById } from './catalogue.ts';
import { isInvestorRole } from './roles.ts';
import { averageMayhem, type MayhemPick } from './mayhem.ts';
import { paiseToAmountText, paiseToRupees, rupeesToPaise } from './money.ts';
import { rankPlayers } from './ranking.ts';
import { marketValuePaise } from './trading.ts';
import type { Role } from './constants.ts';

/** The rows of one game that the report is computed from (see the server's report service). */
export interface ReportRows {
  game: { id: number; board_code: string; started_at: string | null; ended_at: string | null };
  players: Array<{ player_id: number; username: string; avatar_id: number; role: Role }>;
  /** Every price point of the game, oldest first. */
  price_points: Array<{
    stock_id: number;
    price_paise: number;
    cause: 'opening' | 'update' | 'mayhem' | 'undo';
    at: string;
  }>;
  /** Every history entry of the game, in id order. */
  transactions: Array<{
    id: number;
    type: string;
    player_id: number | null;
    stock_id: number | null;
    /** 0 buy, 1 sell. */
    trade_type: number | null;
    quantity: number | null;
    /** A trade's price per share; a payday's amount. */
    amount_paise: number | null;
    /** An 'Undone' entry: the type of the entry it reversed. */
    undone_type?: string | null;
    at: string;
  }>;
  /** Every cash movement of the game, in id order. */
  ledger: Array<{
    id: number;
    player_id: number;
    kind: string;
    delta_paise: number;
    transaction_id: number | null;
    at: string;
  }>;
  /** Every averaged mayhem list, oldest first, with the investors' answers. */
  mayhems: Array<{ mayhem_id: number; averaged_at: string; responses: MayhemPick[][] }>;
}

/** A history that does not replay (a price change without its price point, an unknown entry). */
export class ReportHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportHistoryError';
  }
}

interface PlayerState {
  cash: number;
  holdings: Map<number, number>;
}

interface TradeFact {
  player_id: number;
  transaction_id: number;
  stock_id: number;
  trade_type: 0 | 1;
  quantity: number;
  price_paise: number;
  at: string;
}

const companyName = (stockId: number) => companyById(stockId)?.name ?? `Company ${stockId}`;
const companyImage = (stockId: number) => companyById(stockId)?.image ?? '';
const avatarImage = (avatarId: number) => avatarById(avatarId)?.image ?? avatarById(1)?.image ?? '';

function netWorthPaise(state: PlayerState, prices: ReadonlyMap<number, number>): number {
  let total = state.cash;
  for (const [stockId, quantity] of state.holdings) {
    total += marketValuePaise({ quantity, investedPaise: 0 }, prices.get(stockId) ?? 0);
  }
  return total;
}

/**
 * How much a trade gained against the game's last prices: a buy, what the shares gained since
 * (final − paid) × quantity; a sell, what selling then saved or cost (sold − final) × quantity.
 */
export function tradeGainPaise(
  trade: Pick<TradeFact, 'trade_type' | 'quantity' | 'price_paise' | 'stock_id'>,
  finalPrices: ReadonlyMap<number, number>,
): number {
  const final = finalPrices.get(trade.stock_id) ?? 0;
  const perShare = trade.trade_type === 0 ? final - trade.price_paise : trade.price_paise - final;
  return perShare * trade.quantity;
}

/** The report of a game from its history rows. Throws a ReportHistoryError if they disagree. */
export function buildGameReport(rows: ReportRows): GameReport {
  const investors = rows.players.filter((p) => isInvestorRole(p.role));
  const states = new Map<number, PlayerState>(
    investors.map((p) => [p.player_id, { cash: 0, holdings: new Map() }]),
  );

  // Price points per company and cause, consumed in order by the transactions that made them.
  const queues = new Map<string, Array<ReportRows['price_points'][number]>>();
  const prices = new Map<number, number>();
  const priceSeries = new Map<number, GameReport['companies'][number]['prices']>();
  for (const point of rows.price_points) {
    if (point.cause === 'opening') {
      if (!prices.has(point.stock_id)) {
        prices.set(point.stock_id, point.price_paise);
        priceSeries.set(point.stock_id, [
          { event: 0, at: point.at, price: paiseToRupees(point.price_paise), cause: 'opening' },
        ]);
      }
      continue;
    }
    const key = `${point.stock_id}:${point.cause}`;
    const queue = queues.get(key) ?? [];
    queue.push(point);
    queues.set(key, queue);
  }

  const ledgerByTransaction = new Map<number, ReportRows['ledger']>();
  for (const entry of rows.ledger) {
    if (!states.has(entry.player_id)) {
      throw new ReportHistoryError(`ledger entry ${entry.id} of a player who is not an investor`);
    }
    if (entry.transaction_id === null) {
      // The starting funds: credited when the game starts, before any history entry.
      states.get(entry.player_id)!.cash += entry.delta_paise;
      continue;
    }
    const list = ledgerByTransaction.get(entry.transaction_id) ?? [];
    list.push(entry);
    ledgerByTransaction.set(entry.transaction_id, list);
  }
  const applyLedger = (transactionId: number) => {
    for (const entry of ledgerByTransaction.get(transactionId) ?? []) {
      states.get(entry.player_id)!.cash += entry.delta_paise;
    }
    ledgerByTransaction.delete(transactionId);
  };

  const startAt = rows.game.started_at ?? rows.price_points[0]?.at ?? rows.transactions[0]?.at;
  const events: GameReport['events'] = [
    { index: 0, at: startAt ?? '', kind: 'start', label: 'Game started' },
  ];
  const series = new Map<number, ReportPlayer['net_worth']>(
    investors.map((p) => [p.player_id, []]),
  );
  const pushPoints = () => {
    const index = events.length - 1;
    const at = events[index]!.at;
    for (const [playerId, state] of states) {
      series
        .get(playerId)!
        .push({ event: index, at, net_worth: paiseToRupees(netWorthPaise(state, prices)) });
    }
  };
  pushPoints();

  const movePrice = (stockId: number, cause: 'update' | 'mayhem' | 'undo', event: number) => {
    const point = queues.get(`${stockId}:${cause}`)?.shift();
    if (!point) {
      throw new ReportHistoryError(`no ${cause} price point for company ${stockId}`);
    }
    const before = prices.get(stockId) ?? point.price_paise;
    prices.set(stockId, point.price_paise);
    const list = priceSeries.get(stockId) ?? [];
    list.push({ event, at: point.at, price: paiseToRupees(point.price_paise), cause });
    priceSeries.set(stockId, list);
    return { before, after: point.price_paise };
  };

  // Each averaged list moved the companies its answers named, one history entry per company in
  // stock_id order (averageMayhem's order).
  const mayhemQueue = rows.mayhems.map((m) => ({
    ...m,
    moves: averageMayhem(m.responses).map((a) => ({
      stock_id: a.stock_id,
      percentage: a.percentage,
    })),
  }));
  const mayhemEffects: GameReport['mayhems'] = [];
  let openMayhem:
    | {
        entry: GameReport['mayhems'][number];
        remaining: Array<{ stock_id: number; percentage: number }>;
      }
    | undefined;

  const trades: TradeFact[] = [];
  for (const t of rows.transactions) {
    const kind = eventKind(t.type);
    if (kind === null) throw new ReportHistoryError(`unknown history entry type ${t.type}`);
    const index = events.length;
    if (kind === 'price_update') {
      const stockId = requireValue(t.stock_id, t.id, 'stock_id');
      const { before, after } = movePrice(stockId, 'update', index);
      events.push({
        index,
        at: t.at,
        kind,
        label: `${companyName(stockId)} ${moveText(before, after)}`,
      });
    } else if (kind === 'mayhem') {
      const stockId = requireValue(t.stock_id, t.id, 'stock_id');
      if (!openMayhem || openMayhem.remaining.length === 0) {
        // A list nobody answered was averaged without moving a price: no entry of its own.
        let next = mayhemQueue.shift();
        while (next && next.moves.length === 0) next = mayhemQueue.shift();
        if (!next) {
          throw new ReportHistoryError(`mayhem entry ${t.id} without an averaged list`);
        }
        openMayhem = {
          entry: { mayhem_id: next.mayhem_id, at: next.averaged_at, event: index, effects: [] },
          remaining: [...next.moves],
        };
        mayhemEffects.push(openMayhem.entry);
      }
      const move = openMayhem.remaining.shift()!;
      if (move.stock_id !== stockId) {
        throw new ReportHistoryError(`mayhem entry ${t.id} names another company than its list`);
      }
      const { before, after } = movePrice(stockId, 'mayhem', index);
      openMayhem.entry.effects.push({
        stock_id: stockId,
        name: companyName(stockId),
        percentage: move.percentage,
        price_before: paiseToRupees(before),
        price_after: paiseToRupees(after),
      });
      events.push({
        index,
        at: t.at,
        kind,
        label: `Market mayhem: ${companyName(stockId)} ${moveText(before, after)}`,
      });
    } else if (kind === 'undo') {
      // The broker's undo: the prices it brought back (its own price points) and the payday
      // credit it took back (its own ledger entries).
      applyLedger(t.id);
      const what = `Undone: ${t.undone_type ?? 'change'}`;
      if (t.stock_id === null) {
        events.push({ index, at: t.at, kind, label: what });
      } else {
        const { before, after } = movePrice(t.stock_id, 'undo', index);
        const move = `${companyName(t.stock_id)} ${moveText(before, after)}`;
        events.push({ index, at: t.at, kind, label: `${what}, ${move}` });
      }
    } else if (kind === 'payday') {
      applyLedger(t.id);
      events.push({
        index,
        at: t.at,
        kind,
        label: `Payday ₹${paiseToRupees(t.amount_paise ?? 0).toFixed(2)}`,
      });
    } else {
      const playerId = requireValue(t.player_id, t.id, 'player_id');
      const stockId = requireValue(t.stock_id, t.id, 'stock_id');
      const quantity = requireValue(t.quantity, t.id, 'quantity');
      const tradeType = requireValue(t.trade_type, t.id, 'trade_type') === 0 ? 0 : 1;
      const state = states.get(playerId);
      if (!state) throw new ReportHistoryError(`trade ${t.id} of a player who is not an investor`);
      const held = state.holdings.get(stockId) ?? 0;
      state.holdings.set(stockId, tradeType === 0 ? held + quantity : held - quantity);
      applyLedger(t.id);
      trades.push({
        player_id: playerId,
        transaction_id: t.id,
        stock_id: stockId,
        trade_type: tradeType,
        quantity,
        price_paise: requireValue(t.amount_paise, t.id, 'amount_paise'),
        at: t.at,
      });
      const name = investors.find((p) => p.player_id === playerId)?.username ?? 'A player';
      events.push({
        index,
        at: t.at,
        kind,
        label: `${name} ${tradeType === 0 ? 'bought' : 'sold'} ${quantity} ${companyName(stockId)}`,
      });
    }
    pushPoints();
  }
  if (ledgerByTransaction.size > 0) {
    throw new ReportHistoryError('ledger entries of history entries that do not exist');
  }

  const ranked = rankPlayers(
    investors.map((p) => ({
      id: p.player_id,
      balancePaise: netWorthPaise(states.get(p.player_id)!, prices),
    })),
  );
  const rankOf = new Map(ranked.map((r) => [r.id, r]));

  const players: ReportPlayer[] = investors
    .map((p) => {
      const state = states.get(p.player_id)!;
      const rank = rankOf.get(p.player_id)!;
      const own = trades.filter((t) => t.player_id === p.player_id);
      let best: ReportBestTrade | null = null;
      let bestGain = -Infinity;
      for (const t of own) {
        const gain = tradeGainPaise(t, prices);
        if (gain > bestGain) {
          bestGain = gain;
          best = {
            stock_id: t.stock_id,
            name: companyName(t.stock_id),
            trade_type: t.trade_type,
            quantity: t.quantity,
            price: paiseToRupees(t.price_paise),
            final_price: paiseToRupees(prices.get(t.stock_id) ?? 0),
            gain: paiseToRupees(gain),
            at: t.at,
          };
        }
      }
      return {
        player_id: p.player_id,
        username: p.username,
        avatar_id: p.avatar_id,
        image: avatarImage(p.avatar_id),
        role: p.role,
        rank: rank.rank,
        rank_label: rank.rank_label,
        rank_name: rank.rank_name,
        final_cash: paiseToRupees(state.cash),
        final_net_worth: paiseToRupees(rank.balancePaise),
        holdings: [...state.holdings.entries()]
          .filter(([, quantity]) => quantity > 0)
          .sort(([a], [b]) => a - b)
          .map(([stockId, quantity]) => {
            const price = prices.get(stockId) ?? 0;
            return {
              stock_id: stockId,
              name: companyName(stockId),
              quantity,
              price: paiseToRupees(price),
              value: paiseToRupees(marketValuePaise({ quantity, investedPaise: 0 }, price)),
            };
          }),
        trades_count: own.length,
        best_trade: best,
        net_worth: series.get(p.player_id)!,
      };
    })
    .sort((a, b) => a.rank - b.rank || a.player_id - b.player_id);

  const listed = new Set([...COMPANIES.map((c) => c.id), ...priceSeries.keys()]);
  const companies = [...listed]
    .filter((id) => priceSeries.has(id))
    .sort((a, b) => a - b)
    .map((stockId) => ({
      stock_id: stockId,
      name: companyName(stockId),
      image: companyImage(stockId),
      prices: priceSeries.get(stockId)!,
    }));

  return {
    game_id: rows.game.id,
    board_code: rows.game.board_code,
    started_at: rows.game.started_at,
    ended_at: rows.game.ended_at,
    events,
    players,
    companies,
    mayhems: mayhemEffects,
  };
}

function eventKind(type: string): Exclude<ReportEventKind, 'start'> | null {
  if (type === 'Price update') return 'price_update';
  if (type === 'Market mayhem') return 'mayhem';
  if (type === 'PAYDAY') return 'payday';
  if (type === 'trade') return 'trade';
  if (type === 'Undone') return 'undo';
  return null;
}

function requireValue<T>(value: T | null, id: number, field: string): T {
  if (value === null) throw new ReportHistoryError(`history entry ${id} has no ${field}`);
  return value;
}

function moveText(before: number, after: number): string {
  const arrow = after >= before ? '▲' : '▼';
  return `${arrow} ₹${paiseToRupees(after).toFixed(2)}`;
}

/** The CSV export's columns of a ledger row. */
export const REPORT_CSV_HEADER = [
  'player',
  'entry',
  'time',
  'kind',
  'company',
  'quantity',
  'price',
  'amount',
  'balance',
] as const;

/**
 * The CSV export's rows: every ledger entry of every investor (in the report's rank order, each
 * player's entries in order) with the running balance, then one summary row per player. The
 * last running balance of a player is their final cash.
 */
export function reportCsvRecords(rows: ReportRows, report: GameReport): string[][] {
  const header = [...REPORT_CSV_HEADER];
  const byId = new Map(rows.transactions.map((t) => [t.id, t]));
  const records: string[][] = [header];
  for (const player of report.players) {
    let balance = 0;
    for (const entry of rows.ledger.filter((e) => e.player_id === player.player_id)) {
      balance += entry.delta_paise;
      const t = entry.transaction_id === null ? undefined : byId.get(entry.transaction_id);
      const isTrade = t?.type === 'trade';
      records.push([
        player.username,
        String(entry.id),
        entry.at,
        entry.kind,
        isTrade && t.stock_id !== null ? companyName(t.stock_id) : '',
        isTrade && t.quantity !== null ? String(t.quantity) : '',
        isTrade && t.amount_paise !== null ? paiseToAmountText(t.amount_paise) : '',
        paiseToAmountText(entry.delta_paise),
        paiseToAmountText(balance),
      ]);
    }
  }
  records.push([]);
  records.push(['rank', 'player', 'cash', 'holdings value', 'net worth', 'trades', 'title']);
  for (const player of report.players) {
    const holdingsValue = player.holdings.reduce((sum, h) => sum + rupeesToPaise(h.value), 0);
    records.push([
      player.rank_label,
      player.username,
      paiseToAmountText(rupeesToPaise(player.final_cash)),
      paiseToAmountText(holdingsValue),
      paiseToAmountText(rupeesToPaise(player.final_net_worth)),
      String(player.trades_count),
      player.rank_name,
    ]);
  }
  return records;
}

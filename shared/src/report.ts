/**
 * The game report: a pure function from a completed game's history rows to the report every
 * seated player reads (the replay itself: report-replay.ts). Money is paise inside and rupees in
 * the answer, as every other answer. No I/O.
 */
import type { GameReport, ReportBestTrade, ReportPlayer } from './api.ts';
import { COMPANIES, avatarById, companyById } from './catalogue.ts';
import { isInvestorRole } from './roles.ts';
import { paiseToAmountText, paiseToRupees, rupeesToPaise } from './money.ts';
import { rankPlayers } from './ranking.ts';
import { marketValuePaise } from './trading.ts';
import {
  companyName,
  netWorthPaise,
  replayHistory,
  type PlayerState,
  type PriceBook,
  type ReplayedGame,
  type TradeFact,
} from './report-replay.ts';
import type { ReportRows } from './report-rows.ts';

export { ReportHistoryError, type ReportRows } from './report-rows.ts';

const companyImage = (stockId: number) => companyById(stockId)?.image ?? '';
const avatarImage = (avatarId: number) => avatarById(avatarId)?.image ?? avatarById(1)?.image ?? '';

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

/** The trade of `trades` that gained most against the last prices (the first of equals). */
function bestTrade(
  trades: readonly TradeFact[],
  prices: ReadonlyMap<number, number>,
): ReportBestTrade | null {
  let best: ReportBestTrade | null = null;
  let bestGain = -Infinity;
  for (const t of trades) {
    const gain = tradeGainPaise(t, prices);
    if (gain <= bestGain) continue;
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
  return best;
}

/** What an investor holds at the last prices, by company. */
function holdingsAt(state: PlayerState, prices: ReadonlyMap<number, number>) {
  return [...state.holdings.entries()]
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
    });
}

/** Each investor's page of the report, by rank. */
function playerReports(investors: ReportRows['players'], game: ReplayedGame): ReportPlayer[] {
  const prices = game.prices.prices;
  const ranked = rankPlayers(
    investors.map((p) => ({
      id: p.player_id,
      balancePaise: netWorthPaise(game.accounts.states.get(p.player_id)!, prices),
    })),
  );
  const rankOf = new Map(ranked.map((r) => [r.id, r]));
  return investors
    .map((p) => {
      const state = game.accounts.states.get(p.player_id)!;
      const rank = rankOf.get(p.player_id)!;
      const own = game.trades.filter((t) => t.player_id === p.player_id);
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
        holdings: holdingsAt(state, prices),
        trades_count: own.length,
        best_trade: bestTrade(own, prices),
        net_worth: game.netWorth.get(p.player_id)!,
      };
    })
    .sort((a, b) => a.rank - b.rank || a.player_id - b.player_id);
}

/** Every listed company whose price the game knows, with its series. */
function companyReports(book: PriceBook): GameReport['companies'] {
  const listed = new Set([...COMPANIES.map((c) => c.id), ...book.series.keys()]);
  return [...listed]
    .filter((id) => book.series.has(id))
    .sort((a, b) => a - b)
    .map((stockId) => ({
      stock_id: stockId,
      name: companyName(stockId),
      image: companyImage(stockId),
      prices: book.series.get(stockId)!,
    }));
}

/** The report of a game from its history rows. Throws a ReportHistoryError if they disagree. */
export function buildGameReport(rows: ReportRows): GameReport {
  const investors = rows.players.filter((p) => isInvestorRole(p.role));
  const game = replayHistory(rows, investors);
  return {
    game_id: rows.game.id,
    board_code: rows.game.board_code,
    started_at: rows.game.started_at,
    ended_at: rows.game.ended_at,
    events: game.events,
    players: playerReports(investors, game),
    companies: companyReports(game.prices),
    mayhems: game.mayhems,
  };
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

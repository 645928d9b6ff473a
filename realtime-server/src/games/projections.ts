/**
 * Answers shaped from rows already read: what a player, the broker or a spectator may see.
 * Pure functions, no database (the reads are in queries.ts). Amounts leave the server as
 * rupees; paise stay inside. Private data (cash, holdings) only in portfolio views.
 */
import type {
  GameSettings,
  Portfolio,
  PortfolioRow,
  PublicPlayer,
  RankingEntry,
  StockEntry,
  TransactionEntry,
} from '@showdown/shared/api';
import { AVATARS, avatarById, companyById } from '@showdown/shared/catalogue';
import {
  PAYDAYS_PER_GAME,
  ROLE,
  type OrderbookStatus,
  type Role,
  type TradeType,
} from '@showdown/shared/constants';
import { paiseToAmountText, paiseToRupees } from '@showdown/shared/money';
import { isTradePhaseOpen } from '@showdown/shared/phase';
import { marketValuePaise, profitLossPaise } from '@showdown/shared/trading';
import { rankPlayers } from '@showdown/shared/ranking';
import type { PricePoint, PricePointCause, PublicMayhem } from '@showdown/shared/protocol';
import type { mayhems, pricePoints, transactions } from '../db/schema.ts';
import type { GameRow, PlayerRow } from './access.ts';

const defaultAvatarImage = AVATARS[0]!.image;

export type MayhemRow = typeof mayhems.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
type PricePointRow = typeof pricePoints.$inferSelect;
export interface PlayerWithName {
  player: PlayerRow;
  username: string;
  /** The seat's user is a bot (a practice game). */
  bot?: boolean;
}

export function settingsView(game: GameRow): GameSettings {
  const pausedS = pausedRemainingS(game);
  return {
    starting_funds: paiseToRupees(game.startingFundsPaise),
    payday_increment: paiseToRupees(game.paydayIncrementPaise),
    trade_phase_duration: game.tradePhaseDuration,
    orderbook_status: game.orderbookStatus as OrderbookStatus,
    ends_at: game.orderbookStatus === 1 && game.phaseEndsAt ? game.phaseEndsAt.toISOString() : null,
    paydays_given: game.paydaysGiven,
    paydays_total: PAYDAYS_PER_GAME,
    // Only while a phase is paused: the settings keep the first clients' shape otherwise.
    ...(pausedS !== null ? { paused_remaining_s: pausedS } : {}),
  };
}

/** Whole seconds left in a paused trade phase (rounded up); null when none is paused. */
export function pausedRemainingS(game: GameRow): number | null {
  if (game.orderbookStatus !== 1 || game.phaseRemainingMs === null) return null;
  return Math.ceil(game.phaseRemainingMs / 1000);
}

export function publicPlayerView(row: PlayerWithName): PublicPlayer {
  return {
    id: row.player.id,
    player_id: row.player.id,
    username: row.username,
    avatar_id: row.player.avatarId,
    image: avatarById(row.player.avatarId)?.image ?? defaultAvatarImage,
    role: row.player.role as Role,
    bot: row.bot ?? false,
  };
}

export function stockView(stockId: number, pricePaise: number): StockEntry {
  const company = companyById(stockId);
  return {
    id: stockId,
    stock_id: stockId,
    name: company?.name ?? `Company ${stockId}`,
    image: company?.image ?? '',
    current_price: paiseToRupees(pricePaise),
  };
}

/** The stock list from prices already read, by company id. */
export function stocksFrom(prices: Map<number, number>): StockEntry[] {
  return [...prices.entries()].sort(([a], [b]) => a - b).map(([id, price]) => stockView(id, price));
}

/** A game's side of every portfolio: current prices and the trade phase. */
export interface MarketFacts {
  prices: Array<{ stock_id: number; price_paise: number }>;
  orderbook_status: number;
  /** When the phase ends, in epoch milliseconds; null when none is set. */
  phase_ends_at_ms: number | null;
}

/** One investor's side of a portfolio: cash, what they were given (start and paydays), holdings. */
export interface PlayerFacts {
  cash_paise: number;
  contributed_paise: number;
  holdings: Array<{ stock_id: number; quantity: number; invested_paise: number }>;
}

/**
 * Everything a portfolio is built from, in the shape the hot-path SQL functions return and store
 * as an Idempotency-Key's answer (sql/functions/market_facts.sql, player_facts.sql), so a replay answers exactly what
 * the first call answered.
 */
export type PortfolioFacts = MarketFacts & PlayerFacts;

/** The investor's portfolio: every listed company, cash, net worth and overall profit or loss. */
export function portfolioFromFacts(facts: PortfolioFacts): Portfolio {
  const byStock = new Map(facts.holdings.map((h) => [h.stock_id, h]));
  let marketValue = 0;
  const rows: PortfolioRow[] = [...facts.prices]
    .sort((a, b) => a.stock_id - b.stock_id)
    .map(({ stock_id: stockId, price_paise: price }) => {
      const h = byStock.get(stockId);
      const holding = { quantity: h?.quantity ?? 0, investedPaise: h?.invested_paise ?? 0 };
      const value = marketValuePaise(holding, price);
      marketValue += value;
      const stock = stockView(stockId, price);
      return {
        stock_id: stockId,
        name: stock.name,
        image: stock.image,
        total_quantity: holding.quantity,
        total_invested_price: paiseToRupees(holding.investedPaise),
        current_price: stock.current_price,
        market_value: paiseToRupees(value),
        profit_loss: paiseToRupees(profitLossPaise(holding, price)),
      };
    });
  const netWorth = facts.cash_paise + marketValue;
  const endsAt = facts.orderbook_status === 1 ? facts.phase_ends_at_ms : null;
  return {
    portfolio_data: rows,
    total_balance: paiseToRupees(netWorth),
    total_profit_loss: paiseToAmountText(netWorth - facts.contributed_paise),
    current_balance: paiseToRupees(facts.cash_paise),
    orderbook_status: facts.orderbook_status as OrderbookStatus,
    ends_at: endsAt === null ? null : new Date(endsAt).toISOString(),
  };
}

/** Whether the game's trade phase is open at `now` (the shared rule, on the game row). */
export function phaseOpen(game: GameRow, now: Date): boolean {
  return isTradePhaseOpen(
    { orderbookStatus: game.orderbookStatus, endsAt: game.phaseEndsAt },
    now.getTime(),
  );
}

/** One history entry: a price move shows its percentage, money entries their amount. */
export function transactionView(r: TransactionRow): TransactionEntry {
  const company = r.stockId ? companyById(r.stockId) : undefined;
  const price =
    r.type === 'Price update' || r.type === 'Market mayhem' || r.percentage !== null
      ? String(Number(r.percentage ?? 0))
      : paiseToAmountText(r.amountPaise ?? 0);
  return {
    id: String(r.id),
    type: r.type as TransactionEntry['type'],
    price,
    image: company?.image ?? null,
    stock_id: r.stockId,
    name: company?.name ?? null,
    trade_type: (r.tradeType ?? null) as TradeType | null,
    quantity: r.quantity ?? null,
    created_at: r.createdAt.toISOString(),
    ...(r.type === 'Undone'
      ? { undone_type: r.undoneType as TransactionEntry['undone_type'] }
      : {}),
  };
}

/** Investors (already filtered) ranked by cash plus their holdings' value; ties share a rank. */
export function rankingFrom(
  investors: readonly PlayerWithName[],
  held: ReadonlyArray<{
    playerId: number;
    stockId: number;
    quantity: number;
    investedPaise: number;
  }>,
  prices: Map<number, number>,
): RankingEntry[] {
  const values = new Map<number, number>();
  for (const h of held) {
    const value = marketValuePaise(h, prices.get(h.stockId) ?? 0);
    values.set(h.playerId, (values.get(h.playerId) ?? 0) + value);
  }
  const ranked = rankPlayers(
    investors.map((r) => ({
      id: r.player.id,
      balancePaise: r.player.cashPaise + (values.get(r.player.id) ?? 0),
      row: r,
    })),
  );
  return ranked.map((r) => {
    const pub = publicPlayerView(r.row);
    return {
      player_id: pub.player_id,
      username: pub.username,
      avatar_id: pub.avatar_id,
      image: pub.image,
      role: pub.role,
      balance: paiseToRupees(r.balancePaise),
      rank: r.rank,
      rank_label: r.rank_label,
      rank_name: r.rank_name,
      bot: pub.bot,
    };
  });
}

/** The public view of a mayhem list from its counts already read. */
export function publicMayhemFrom(
  mayhem: MayhemRow,
  responsesCount: number,
  investorsCount: number,
): PublicMayhem {
  return {
    id: mayhem.id,
    game_id: mayhem.gameId,
    status: mayhem.status === 1 ? 'open' : 'closed',
    stock_ids: mayhem.stockIds.map((id) => {
      const c = companyById(id);
      return { stock_id: id, name: c?.name ?? `Company ${id}`, image: c?.image ?? '' };
    }),
    percentage: mayhem.percentages,
    responses_count: responsesCount,
    investors_count: investorsCount,
  };
}

/** The players of the game who hold investor roles, counted from a list already read. */
export function investorsIn(seated: readonly PlayerWithName[]): number {
  return seated.filter((r) => r.player.role === ROLE.INVESTOR || r.player.role === ROLE.BOTH)
    .length;
}

export function pointView(
  row: Pick<PricePointRow, 'stockId' | 'pricePaise' | 'cause' | 'createdAt'>,
) {
  return {
    stock_id: row.stockId,
    price: paiseToRupees(row.pricePaise),
    at: row.createdAt.toISOString(),
    cause: row.cause as PricePointCause,
  } satisfies PricePoint;
}

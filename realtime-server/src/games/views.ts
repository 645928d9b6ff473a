/**
 * Answers built from rows: what a player, the broker or a spectator may see. Amounts leave the
 * server as rupees; paise stay inside. Private data (cash, holdings) only in portfolio views.
 */
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type {
  FirstPlayer,
  GameSettings,
  MayhemData,
  Portfolio,
  PortfolioRow,
  PublicPlayer,
  RankingEntry,
  StockEntry,
  TransactionEntry,
} from '@showdown/shared/api';
import { AVATARS, COMPANIES, avatarById, companyById } from '@showdown/shared/catalogue';
import {
  GAME_STATUS,
  PAYDAYS_PER_GAME,
  ROLE,
  type GameStatus,
  type OrderbookStatus,
  type Role,
  type TradeType,
} from '@showdown/shared/constants';
import { paiseToAmountText, paiseToRupees } from '@showdown/shared/money';
import { marketValuePaise, profitLossPaise } from '@showdown/shared/trading';
import { rankPlayers } from '@showdown/shared/ranking';
import { isInvestorRole } from '@showdown/shared/roles';
import type { GameSnapshot, PublicMayhem } from '@showdown/shared/protocol';
import type { Executor } from '../db/client.ts';
import {
  gameStocks,
  holdings,
  ledgerEntries,
  mayhemResponses,
  mayhems,
  players,
  transactions,
  users,
} from '../db/schema.ts';
import type { GameRow, PlayerRow } from './access.ts';
import { priceHistoryView } from './price-history.ts';

const defaultAvatarImage = AVATARS[0]!.image;

export function settingsView(game: GameRow): GameSettings {
  return {
    starting_funds: paiseToRupees(game.startingFundsPaise),
    payday_increment: paiseToRupees(game.paydayIncrementPaise),
    trade_phase_duration: game.tradePhaseDuration,
    orderbook_status: game.orderbookStatus as OrderbookStatus,
    ends_at: game.orderbookStatus === 1 && game.phaseEndsAt ? game.phaseEndsAt.toISOString() : null,
    paydays_given: game.paydaysGiven,
    paydays_total: PAYDAYS_PER_GAME,
  };
}

export function publicPlayerView(row: { player: PlayerRow; username: string }): PublicPlayer {
  return {
    id: row.player.id,
    player_id: row.player.id,
    username: row.username,
    avatar_id: row.player.avatarId,
    image: avatarById(row.player.avatarId)?.image ?? defaultAvatarImage,
    role: row.player.role as Role,
  };
}

export async function listPlayers(tx: Executor, gameId: number) {
  return tx
    .select({ player: players, username: users.username })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.id));
}

type PlayerWithName = Awaited<ReturnType<typeof listPlayers>>[number];

export async function publicPlayers(tx: Executor, gameId: number): Promise<PublicPlayer[]> {
  return (await listPlayers(tx, gameId)).map(publicPlayerView);
}

export async function firstPlayerView(tx: Executor, game: GameRow): Promise<FirstPlayer | null> {
  if (!game.firstPlayerId) return null;
  const [row] = await tx
    .select({ id: players.id, username: users.username })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.id, game.firstPlayerId));
  return row ? { player_id: row.id, username: row.username } : null;
}

/** Current prices in paise by company id; before the start, the catalogue's opening prices. */
export async function pricesOf(tx: Executor, game: GameRow): Promise<Map<number, number>> {
  if (game.status === GAME_STATUS.LOBBY) {
    return new Map(COMPANIES.map((c) => [c.id, c.openingPricePaise]));
  }
  const rows = await tx.select().from(gameStocks).where(eq(gameStocks.gameId, game.id));
  return new Map(rows.map((r) => [r.stockId, r.pricePaise]));
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

export async function stocksView(tx: Executor, game: GameRow): Promise<StockEntry[]> {
  return stocksFrom(await pricesOf(tx, game));
}

/** The stock list from prices already read, by company id. */
function stocksFrom(prices: Map<number, number>): StockEntry[] {
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
 * as an Idempotency-Key's answer (drizzle/0003_hot_paths.sql), so a replay answers exactly what
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

/** The investor's portfolio, read from the database. */
export async function portfolioView(
  tx: Executor,
  game: GameRow,
  player: PlayerRow,
  /** The game's prices when the caller already read them (one read for many portfolios). */
  knownPrices?: Map<number, number>,
): Promise<Portfolio> {
  const prices = knownPrices ?? (await pricesOf(tx, game));
  const held = await tx.select().from(holdings).where(eq(holdings.playerId, player.id));
  const [contributed] = await tx
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.deltaPaise}), 0)` })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.playerId, player.id), inArray(ledgerEntries.kind, ['start', 'payday'])),
    );
  return portfolioFromFacts({
    prices: [...prices.entries()].map(([stockId, price]) => ({
      stock_id: stockId,
      price_paise: price,
    })),
    orderbook_status: game.orderbookStatus,
    phase_ends_at_ms: game.phaseEndsAt?.getTime() ?? null,
    cash_paise: player.cashPaise,
    contributed_paise: Number(contributed?.total ?? 0),
    holdings: held.map((h) => ({
      stock_id: h.stockId,
      quantity: h.quantity,
      invested_paise: h.investedPaise,
    })),
  });
}

/** The caller's history: game-wide price updates and paydays since joining, and own trades. */
/** One page of history, newest first: entries older than `before` (an entry id), at most `limit`. */
export interface HistoryPage {
  before?: number;
  limit: number;
}

export async function transactionsView(
  tx: Executor,
  game: GameRow,
  player: PlayerRow,
  page: HistoryPage = { limit: 50 },
): Promise<TransactionEntry[]> {
  // A pure broker (role 1) gets no cash: paydays are investors' entries, not theirs.
  const gameWide = isInvestorRole(player.role)
    ? isNull(transactions.playerId)
    : and(isNull(transactions.playerId), ne(transactions.type, 'PAYDAY'));
  const rows = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.gameId, game.id),
        or(gameWide, eq(transactions.playerId, player.id)),
        page.before === undefined ? undefined : lt(transactions.id, page.before),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(page.limit);
  return rows.map((r) => {
    const company = r.stockId ? companyById(r.stockId) : undefined;
    const price =
      r.type === 'Price update' || r.type === 'Market mayhem'
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
    };
  });
}

/** Investors ranked by net worth at the last prices; ties share a rank. */
export async function rankingView(
  tx: Executor,
  game: GameRow,
  /** The game's players and prices when the caller already read them. */
  known: { seated?: readonly PlayerWithName[]; prices?: Map<number, number> } = {},
): Promise<RankingEntry[]> {
  const seated = (known.seated ?? (await listPlayers(tx, game.id))).filter((r) =>
    isInvestorRole(r.player.role),
  );
  if (seated.length === 0) return [];
  const prices = known.prices ?? (await pricesOf(tx, game));
  const held = await tx
    .select()
    .from(holdings)
    .where(
      inArray(
        holdings.playerId,
        seated.map((r) => r.player.id),
      ),
    );
  const values = new Map<number, number>();
  for (const h of held) {
    const value = marketValuePaise(h, prices.get(h.stockId) ?? 0);
    values.set(h.playerId, (values.get(h.playerId) ?? 0) + value);
  }
  const ranked = rankPlayers(
    seated.map((r) => ({
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
    };
  });
}

export type MayhemRow = typeof mayhems.$inferSelect;

export async function openMayhem(tx: Executor, gameId: number): Promise<MayhemRow | undefined> {
  const [row] = await tx
    .select()
    .from(mayhems)
    .where(and(eq(mayhems.gameId, gameId), eq(mayhems.status, 1)));
  return row;
}

export async function publicMayhemView(tx: Executor, mayhem: MayhemRow): Promise<PublicMayhem> {
  const [counts] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(mayhemResponses)
    .where(eq(mayhemResponses.mayhemId, mayhem.id));
  const [investors] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(players)
    .where(
      and(eq(players.gameId, mayhem.gameId), inArray(players.role, [ROLE.INVESTOR, ROLE.BOTH])),
    );
  return publicMayhemFrom(mayhem, Number(counts?.n ?? 0), Number(investors?.n ?? 0));
}

/** The public view of a mayhem list from its counts already read. */
function publicMayhemFrom(
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

export async function mayhemView(
  tx: Executor,
  mayhem: MayhemRow,
  playerId: number | null,
): Promise<MayhemData> {
  const pub = await publicMayhemView(tx, mayhem);
  const mine = playerId ? await mayhemResponseOf(tx, mayhem.id, playerId) : undefined;
  return { ...pub, responded: Boolean(mine), my_response: mine?.stocks ?? null };
}

/** The player's answer to a mayhem list, if they have given one. */
export async function mayhemResponseOf(tx: Executor, mayhemId: number, playerId: number) {
  const [row] = await tx
    .select()
    .from(mayhemResponses)
    .where(and(eq(mayhemResponses.mayhemId, mayhemId), eq(mayhemResponses.playerId, playerId)));
  return row;
}

/** The players of the game who hold investor roles, counted from a list already read. */
function investorsIn(seated: readonly PlayerWithName[]): number {
  return seated.filter((r) => r.player.role === ROLE.INVESTOR || r.player.role === ROLE.BOTH)
    .length;
}

/** The ids of the players who answered the mayhem list (one read for the count and `me`). */
async function mayhemResponders(tx: Executor, mayhemId: number): Promise<number[]> {
  const rows = await tx
    .select({ playerId: mayhemResponses.playerId })
    .from(mayhemResponses)
    .where(eq(mayhemResponses.mayhemId, mayhemId));
  return rows.map((r) => r.playerId);
}

/**
 * Everything a device needs to draw the game; `viewer` null is a spectator. Each row is read
 * once (issue 13): the players list also gives the first player and the investor count, the
 * prices serve the stocks, the viewer's portfolio and the ranking.
 */
export async function snapshotView(
  tx: Executor,
  game: GameRow,
  viewer: PlayerRow | null,
): Promise<GameSnapshot> {
  const mayhem = game.status === GAME_STATUS.RUNNING ? await openMayhem(tx, game.id) : undefined;
  const seated = await listPlayers(tx, game.id);
  const prices = await pricesOf(tx, game);
  const responders = mayhem ? await mayhemResponders(tx, mayhem.id) : [];
  let me: GameSnapshot['me'] = null;
  if (viewer) {
    me = {
      player_id: viewer.id,
      role: viewer.role as Role,
      portfolio:
        isInvestorRole(viewer.role) && game.status !== GAME_STATUS.LOBBY
          ? await portfolioView(tx, game, viewer, prices)
          : null,
      mayhem_responded: mayhem ? responders.includes(viewer.id) : false,
    };
  }
  const first = game.firstPlayerId
    ? seated.find((r) => r.player.id === game.firstPlayerId)
    : undefined;
  return {
    seq: game.seq,
    game: {
      id: game.id,
      board_code: game.code,
      status: game.status as GameStatus,
      settings: settingsView(game),
      first_player: first ? { player_id: first.player.id, username: first.username } : null,
    },
    players: seated.map(publicPlayerView),
    stocks: stocksFrom(prices),
    mayhem: mayhem ? publicMayhemFrom(mayhem, responders.length, investorsIn(seated)) : null,
    ranking:
      game.status === GAME_STATUS.COMPLETED
        ? await rankingView(tx, game, { seated, prices })
        : null,
    me,
    price_history: await priceHistoryView(tx, game.id),
  };
}

/**
 * Reads of a game from the database, each shaped by projections.ts. They run inside the
 * caller's transaction or snapshot (`tx`); none writes.
 */
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type {
  FirstPlayer,
  MayhemData,
  Portfolio,
  PublicPlayer,
  RankingEntry,
  StockEntry,
  TransactionEntry,
} from '@showdown/shared/api';
import { COMPANIES } from '@showdown/shared/catalogue';
import { GAME_STATUS, ROLE, type GameStatus, type Role } from '@showdown/shared/constants';
import { isInvestorRole } from '@showdown/shared/roles';
import type { GameSnapshot, PricePoint, PublicMayhem } from '@showdown/shared/protocol';
import type { ReportRows } from '@showdown/shared/report';
import type { Executor } from '../db/client.ts';
import {
  gameStocks,
  holdings,
  ledgerEntries,
  mayhemResponses,
  mayhems,
  players,
  pricePoints,
  transactions,
  users,
} from '../db/schema.ts';
import type { GameRow, PlayerRow } from './access.ts';
import {
  investorsIn,
  pointView,
  portfolioFromFacts,
  publicMayhemFrom,
  publicPlayerView,
  rankingFrom,
  settingsView,
  stocksFrom,
  transactionView,
  type MayhemRow,
  type PlayerWithName,
} from './projections.ts';

export async function listPlayers(tx: Executor, gameId: number): Promise<PlayerWithName[]> {
  return tx
    .select({ player: players, username: users.username, bot: users.bot })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.id));
}

export async function publicPlayers(tx: Executor, gameId: number): Promise<PublicPlayer[]> {
  return (await listPlayers(tx, gameId)).map(publicPlayerView);
}

/** A seat as every device shows it, with the user's name. */
export async function playerWithName(tx: Executor, player: PlayerRow): Promise<PublicPlayer> {
  const [user] = await tx
    .select({ username: users.username, bot: users.bot })
    .from(users)
    .where(eq(users.id, player.userId));
  return publicPlayerView({ player, username: user?.username ?? '', bot: user?.bot ?? false });
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

/** The shares the players hold (none asked: none read). */
export async function holdingsOf(tx: Executor, playerIds: readonly number[]) {
  if (playerIds.length === 0) return [];
  return tx
    .select()
    .from(holdings)
    .where(inArray(holdings.playerId, [...playerIds]));
}

/** Current prices in paise by company id; before the start, the catalogue's opening prices. */
export async function pricesOf(tx: Executor, game: GameRow): Promise<Map<number, number>> {
  if (game.status === GAME_STATUS.LOBBY) {
    return new Map(COMPANIES.map((c) => [c.id, c.openingPricePaise]));
  }
  const rows = await tx.select().from(gameStocks).where(eq(gameStocks.gameId, game.id));
  return new Map(rows.map((r) => [r.stockId, r.pricePaise]));
}

export async function stocksView(tx: Executor, game: GameRow): Promise<StockEntry[]> {
  return stocksFrom(await pricesOf(tx, game));
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

/** One page of history, newest first: entries older than `before` (an entry id), at most `limit`. */
export interface HistoryPage {
  before?: number;
  limit: number;
}

/** The caller's history: game-wide price updates and paydays since joining, and own trades. */
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
  return rows.map(transactionView);
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
  return rankingFrom(seated, held, prices);
}

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

/** The ids of the players who answered the mayhem list (one read for the count and `me`). */
async function mayhemResponders(tx: Executor, mayhemId: number): Promise<number[]> {
  const rows = await tx
    .select({ playerId: mayhemResponses.playerId })
    .from(mayhemResponses)
    .where(eq(mayhemResponses.mayhemId, mayhemId));
  return rows.map((r) => r.playerId);
}

/** Every price point of the game, oldest first. */
export async function priceHistoryView(tx: Executor, gameId: number): Promise<PricePoint[]> {
  const rows = await tx
    .select()
    .from(pricePoints)
    .where(eq(pricePoints.gameId, gameId))
    .orderBy(asc(pricePoints.id));
  return rows.map(pointView);
}

/**
 * Everything a device needs to draw the game; `viewer` null is a spectator. Each row is read
 * once: the players list also gives the first player and the investor count, the
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
      rematch_game_id: game.rematchGameId,
      practice: game.practice,
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

type HistoryTable = typeof pricePoints | typeof transactions | typeof ledgerEntries;

/** Every row of one of the game's histories, oldest first. */
function historyOf<T extends HistoryTable>(
  tx: Executor,
  table: T,
  gameId: number,
): Promise<Array<T['$inferSelect']>> {
  const history: HistoryTable = table;
  return tx
    .select()
    .from(history)
    .where(eq(history.gameId, gameId))
    .orderBy(asc(history.id)) as Promise<Array<T['$inferSelect']>>;
}

/** Every history row of a game that its report is computed from. */
export async function reportRows(tx: Executor, game: GameRow): Promise<ReportRows> {
  const seated = await tx
    .select({
      player_id: players.id,
      username: users.username,
      avatar_id: players.avatarId,
      role: players.role,
    })
    .from(players)
    .innerJoin(users, eq(users.id, players.userId))
    .where(eq(players.gameId, game.id))
    .orderBy(asc(players.id));
  const points = await historyOf(tx, pricePoints, game.id);
  const entries = await historyOf(tx, transactions, game.id);
  const ledger = await historyOf(tx, ledgerEntries, game.id);
  const averaged = await tx
    .select()
    .from(mayhems)
    .where(and(eq(mayhems.gameId, game.id), eq(mayhems.status, 2)))
    .orderBy(asc(mayhems.id));
  const answers = averaged.length
    ? await tx
        .select()
        .from(mayhemResponses)
        .where(
          inArray(
            mayhemResponses.mayhemId,
            averaged.map((m) => m.id),
          ),
        )
        .orderBy(asc(mayhemResponses.id))
    : [];
  return {
    game: {
      id: game.id,
      board_code: game.code,
      started_at: game.startedAt?.toISOString() ?? null,
      ended_at: game.endedAt?.toISOString() ?? null,
    },
    players: seated.map((p) => ({ ...p, role: p.role as Role })),
    price_points: points.map((p) => ({
      stock_id: p.stockId,
      price_paise: p.pricePaise,
      cause: p.cause as ReportRows['price_points'][number]['cause'],
      at: p.createdAt.toISOString(),
    })),
    transactions: entries.map((t) => ({
      id: t.id,
      type: t.type,
      player_id: t.playerId,
      stock_id: t.stockId,
      trade_type: t.tradeType,
      quantity: t.quantity,
      amount_paise: t.amountPaise,
      undone_type: t.undoneType,
      at: t.createdAt.toISOString(),
    })),
    ledger: ledger.map((e) => ({
      id: e.id,
      player_id: e.playerId,
      kind: e.kind,
      delta_paise: e.deltaPaise,
      transaction_id: e.transactionId,
      at: e.createdAt.toISOString(),
    })),
    mayhems: averaged.map((m) => ({
      mayhem_id: m.id,
      averaged_at: (m.averagedAt ?? m.createdAt).toISOString(),
      responses: answers.filter((a) => a.mayhemId === m.id).map((a) => a.stocks),
    })),
  };
}

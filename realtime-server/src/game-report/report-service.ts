/**
 * After the game: the report of a completed game, its CSV, signed-out share
 * links and the signed-in user's games. The report itself is computed by `shared/` from the
 * history rows read here in one snapshot.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { GameReport, UserGame, UserGames } from '@showdown/shared/api';
import { GAME_STATUS, type GameStatus, type Role } from '@showdown/shared/constants';
import { paiseToRupees } from '@showdown/shared/money';
import { rankPlayers } from '@showdown/shared/ranking';
import { buildGameReport, reportCsvRecords } from '@showdown/shared/report';
import { isInvestorRole } from '@showdown/shared/roles';
import { marketValuePaise } from '@showdown/shared/trading';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { botSeats, games, gameStocks, players, reportShares } from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import { conflict, notFound } from '../games/errors.ts';
import { requireSeat, type GameRow } from '../games/access.ts';
import { holdingsOf, reportRows } from '../games/queries.ts';
import { spectatedGameId } from '../games/board-service.ts';
import { MSG } from '@showdown/shared/messages';

export const REPORT_MSG = {
  NOT_COMPLETED: 'The report is ready once the game is completed.',
  SHARE_NOT_FOUND: 'This report link does not exist or was revoked.',
} as const;

/** The caller's completed game, or why not: 404 unknown, 403 not seated, 409 not completed. */
async function completedGameOf(tx: Executor, userId: number, gameId: number): Promise<GameRow> {
  const { game } = await requireSeat(tx, gameId, userId, { allowCompleted: true });
  if (game.status !== GAME_STATUS.COMPLETED) throw conflict(REPORT_MSG.NOT_COMPLETED);
  return game;
}

/** `GET /api/game/{id}/report`: seated players of a completed game. */
export async function gameReport(ctx: AppContext, userId: number, gameId: number) {
  return readSnapshot(ctx.db, async (tx) => {
    const game = await completedGameOf(tx, userId, gameId);
    return { data: await practiceMarks(tx, game, buildGameReport(await reportRows(tx, game))) };
  });
}

/** `GET /api/game/{id}/report.csv`: the ledger with running balances, then a summary. */
export async function gameReportCsv(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<{ filename: string; csv: string }> {
  return readSnapshot(ctx.db, async (tx) => {
    const game = await completedGameOf(tx, userId, gameId);
    const rows = await reportRows(tx, game);
    const records = reportCsvRecords(rows, buildGameReport(rows));
    return {
      filename: `showdown-${game.code}-game-${game.id}.csv`,
      // CRLF and a byte-order mark: spreadsheets open it as UTF-8 (₹, names) on every system.
      csv: stringify(records, {
        record_delimiter: 'windows',
        bom: true,
        cast: { string: neutraliseFormula },
      }),
    };
  });
}

/** A cell a spreadsheet would read as a formula (OWASP, CSV injection), unless a plain number. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * Players choose their names, and whoever opens the report in a spreadsheet would run a name
 * like `=HYPERLINK(…)`: such a cell gets a leading apostrophe, which spreadsheets show as text
 * (the name itself is kept after it). Amounts like `-12.50` stay numbers.
 */
function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A practice game's report says so, and names its bots as bots. */
async function practiceMarks(tx: Executor, game: GameRow, report: GameReport): Promise<GameReport> {
  if (!game.practice) return report;
  const bots = await tx
    .select({ playerId: botSeats.playerId })
    .from(botSeats)
    .where(eq(botSeats.gameId, game.id));
  const botIds = new Set(bots.map((b) => b.playerId));
  return {
    ...report,
    practice: true,
    players: report.players.map((p) => ({ ...p, bot: botIds.has(p.player_id) })),
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A link's token: 32 random bytes in base64url. Anything else was never a link. */
const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/game/{id}/report/share`: a new signed-out link; only its hash is kept. */
export async function shareReport(
  ctx: AppContext,
  userId: number,
  gameId: number,
  origin: string,
): Promise<{ data: { url: string } }> {
  const token = randomBytes(32).toString('base64url');
  await inTransaction(ctx.db, async (tx) => {
    await completedGameOf(tx, userId, gameId);
    await tx.insert(reportShares).values({
      gameId,
      createdBy: userId,
      tokenHash: hashToken(token),
      createdAt: ctx.clock.now(),
    });
  });
  return { data: { url: `${origin}/report/${token}` } };
}

/** `DELETE /api/game/{id}/report/share`: revokes every link the caller made for this game. */
export async function revokeReportShares(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<{ data: { revoked: number } }> {
  return inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { allowCompleted: true });
    const revoked = await tx
      .update(reportShares)
      .set({ revokedAt: ctx.clock.now() })
      .where(
        and(
          eq(reportShares.gameId, gameId),
          eq(reportShares.createdBy, userId),
          isNull(reportShares.revokedAt),
        ),
      )
      .returning({ id: reportShares.id });
    return { data: { revoked: revoked.length } };
  });
}

/** `GET /api/report/{token}`: the report behind a live link, for anyone holding it. */
export async function sharedReport(ctx: AppContext, token: string): Promise<{ data: GameReport }> {
  if (!SHARE_TOKEN.test(token)) throw notFound(REPORT_MSG.SHARE_NOT_FOUND);
  return readSnapshot(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ game: games })
      .from(reportShares)
      .innerJoin(games, eq(games.id, reportShares.gameId))
      .where(and(eq(reportShares.tokenHash, hashToken(token)), isNull(reportShares.revokedAt)));
    if (!row) throw notFound(REPORT_MSG.SHARE_NOT_FOUND);
    const report = buildGameReport(await reportRows(tx, row.game));
    return { data: await practiceMarks(tx, row.game, report) };
  });
}

/**
 * `GET /api/spectate/{code}/report`: the report of the game a spectator of the board follows
 * (the open one, else the latest), once it has ended, for the TV's recap. It is what a share
 * link of that game shows; 409 while the board's game is not completed.
 */
export async function boardReport(ctx: AppContext, code: string): Promise<{ data: GameReport }> {
  const gameId = await spectatedGameId(ctx, code);
  return readSnapshot(ctx.db, async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId));
    if (!game) throw notFound(MSG.GAME_NOT_FOUND);
    if (game.status !== GAME_STATUS.COMPLETED) throw conflict(REPORT_MSG.NOT_COMPLETED);
    return { data: await practiceMarks(tx, game, buildGameReport(await reportRows(tx, game))) };
  });
}

/**
 * Whether a share link is live (made and not revoked), asked of the database on every call, so
 * a revocation through any process or node holds on all of them at once.
 */
export async function shareIsLive(ctx: AppContext, token: string): Promise<boolean> {
  if (!SHARE_TOKEN.test(token)) return false;
  const rows = await ctx.db
    .select({ id: reportShares.id })
    .from(reportShares)
    .where(and(eq(reportShares.tokenHash, hashToken(token)), isNull(reportShares.revokedAt)))
    .limit(1);
  return rows.length > 0;
}

/**
 * `GET /api/user/games`: the caller's games, newest first, a page at a time (`before` is the
 * last page's smallest game id). Rank and final net worth once a game is completed, for an
 * investor, computed as the leaderboard computes them.
 */
export async function userGames(
  ctx: AppContext,
  userId: number,
  page: { before?: number; limit: number },
): Promise<{ data: UserGames }> {
  return readSnapshot(ctx.db, async (tx) => {
    const mine = await tx
      .select({ game: games, role: players.role })
      .from(players)
      .innerJoin(games, eq(games.id, players.gameId))
      .where(
        and(
          eq(players.userId, userId),
          page.before === undefined ? undefined : lt(games.id, page.before),
        ),
      )
      .orderBy(desc(games.id))
      .limit(page.limit + 1);
    const more = mine.length > page.limit;
    const shown = mine.slice(0, page.limit);
    const completedIds = shown
      .filter((r) => r.game.status === GAME_STATUS.COMPLETED)
      .map((r) => r.game.id);
    const standings = await finalStandings(tx, completedIds, userId);
    const list: UserGame[] = shown.map(({ game, role }) => {
      const mineStanding = standings.get(game.id);
      return {
        game_id: game.id,
        board_code: game.code,
        status: game.status as GameStatus,
        started_at: game.startedAt?.toISOString() ?? null,
        ended_at: game.endedAt?.toISOString() ?? null,
        role: role as Role,
        rank: mineStanding?.rank ?? null,
        final_net_worth: mineStanding ? paiseToRupees(mineStanding.balancePaise) : null,
        practice: game.practice,
      };
    });
    return {
      data: { games: list, next_before: more ? (shown.at(-1)?.game.id ?? null) : null },
    };
  });
}

/** The user's rank and net worth in each of the completed games (investors only). */
async function finalStandings(
  tx: Executor,
  gameIds: number[],
  userId: number,
): Promise<Map<number, { rank: number; balancePaise: number }>> {
  const out = new Map<number, { rank: number; balancePaise: number }>();
  if (gameIds.length === 0) return out;
  const seated = await tx.select().from(players).where(inArray(players.gameId, gameIds));
  const investors = seated.filter((p) => isInvestorRole(p.role));
  const prices = await tx.select().from(gameStocks).where(inArray(gameStocks.gameId, gameIds));
  const held = await holdingsOf(
    tx,
    investors.map((p) => p.id),
  );
  const priceOf = new Map(prices.map((p) => [`${p.gameId}:${p.stockId}`, p.pricePaise]));
  const gameOfPlayer = new Map(investors.map((p) => [p.id, p.gameId]));
  const values = new Map<number, number>();
  for (const h of held) {
    const price = priceOf.get(`${gameOfPlayer.get(h.playerId)}:${h.stockId}`) ?? 0;
    values.set(h.playerId, (values.get(h.playerId) ?? 0) + marketValuePaise(h, price));
  }
  for (const gameId of gameIds) {
    const ranked = rankPlayers(
      investors
        .filter((p) => p.gameId === gameId)
        .map((p) => ({
          id: p.id,
          userId: p.userId,
          balancePaise: p.cashPaise + (values.get(p.id) ?? 0),
        })),
    );
    const own = ranked.find((r) => r.userId === userId);
    if (own) out.set(gameId, { rank: own.rank, balancePaise: own.balancePaise });
  }
  return out;
}

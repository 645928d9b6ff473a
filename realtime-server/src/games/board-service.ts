/**
 * The board: joining with its code (which opens the board's game when none is open, or
 * joins it), the lobby limits (per user, per address) and the expiry of empty lobbies, the
 * read-only question "does this board have an open game", and which game a spectator follows.
 */
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { BoardStatusData, JoinGameData } from '@showdown/shared/api';
import {
  EMPTY_LOBBY_TTL_SECONDS,
  GAME_STATUS,
  MAX_OPEN_LOBBIES_PER_IP,
  MAX_OPEN_LOBBIES_PER_USER,
  MAX_PLAYERS_PER_GAME,
  PAYDAY_INCREMENT_DEFAULT,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { rupeesToPaise } from '@showdown/shared/money';
import { isBrokerRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import type { Database, Executor, Tx } from '../db/client.ts';
import { isUniqueViolation, pgConstraint } from '../db/errors.ts';
import { expectRow } from '../db/rows.ts';
import { boardJoins, games, players, rateLimits } from '../db/schema.ts';
import { runGameCommand } from './command.ts';
import { conflict, notFound, rateLimited } from './errors.ts';
import type { ServiceResult } from './service-result.ts';

const OPEN_STATUSES = [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING];

/** Lobbies created before this moment and still without a seat are expired. */
const lobbyCutoff = (now: Date) => new Date(now.getTime() - EMPTY_LOBBY_TTL_SECONDS * 1000);

/** An empty lobby older than the TTL: expired, whether or not a join has deleted it yet. */
const expiredLobby = (now: Date) =>
  and(
    eq(games.status, GAME_STATUS.LOBBY),
    lt(games.createdAt, lobbyCutoff(now)),
    sql`not exists (select 1 from ${players} where ${players.gameId} = ${games.id})`,
  );

/** The board's open game (lobby or running), expired empty lobbies left out. */
export async function openGameByCode(tx: Executor, code: string, now: Date) {
  const [game] = await tx
    .select()
    .from(games)
    .where(
      and(
        eq(games.code, code),
        inArray(games.status, OPEN_STATUSES),
        sql`not (${expiredLobby(now)})`,
      ),
    );
  return game;
}

/** Deletes lobbies nobody took a seat in within 24 h, so their board codes are free again. */
export async function expireEmptyLobbies(tx: Tx, now: Date) {
  await tx.delete(games).where(expiredLobby(now));
}

/**
 * Open lobbies created by the user, or from the address, refused past their limits. Practice
 * games have limits of their own (bots/practice-service.ts) and are not counted here.
 */
export async function assertMayOpenLobby(tx: Tx, userId: number, ip: string | undefined) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`lobby:user:${userId}`}, 0))`,
  );
  const [byUser] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(
      and(
        eq(games.status, GAME_STATUS.LOBBY),
        eq(games.createdBy, userId),
        eq(games.practice, false),
      ),
    );
  if (Number(byUser?.n ?? 0) >= MAX_OPEN_LOBBIES_PER_USER) {
    throw rateLimited(MSG.LOBBY_LIMIT_USER);
  }
  if (!ip) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lobby:ip:${ip}`}, 0))`);
  const [byIp] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(
      and(eq(games.status, GAME_STATUS.LOBBY), eq(games.createdIp, ip), eq(games.practice, false)),
    );
  if (Number(byIp?.n ?? 0) >= MAX_OPEN_LOBBIES_PER_IP) throw rateLimited(MSG.LOBBY_LIMIT_IP);
}

export interface JoinRequest {
  code: string;
  /** The client address, for the per-address lobby limit. */
  ip?: string;
}

/** Opens a new lobby on the board, within the per-user and per-address limits; its id. */
async function openLobby(tx: Tx, userId: number, code: string, ip: string | undefined, now: Date) {
  await assertMayOpenLobby(tx, userId, ip);
  const [game] = await tx
    .insert(games)
    .values({
      code,
      startingFundsPaise: rupeesToPaise(STARTING_FUNDS_DEFAULT),
      paydayIncrementPaise: rupeesToPaise(PAYDAY_INCREMENT_DEFAULT),
      tradePhaseDuration: TRADE_PHASE_DURATION_DEFAULT,
      createdBy: userId,
      createdIp: ip,
      createdAt: now,
    })
    .returning({ id: games.id });
  return expectRow(game, 'games: open lobby').id;
}

/**
 * Joins the board's open game, or opens a new lobby on the board when it has none (within the
 * per-user and per-address limits), and records that the user came in with its code (only such
 * a user may take a seat). A game command of the holder of the board code (`seat:
 * 'board-code'`): the game is found (or opened) and locked, and nothing is numbered.
 */
export async function joinBoard(
  ctx: AppContext,
  userId: number,
  request: JoinRequest,
): Promise<ServiceResult<JoinGameData>> {
  const { code } = request;
  const ip = request.ip?.slice(0, 64);
  for (let attempt = 0; attempt < 3; attempt++) {
    let opened = false;
    let now = ctx.clock.now();
    const findOrOpen = async (tx: Tx) => {
      now = ctx.clock.now();
      await expireEmptyLobbies(tx, now);
      const open = await openGameByCode(tx, code, now);
      opened = !open;
      return open ? open.id : openLobby(tx, userId, code, ip, now);
    };
    try {
      return await runGameCommand(
        ctx,
        { gameId: findOrOpen, userId, seat: 'board-code', status: OPEN_STATUSES, seq: 'on-demand' },
        async ({ tx, game, player, publish }) => {
          const seated = await tx
            .select({ role: players.role })
            .from(players)
            .where(eq(players.gameId, game.id));
          const data: JoinGameData = {
            game_id: game.id,
            board_code: game.code,
            broker_exists: seated.some((p) => isBrokerRole(p.role)),
            role: player?.role ?? null,
            player_id: player?.id ?? null,
            game_status: game.status,
          };
          if (!player) {
            if (game.status !== GAME_STATUS.LOBBY) throw conflict(MSG.GAME_NOT_IN_LOBBY);
            if (seated.length >= MAX_PLAYERS_PER_GAME) throw conflict(MSG.BOARD_FULL);
          }
          await tx
            .insert(boardJoins)
            .values({ gameId: game.id, userId, joinedAt: now })
            .onConflictDoNothing();
          // The board's spectators (a TV after "Restart the Game") follow the new game.
          if (opened) publish((p) => p.boardOpened(game.code, game.id));
          return player ? { data, message: MSG.ALREADY_IN_BOARD } : { data };
        },
      );
    } catch (err) {
      // Two players opened the same new board at once: the other insert won; join that game.
      if (isUniqueViolation(err) && pgConstraint(err) === 'games_open_code_uq') continue;
      throw err;
    }
  }
  throw conflict(MSG.GAME_NOT_FOUND);
}

/** Board reads a minute, per user and per address (so probing codes is not free). */
export const BOARD_READS_PER_MINUTE = 30;

export interface BoardReadLimiter {
  /** Counts one read by the user from the address; a DomainError (rate_limited) past a limit. */
  consume(userId: number, ip: string | undefined): Promise<void>;
}

/**
 * The board read's limits, counted in the database (rate-limiter-flexible's Drizzle store) so
 * they hold across processes and nodes: BOARD_READS_PER_MINUTE per user and as many per address.
 */
export function createBoardReadLimiter(db: Database): BoardReadLimiter {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'board-read',
    points: BOARD_READS_PER_MINUTE,
    duration: 60,
  });
  return {
    async consume(userId, ip) {
      const keys = [`user:${userId}`, ...(ip ? [`ip:${ip.slice(0, 64)}`] : [])];
      const counted = await Promise.allSettled(keys.map((key) => limiter.consume(key)));
      for (const outcome of counted) {
        if (outcome.status === 'fulfilled') continue;
        // Past the limit the store answers a RateLimiterRes; anything else is a fault.
        if (outcome.reason instanceof RateLimiterRes) throw rateLimited(MSG.RATE_LIMITED);
        throw outcome.reason;
      }
    },
  };
}

/**
 * `GET /api/board/{code}`: whether the board has an open game (lobby or running), changing
 * nothing. The web app asks it before "No game on XXXX yet. Start a new lobby?"; the join itself
 * is `POST /api/game/join { code }`. Limited per user and per address.
 */
export async function boardStatus(
  ctx: AppContext,
  limiter: BoardReadLimiter,
  userId: number,
  ip: string | undefined,
  code: string,
): Promise<ServiceResult<BoardStatusData>> {
  await limiter.consume(userId, ip);
  const game = await openGameByCode(ctx.db, code, ctx.clock.now());
  return {
    data: {
      board_code: code,
      open_game: Boolean(game),
      game_id: game?.id ?? null,
      status: game ? (game.status as BoardStatusData['status']) : null,
    },
  };
}

/** The game a spectator of the board follows: the open one, else the board's latest. */
export async function spectatedGameId(ctx: AppContext, code: string): Promise<number> {
  const [current] = await ctx.db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.code, code), inArray(games.status, OPEN_STATUSES)));
  const [latest] = current
    ? [current]
    : await ctx.db
        .select({ id: games.id })
        .from(games)
        .where(eq(games.code, code))
        .orderBy(desc(games.id))
        .limit(1);
  if (!latest) throw notFound(MSG.GAME_NOT_FOUND);
  return latest.id;
}

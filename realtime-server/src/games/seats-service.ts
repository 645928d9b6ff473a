/** Joining a board with its code, seats, roles and avatars, the lobby read. */
import { expectRow } from '../db/rows.ts';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type {
  ChangeRoleInput,
  JoinGameData,
  LobbyData,
  SelectRoleInput,
} from '@showdown/shared/api';
import { AVATARS } from '@showdown/shared/catalogue';
import {
  BROKER_AVATAR_ID,
  EMPTY_LOBBY_TTL_SECONDS,
  GAME_STATUS,
  MAX_OPEN_LOBBIES_PER_IP,
  MAX_OPEN_LOBBIES_PER_USER,
  MAX_PLAYERS_PER_GAME,
  PAYDAY_INCREMENT_DEFAULT,
  ROLE,
  SELECTABLE_AVATAR_IDS,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
  type GameStatus,
  type Role,
} from '@showdown/shared/constants';
import { ERROR_CODE, MSG, noOpenGameMessage } from '@showdown/shared/messages';
import { rupeesToPaise } from '@showdown/shared/money';
import { isBrokerRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { isUniqueViolation, pgConstraint } from '../db/errors.ts';
import { boardJoins, games, players, users } from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
} from '../http/errors.ts';
import { findGame, gameCompleted, nextSeq, requireSeat, type PlayerRow } from './access.ts';
import { firstPlayerView, publicPlayerView, publicPlayers } from './views.ts';

import type { ServiceResult } from './service-result.ts';

const OPEN_STATUSES = [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING];

async function openGameByCode(tx: Tx, code: string) {
  const [game] = await tx
    .select()
    .from(games)
    .where(and(eq(games.code, code), inArray(games.status, OPEN_STATUSES)));
  return game;
}

/** Deletes lobbies nobody took a seat in within 24 h, so their board codes are free again. */
async function expireEmptyLobbies(tx: Tx, now: Date) {
  const cutoff = new Date(now.getTime() - EMPTY_LOBBY_TTL_SECONDS * 1000);
  await tx
    .delete(games)
    .where(
      and(
        eq(games.status, GAME_STATUS.LOBBY),
        lt(games.createdAt, cutoff),
        sql`not exists (select 1 from ${players} where ${players.gameId} = ${games.id})`,
      ),
    );
}

/** Open lobbies created by the user, or from the address, refused past their limits with a 429. */
async function assertMayOpenLobby(tx: Tx, userId: number, ip: string | undefined) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`lobby:user:${userId}`}, 0))`,
  );
  const [byUser] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(and(eq(games.status, GAME_STATUS.LOBBY), eq(games.createdBy, userId)));
  if (Number(byUser?.n ?? 0) >= MAX_OPEN_LOBBIES_PER_USER) {
    throw tooManyRequests(MSG.LOBBY_LIMIT_USER);
  }
  if (!ip) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lobby:ip:${ip}`}, 0))`);
  const [byIp] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(and(eq(games.status, GAME_STATUS.LOBBY), eq(games.createdIp, ip)));
  if (Number(byIp?.n ?? 0) >= MAX_OPEN_LOBBIES_PER_IP) throw tooManyRequests(MSG.LOBBY_LIMIT_IP);
}

export interface JoinRequest {
  code: string;
  /** Open a new lobby when the board has no open game. */
  create?: boolean;
  /** The client address, for the per-address lobby limit. */
  ip?: string;
}

/**
 * Joins the board's open game and records that the user came in with its code (only such a user
 * may take a seat). A board without an open game answers 404 NO_OPEN_GAME, unless `create` asks
 * for a new lobby (within the per-user and per-address limits).
 */
export async function joinBoard(
  ctx: AppContext,
  userId: number,
  request: JoinRequest,
): Promise<ServiceResult<JoinGameData>> {
  const { code } = request;
  const ip = request.ip?.slice(0, 64);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      let opened = false;
      const result = await inTransaction(ctx.db, async (tx) => {
        opened = false;
        const now = ctx.clock.now();
        await expireEmptyLobbies(tx, now);
        let game = await openGameByCode(tx, code);
        if (!game) {
          if (request.create !== true) {
            throw new AppError(404, ERROR_CODE.NO_OPEN_GAME, noOpenGameMessage(code));
          }
          await assertMayOpenLobby(tx, userId, ip);
          opened = true;
          [game] = await tx
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
            .returning();
        }
        if (!game) throw notFound(MSG.GAME_NOT_FOUND);
        const seated = await tx
          .select({ id: players.id, userId: players.userId, role: players.role })
          .from(players)
          .where(eq(players.gameId, game.id));
        const mine = seated.find((p) => p.userId === userId);
        const data: JoinGameData = {
          game_id: game.id,
          board_code: game.code,
          broker_exists: seated.some((p) => isBrokerRole(p.role)),
          role: mine?.role ?? null,
          player_id: mine?.id ?? null,
          game_status: game.status,
        };
        if (!mine) {
          if (game.status !== GAME_STATUS.LOBBY) throw conflict(MSG.GAME_NOT_IN_LOBBY);
          if (seated.length >= MAX_PLAYERS_PER_GAME) throw conflict(MSG.BOARD_FULL);
        }
        await tx
          .insert(boardJoins)
          .values({ gameId: game.id, userId, joinedAt: now })
          .onConflictDoNothing();
        return mine ? { data, message: MSG.ALREADY_IN_BOARD } : { data };
      });
      // The board's spectators (a TV after "Restart the Game") follow the new game.
      if (opened) ctx.publisher.boardOpened(result.data.board_code, result.data.game_id);
      return result;
    } catch (err) {
      // Two players opened the same new board at once: the other insert won; join that game.
      if (isUniqueViolation(err) && pgConstraint(err) === 'games_open_code_uq') continue;
      throw err;
    }
  }
  throw conflict(MSG.GAME_NOT_FOUND);
}

/**
 * The user came in with the board code (or already sits at the table); otherwise 403
 * FORBIDDEN: a guessed game id never seats or informs a stranger.
 */
async function assertJoined(tx: Executor, gameId: number, userId: number) {
  const [joined] = await tx
    .select({ userId: boardJoins.userId })
    .from(boardJoins)
    .where(and(eq(boardJoins.gameId, gameId), eq(boardJoins.userId, userId)));
  if (joined) return;
  const [seat] = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  if (!seat) throw forbidden(MSG.JOIN_FIRST);
}

/** Avatars still free in the game (avatar 7, the broker's, is never offered). */
export async function freeAvatars(ctx: AppContext, userId: number, gameId: number) {
  const game = await findGame(ctx.db, gameId);
  if (!game) throw notFound(MSG.GAME_NOT_FOUND);
  await assertJoined(ctx.db, gameId, userId);
  if (game.status === GAME_STATUS.COMPLETED) throw gameCompleted();
  const taken = await ctx.db
    .select({ avatarId: players.avatarId, userId: players.userId })
    .from(players)
    .where(eq(players.gameId, gameId));
  const takenByOthers = new Set(taken.filter((t) => t.userId !== userId).map((t) => t.avatarId));
  return AVATARS.filter((a) => a.id !== BROKER_AVATAR_ID && !takenByOthers.has(a.id)).map((a) => ({
    id: a.id,
    name: a.name,
    image: a.image,
  }));
}

/** The avatar a seat gets: the one asked for if allowed and free, else 7 for a broker, else the lowest free. */
async function chooseAvatar(
  tx: Tx,
  gameId: number,
  role: Role,
  requested: number | null | undefined,
  exceptPlayerId: number | null,
  current: number | null,
): Promise<number> {
  const others = await tx
    .select({ avatarId: players.avatarId })
    .from(players)
    .where(
      exceptPlayerId
        ? and(eq(players.gameId, gameId), ne(players.id, exceptPlayerId))
        : eq(players.gameId, gameId),
    );
  const taken = new Set(others.map((o) => o.avatarId));
  const brokerSeat = isBrokerRole(role);
  if (requested) {
    if (requested === BROKER_AVATAR_ID && !brokerSeat) throw badRequest(MSG.AVATAR_INVALID);
    if (taken.has(requested)) throw conflict(MSG.AVATAR_TAKEN);
    return requested;
  }
  if (current && !taken.has(current) && (current !== BROKER_AVATAR_ID || brokerSeat))
    return current;
  if (role === ROLE.BROKER && !taken.has(BROKER_AVATAR_ID)) return BROKER_AVATAR_ID;
  const free = SELECTABLE_AVATAR_IDS.find((id) => !taken.has(id));
  if (free) return free;
  if (brokerSeat && !taken.has(BROKER_AVATAR_ID)) return BROKER_AVATAR_ID;
  throw conflict(MSG.BOARD_FULL);
}

function seatConflict(err: unknown): never {
  const constraint = pgConstraint(err);
  if (constraint === 'players_one_broker_uq') throw conflict(MSG.BROKER_FILLED);
  if (constraint === 'players_game_avatar_uq') throw conflict(MSG.AVATAR_TAKEN);
  if (constraint === 'players_game_user_uq') throw conflict(MSG.ALREADY_IN_BOARD);
  throw err;
}

async function playerWithName(tx: Tx, player: PlayerRow) {
  const [user] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, player.userId));
  return publicPlayerView({ player, username: user?.username ?? '' });
}

/** Takes a seat in the lobby with a role and an avatar (or changes the caller's own seat). */
export async function selectRole(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: SelectRoleInput,
) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const game = await findGame(tx, gameId, 'update');
    if (!game) throw notFound(MSG.GAME_NOT_FOUND);
    await assertJoined(tx, gameId, userId);
    if (game.status === GAME_STATUS.COMPLETED) throw gameCompleted();
    if (game.status !== GAME_STATUS.LOBBY) throw conflict(MSG.GAME_NOT_IN_LOBBY);
    const seq = await nextSeq(tx, gameId);
    const [existing] = await tx
      .select()
      .from(players)
      .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
    if (existing) {
      const updated = await updateSeat(tx, gameId, existing, input.role, input.avatar_id);
      return { seq, player: await playerWithName(tx, updated), joined: false };
    }
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(players)
      .where(eq(players.gameId, gameId));
    if (Number(count) >= MAX_PLAYERS_PER_GAME) throw conflict(MSG.BOARD_FULL);
    await assertBrokerFree(tx, gameId, input.role, null);
    const avatarId = await chooseAvatar(tx, gameId, input.role, input.avatar_id, null, null);
    const [created] = await tx
      .insert(players)
      .values({ gameId, userId, role: input.role, avatarId })
      .returning();
    return {
      seq,
      player: await playerWithName(tx, expectRow(created, 'players: take seat')),
      joined: true,
    };
  }).catch(seatConflict);

  ctx.publisher.game(gameId, outcome.joined ? 'lobby:joined' : 'player:updated', {
    seq: outcome.seq,
    game_id: gameId,
    player: outcome.player,
  });
  return {
    data: outcome.player,
    message: outcome.joined ? MSG.ROLE_SELECTED : MSG.ROLE_UPDATED,
  };
}

async function assertBrokerFree(tx: Tx, gameId: number, role: Role, exceptPlayerId: number | null) {
  if (!isBrokerRole(role)) return;
  const brokers = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.gameId, gameId), inArray(players.role, [ROLE.BROKER, ROLE.BOTH])));
  if (brokers.some((b) => b.id !== exceptPlayerId)) throw conflict(MSG.BROKER_FILLED);
}

async function updateSeat(
  tx: Tx,
  gameId: number,
  seat: PlayerRow,
  role: Role,
  avatarId: number | null | undefined,
): Promise<PlayerRow> {
  await assertBrokerFree(tx, gameId, role, seat.id);
  const avatar = await chooseAvatar(tx, gameId, role, avatarId, seat.id, seat.avatarId);
  const [updated] = await tx
    .update(players)
    .set({ role, avatarId: avatar })
    .where(eq(players.id, seat.id))
    .returning();
  return expectRow(updated, 'players: change role');
}

/** Changes a seat's role and avatar: one's own, or (the broker) anyone's. */
export async function changeRole(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: ChangeRoleInput,
) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const { player: caller } = await requireSeat(tx, gameId, userId, {
      status: [GAME_STATUS.LOBBY],
      lock: 'update',
    });
    const seq = await nextSeq(tx, gameId);
    let target = caller;
    if (input.player_id && input.player_id !== caller.id) {
      if (!isBrokerRole(caller.role)) throw forbidden(MSG.BROKER_ONLY);
      const [other] = await tx
        .select()
        .from(players)
        .where(and(eq(players.id, input.player_id), eq(players.gameId, gameId)));
      if (!other) throw notFound(MSG.PLAYER_NOT_FOUND);
      target = other;
    }
    const updated = await updateSeat(tx, gameId, target, input.role, input.avatar_id);
    return { seq, player: await playerWithName(tx, updated) };
  }).catch(seatConflict);
  ctx.publisher.game(gameId, 'player:updated', {
    seq: outcome.seq,
    game_id: gameId,
    player: outcome.player,
  });
  return { data: outcome.player, message: MSG.ROLE_UPDATED };
}

export async function lobby(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<LobbyData>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { game, player } = await requireSeat(tx, gameId, userId);
    return {
      data: {
        game_id: game.id,
        board_code: game.code,
        game_status: game.status as GameStatus,
        game_players_data: await publicPlayers(tx, gameId),
        first_player: await firstPlayerView(tx, game),
        my_player_id: player.id,
        my_role: player.role as Role,
      },
    };
  });
}

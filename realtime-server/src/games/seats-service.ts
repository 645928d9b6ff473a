/** Seats: roles and avatars, the broker removing a player, the lobby read, the seat check. */
import { expectRow } from '../db/rows.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ChangeRoleInput, LobbyData, SelectRoleInput } from '@showdown/shared/api';
import { AVATARS } from '@showdown/shared/catalogue';
import {
  BROKER_AVATAR_ID,
  GAME_STATUS,
  MAX_PLAYERS_PER_GAME,
  ROLE,
  SELECTABLE_AVATAR_IDS,
  type GameStatus,
  type Role,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { isBrokerRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { pgConstraint } from '../db/errors.ts';
import { players, users } from '../db/schema.ts';
import { readSnapshot } from '../db/transaction.ts';
import { findGame, gameCompleted, requireSeat, type PlayerRow, type Seat } from './access.ts';
import { assertJoined, gameCommand } from './command.ts';
import { conflict, forbidden, invalid, notFound } from './errors.ts';
import { firstPlayerView, playerWithName, publicPlayers } from './queries.ts';
import { assertNotBotSeat } from './bot-seat.ts';
import type { ServiceResult } from './service-result.ts';

const LOBBY = [GAME_STATUS.LOBBY] as const;

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
    if (requested === BROKER_AVATAR_ID && !brokerSeat) throw invalid(MSG.AVATAR_INVALID);
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

/** Takes a seat in the lobby with a role and an avatar (or changes the caller's own seat). */
export const selectRole = gameCommand(
  { seat: 'joined', status: LOBBY, refusal: seatConflict },
  async ({ tx, player: existing, seq, publish, userId, gameId }, input: SelectRoleInput) => {
    const taken = await seq();
    if (existing) {
      const updated = await updateSeat(tx, gameId, existing, input.role, input.avatar_id);
      const player = await playerWithName(tx, updated);
      publish((p) => p.game(gameId, 'player:updated', { seq: taken, game_id: gameId, player }));
      return { data: player, message: MSG.ROLE_UPDATED };
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
    const player = await playerWithName(tx, expectRow(created, 'players: take seat'));
    publish((p) => p.game(gameId, 'lobby:joined', { seq: taken, game_id: gameId, player }));
    return { data: player, message: MSG.ROLE_SELECTED };
  },
);

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
export const changeRole = gameCommand(
  { seat: 'seated', status: LOBBY, refusal: seatConflict },
  async ({ tx, player: caller, seq, publish, gameId }, input: ChangeRoleInput) => {
    const taken = await seq();
    let target = caller;
    if (input.player_id && input.player_id !== caller.id) {
      if (!isBrokerRole(caller.role)) throw forbidden(MSG.BROKER_ONLY);
      const [other] = await tx
        .select()
        .from(players)
        .where(and(eq(players.id, input.player_id), eq(players.gameId, gameId)));
      if (!other) throw notFound(MSG.PLAYER_NOT_FOUND);
      await assertNotBotSeat(tx, other.id);
      target = other;
    }
    const updated = await updateSeat(tx, gameId, target, input.role, input.avatar_id);
    const player = await playerWithName(tx, updated);
    publish((p) => p.game(gameId, 'player:updated', { seq: taken, game_id: gameId, player }));
    return { data: player, message: MSG.ROLE_UPDATED };
  },
);

/** The broker removes a player from the lobby. */
export const removePlayer = gameCommand(
  { seat: 'broker', status: LOBBY },
  async ({ tx, player: broker, seq, publish, gameId }, playerId: number) => {
    if (broker.id === playerId) throw conflict(MSG.CANNOT_REMOVE_SELF);
    await assertNotBotSeat(tx, playerId);
    const [row] = await tx
      .delete(players)
      .where(and(eq(players.id, playerId), eq(players.gameId, gameId)))
      .returning();
    if (!row) throw notFound(MSG.PLAYER_NOT_FOUND);
    const taken = await seq();
    publish((p) => {
      p.game(gameId, 'player:removed', { seq: taken, game_id: gameId, player_id: row.id });
      p.evict(gameId, row.userId);
    });
    return { data: { player_id: row.id }, message: MSG.PLAYER_REMOVED };
  },
);

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

/** The caller's seat in the game (completed games included), or the DomainError refusing it. */
export function seatOf(db: Executor, gameId: number, userId: number): Promise<Seat> {
  return requireSeat(db, gameId, userId, { allowCompleted: true });
}

/**
 * The seated players of a game (their player and user ids, and whether a bot holds the seat),
 * as presence needs them.
 */
export function seatedPlayers(db: Executor) {
  return (gameId: number): Promise<Array<{ id: number; userId: number; bot: boolean }>> =>
    db
      .select({ id: players.id, userId: players.userId, bot: users.bot })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(eq(players.gameId, gameId));
}

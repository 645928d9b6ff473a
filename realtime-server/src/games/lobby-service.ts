/** Joining a board, seats, roles and avatars, settings, start, first player, end. */
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type {
  ChangeRoleInput,
  JoinGameData,
  LobbyData,
  RankingEntry,
  SelectRoleInput,
  SettingsInput,
} from '@showdown/shared/api';
import { AVATARS, COMPANIES } from '@showdown/shared/catalogue';
import {
  BROKER_AVATAR_ID,
  GAME_STATUS,
  MAX_PLAYERS_PER_GAME,
  PAYDAY_INCREMENT_DEFAULT,
  ROLE,
  SELECTABLE_AVATAR_IDS,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
  type GameStatus,
  type Role,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { rupeesToPaise } from '@showdown/shared/money';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation, pgConstraint } from '../db/errors.ts';
import { games, gameStocks, ledgerEntries, players, users } from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import { recordPricePoints } from './price-history.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { findGame, gameCompleted, nextSeq, requireSeat, type PlayerRow } from './access.ts';
import {
  firstPlayerView,
  portfolioView,
  pricesOf,
  publicPlayerView,
  publicPlayers,
  rankingView,
  settingsView,
  stocksView,
} from './views.ts';

export interface ServiceResult<T> {
  data: T;
  message?: string;
}

const OPEN_STATUSES = [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING];

async function openGameByCode(tx: Tx, code: string) {
  const [game] = await tx
    .select()
    .from(games)
    .where(and(eq(games.code, code), inArray(games.status, OPEN_STATUSES)));
  return game;
}

/** Joins the board's open game, opening a new one in the lobby when the board has none. */
export async function joinBoard(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<ServiceResult<JoinGameData>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      let opened = false;
      const result = await inTransaction(ctx.db, async (tx) => {
        opened = false;
        let game = await openGameByCode(tx, code);
        if (!game) {
          opened = true;
          [game] = await tx
            .insert(games)
            .values({
              code,
              startingFundsPaise: rupeesToPaise(STARTING_FUNDS_DEFAULT),
              paydayIncrementPaise: rupeesToPaise(PAYDAY_INCREMENT_DEFAULT),
              tradePhaseDuration: TRADE_PHASE_DURATION_DEFAULT,
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
          role: (mine?.role as Role | undefined) ?? null,
          player_id: mine?.id ?? null,
          game_status: game.status as GameStatus,
        };
        if (mine) return { data, message: MSG.ALREADY_IN_BOARD };
        if (game.status !== GAME_STATUS.LOBBY) throw conflict(MSG.GAME_NOT_IN_LOBBY);
        if (seated.length >= MAX_PLAYERS_PER_GAME) throw conflict(MSG.BOARD_FULL);
        return { data };
      });
      // The board's spectators (a TV after "Restart the Game") follow the new game.
      if (opened) ctx.publisher.boardOpened(result.data.board_code, result.data.game_id);
      return result;
    } catch (err) {
      // Two players opened the same new board at once: the other insert won; join that game.
      if (isUniqueViolation(err) && pgConstraint(err) !== 'players_game_user_uq') continue;
      throw err;
    }
  }
  throw conflict(MSG.GAME_NOT_FOUND);
}

/** Avatars still free in the game (avatar 7, the broker's, is never offered). */
export async function freeAvatars(ctx: AppContext, userId: number, gameId: number) {
  const game = await findGame(ctx.db, gameId);
  if (!game) throw notFound(MSG.GAME_NOT_FOUND);
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
    const game = await findGame(tx, gameId);
    if (!game) throw notFound(MSG.GAME_NOT_FOUND);
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
    return { seq, player: await playerWithName(tx, created!), joined: true };
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
  return updated!;
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

export async function removePlayer(
  ctx: AppContext,
  userId: number,
  gameId: number,
  playerId: number,
) {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const { player: broker } = await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY],
    });
    if (broker.id === playerId) throw conflict(MSG.CANNOT_REMOVE_SELF);
    const seq = await nextSeq(tx, gameId);
    const [row] = await tx
      .delete(players)
      .where(and(eq(players.id, playerId), eq(players.gameId, gameId)))
      .returning();
    if (!row) throw notFound(MSG.PLAYER_NOT_FOUND);
    return { seq, row };
  });
  ctx.publisher.game(gameId, 'player:removed', {
    seq: removed.seq,
    game_id: gameId,
    player_id: removed.row.id,
    user_id: removed.row.userId,
  });
  ctx.publisher.evict(gameId, removed.row.userId);
  return { data: { player_id: removed.row.id }, message: MSG.PLAYER_REMOVED };
}

export async function getSettings(ctx: AppContext, userId: number, gameId: number) {
  const { game } = await requireSeat(ctx.db, gameId, userId);
  return { data: settingsView(game) };
}

export async function updateSettings(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: SettingsInput,
) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { roles: 'broker', status: [GAME_STATUS.LOBBY] });
    const seq = await nextSeq(tx, gameId);
    const [game] = await tx
      .update(games)
      .set({
        startingFundsPaise: rupeesToPaise(input.starting_funds),
        paydayIncrementPaise: rupeesToPaise(input.payday_increment),
        tradePhaseDuration: input.trade_phase_duration,
      })
      .where(eq(games.id, gameId))
      .returning();
    return { seq, settings: settingsView(game!) };
  });
  ctx.publisher.game(gameId, 'settings:changed', {
    seq: outcome.seq,
    game_id: gameId,
    settings: outcome.settings,
  });
  return { data: outcome.settings, message: MSG.SETTINGS_UPDATED };
}

/** Opens the market: investors get the starting funds, the catalogue's companies list. */
export async function startGame(ctx: AppContext, userId: number, gameId: number) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { roles: 'broker', status: [GAME_STATUS.LOBBY] });
    const seq = await nextSeq(tx, gameId);
    const seated = await tx
      .select()
      .from(players)
      .where(eq(players.gameId, gameId))
      .orderBy(asc(players.id));
    if (!seated.some((p) => isBrokerRole(p.role))) throw conflict(MSG.NEED_BROKER);
    const investors = seated.filter((p) => isInvestorRole(p.role));
    if (investors.length === 0) throw conflict(MSG.NEED_INVESTOR);
    const [game] = await tx
      .update(games)
      .set({ status: GAME_STATUS.RUNNING, startedAt: ctx.clock.now() })
      .where(eq(games.id, gameId))
      .returning();
    await tx
      .insert(gameStocks)
      .values(COMPANIES.map((c) => ({ gameId, stockId: c.id, pricePaise: c.openingPricePaise })));
    const openings = await recordPricePoints(
      tx,
      gameId,
      'opening',
      ctx.clock.now(),
      COMPANIES.map((c) => ({ stockId: c.id, pricePaise: c.openingPricePaise })),
    );
    const funds = game!.startingFundsPaise;
    const funded = await tx
      .update(players)
      .set({ cashPaise: funds })
      .where(
        inArray(
          players.id,
          investors.map((p) => p.id),
        ),
      )
      .returning();
    await tx
      .insert(ledgerEntries)
      .values(investors.map((p) => ({ gameId, playerId: p.id, kind: 'start', deltaPaise: funds })));
    const prices = await pricesOf(tx, game!);
    const portfolios = [];
    for (const p of funded) {
      portfolios.push({ userId: p.userId, portfolio: await portfolioView(tx, game!, p, prices) });
    }
    return { seq, game: game!, stocks: await stocksView(tx, game!), portfolios, openings };
  });
  ctx.publisher.game(gameId, 'game:started', {
    seq: outcome.seq,
    game_id: gameId,
    settings: settingsView(outcome.game),
    stocks: outcome.stocks,
    price_history: outcome.openings,
  });
  for (const p of outcome.portfolios) ctx.publisher.portfolio(p.userId, gameId, p.portfolio);
  return { data: { game_status: GAME_STATUS.RUNNING }, message: MSG.GAME_STARTED };
}

/** The broker's spin: the server picks the first player so every wheel lands on the same one. */
export async function pickFirstPlayer(ctx: AppContext, userId: number, gameId: number) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING],
    });
    const seq = await nextSeq(tx, gameId);
    const candidates = await tx
      .select({ id: players.id, username: users.username })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(and(eq(players.gameId, gameId), inArray(players.role, [ROLE.INVESTOR, ROLE.BOTH])))
      .orderBy(asc(players.id));
    if (candidates.length === 0) throw conflict(MSG.FIRST_PLAYER_NEED_TWO);
    const pick = candidates[randomInt(candidates.length)]!;
    await tx.update(games).set({ firstPlayerId: pick.id }).where(eq(games.id, gameId));
    return { seq, pick };
  });
  const data = { player_id: outcome.pick.id, username: outcome.pick.username };
  ctx.publisher.game(gameId, 'firstPlayer:picked', { seq: outcome.seq, game_id: gameId, ...data });
  return { data, message: MSG.FIRST_PLAYER_PICKED };
}

export async function endGame(ctx: AppContext, userId: number, gameId: number) {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING],
    });
    const seq = await nextSeq(tx, gameId);
    const [game] = await tx
      .update(games)
      .set({
        status: GAME_STATUS.COMPLETED,
        orderbookStatus: 0,
        phaseEndsAt: null,
        endedAt: ctx.clock.now(),
      })
      .where(eq(games.id, gameId))
      .returning();
    return { seq, ranking: await rankingView(tx, game!) };
  });
  ctx.publisher.game(gameId, 'game:ended', {
    seq: outcome.seq,
    game_id: gameId,
    ranking: outcome.ranking,
  });
  return { data: outcome.ranking, message: MSG.GAME_ENDED };
}

export async function showdown(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<RankingEntry[]>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { game } = await requireSeat(tx, gameId, userId, { allowCompleted: true });
    return { data: await rankingView(tx, game) };
  });
}

/** Settings, start, the first player, the end and the showdown ranking. */
import { expectRow } from '../db/rows.ts';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RankingEntry, SettingsInput } from '@showdown/shared/api';
import { COMPANIES } from '@showdown/shared/catalogue';
import { GAME_STATUS, ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { rupeesToPaise } from '@showdown/shared/money';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import { games, gameStocks, ledgerEntries, players, users } from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import { conflict, forbidden } from '../http/errors.ts';
import { nextSeq, requireSeat } from './access.ts';
import { portfolioView, pricesOf, rankingView, settingsView, stocksView } from './views.ts';

import { recordPricePoints } from './price-history.ts';
import type { ServiceResult } from './service-result.ts';

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
    await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY],
      lock: 'update',
    });
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
    return { seq, settings: settingsView(expectRow(game, 'games: update settings')) };
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
    await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: [GAME_STATUS.LOBBY],
      lock: 'update',
    });
    const seq = await nextSeq(tx, gameId);
    const seated = await tx
      .select()
      .from(players)
      .where(eq(players.gameId, gameId))
      .orderBy(asc(players.id));
    if (!seated.some((p) => isBrokerRole(p.role))) throw conflict(MSG.NEED_BROKER);
    const investors = seated.filter((p) => isInvestorRole(p.role));
    if (investors.length === 0) throw conflict(MSG.NEED_INVESTOR);
    const [gameRow] = await tx
      .update(games)
      .set({ status: GAME_STATUS.RUNNING, startedAt: ctx.clock.now() })
      .where(eq(games.id, gameId))
      .returning();
    const game = expectRow(gameRow, 'games: start');
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
    const funds = game.startingFundsPaise;
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
    const prices = await pricesOf(tx, game);
    const portfolios = [];
    for (const p of funded) {
      portfolios.push({ userId: p.userId, portfolio: await portfolioView(tx, game, p, prices) });
    }
    return { seq, game: game, stocks: await stocksView(tx, game), portfolios, openings };
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
      lock: 'update',
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
      lock: 'update',
    });
    const seq = await nextSeq(tx, gameId);
    const [gameRow] = await tx
      .update(games)
      .set({
        status: GAME_STATUS.COMPLETED,
        orderbookStatus: 0,
        phaseEndsAt: null,
        endedAt: ctx.clock.now(),
      })
      .where(eq(games.id, gameId))
      .returning();
    const game = expectRow(gameRow, 'games: end');
    return { seq, ranking: await rankingView(tx, game) };
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
    const { game, player } = await requireSeat(tx, gameId, userId, { allowCompleted: true });
    // While the game runs the Showdown is a broker screen; once completed everyone seated reads it.
    if (game.status !== GAME_STATUS.COMPLETED && !isBrokerRole(player.role)) {
      throw forbidden(MSG.BROKER_ONLY);
    }
    return { data: await rankingView(tx, game) };
  });
}

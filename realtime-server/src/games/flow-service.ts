/** The game's flow: settings, start, the first player, trade phases, paydays, the end, the showdown. */
import { expectRow } from '../db/rows.ts';
import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderbookData, Portfolio, SettingsInput } from '@showdown/shared/api';
import { COMPANIES } from '@showdown/shared/catalogue';
import { GAME_STATUS, PAYDAYS_PER_GAME, ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { paiseToRupees, rupeesToPaise } from '@showdown/shared/money';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import { games, gameStocks, ledgerEntries, players, users } from '../db/schema.ts';
import { requireSeat } from './access.ts';
import { gameRead } from './read.ts';
import {
  gameCommand,
  runGameCommand,
  runHotPathCommand,
  type GameCommand,
  type SeatRule,
} from './command.ts';
import { DomainError, conflict, forbidden } from './errors.ts';
import { recordPricePoints } from './price-history.ts';
import {
  phaseOpen,
  portfolioFromFacts,
  settingsView,
  type MarketFacts,
  type PlayerFacts,
} from './projections.ts';
import { portfolioView, pricesOf, rankingView, stocksView } from './queries.ts';
import type { ServiceResult } from './service-result.ts';

const LOBBY = [GAME_STATUS.LOBBY] as const;
const RUNNING = [GAME_STATUS.RUNNING] as const;
const LOBBY_OR_RUNNING = [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING] as const;

export async function getSettings(ctx: AppContext, userId: number, gameId: number) {
  const { game } = await requireSeat(ctx.db, gameId, userId);
  return { data: settingsView(game) };
}

export const updateSettings = gameCommand(
  { seat: 'broker', status: LOBBY },
  async ({ tx, seq, publish, gameId }, input: SettingsInput) => {
    const [game] = await tx
      .update(games)
      .set({
        startingFundsPaise: rupeesToPaise(input.starting_funds),
        paydayIncrementPaise: rupeesToPaise(input.payday_increment),
        tradePhaseDuration: input.trade_phase_duration,
      })
      .where(eq(games.id, gameId))
      .returning();
    const settings = settingsView(expectRow(game, 'games: update settings'));
    const taken = await seq();
    publish((p) => p.game(gameId, 'settings:changed', { seq: taken, game_id: gameId, settings }));
    return { data: settings, message: MSG.SETTINGS_UPDATED };
  },
);

/** Opens the market: investors get the starting funds, the catalogue's companies list. */
export const startGame = gameCommand(
  { seat: 'broker', status: LOBBY },
  async ({ tx, seq, publish, ctx, gameId }) => {
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
    const portfolios: Array<{ userId: number; portfolio: Portfolio }> = [];
    for (const p of funded) {
      portfolios.push({ userId: p.userId, portfolio: await portfolioView(tx, game, p, prices) });
    }
    const stocks = await stocksView(tx, game);
    const taken = await seq();
    publish((p) => {
      p.game(gameId, 'game:started', {
        seq: taken,
        game_id: gameId,
        settings: settingsView(game),
        stocks,
        price_history: openings,
      });
      for (const f of portfolios) p.portfolio(f.userId, gameId, f.portfolio);
    });
    return { data: { game_status: GAME_STATUS.RUNNING }, message: MSG.GAME_STARTED };
  },
);

/** The broker's spin: the server picks the first player so every wheel lands on the same one. */
export const pickFirstPlayer = gameCommand(
  { seat: 'broker', status: LOBBY_OR_RUNNING },
  async ({ tx, seq, publish, gameId }) => {
    const candidates = await tx
      .select({ id: players.id, username: users.username })
      .from(players)
      .innerJoin(users, eq(users.id, players.userId))
      .where(and(eq(players.gameId, gameId), inArray(players.role, [ROLE.INVESTOR, ROLE.BOTH])))
      .orderBy(asc(players.id));
    if (candidates.length === 0) throw conflict(MSG.FIRST_PLAYER_NEED_TWO);
    const pick = candidates[randomInt(candidates.length)]!;
    await tx.update(games).set({ firstPlayerId: pick.id }).where(eq(games.id, gameId));
    const data = { player_id: pick.id, username: pick.username };
    const taken = await seq();
    publish((p) => p.game(gameId, 'firstPlayer:picked', { seq: taken, game_id: gameId, ...data }));
    return { data, message: MSG.FIRST_PLAYER_PICKED };
  },
);

export interface PhaseHooks {
  /** Called after a phase opens so this node (and the others) can end it on time. */
  onPhaseStarted(gameId: number, endsAt: Date): void;
}

/** Opens (1) or closes (0) the trade phase; both are idempotent (a no-op numbers nothing). */
export async function setOrderbook(
  ctx: AppContext,
  hooks: PhaseHooks,
  userId: number,
  gameId: number,
  status: 0 | 1,
): Promise<ServiceResult<OrderbookData>> {
  return runGameCommand(
    ctx,
    { gameId, userId, seat: 'broker', status: RUNNING, seq: 'on-demand' },
    async ({ tx, game, seq, publish }) => {
      const now = ctx.clock.now();
      const message = status === 1 ? MSG.TRADE_INITIATED : MSG.TRADE_ENDED;
      const unchanged = status === 1 ? phaseOpen(game, now) : game.orderbookStatus === 0;
      if (unchanged) {
        const settings = settingsView(game);
        return {
          data: { orderbook_status: settings.orderbook_status, ends_at: settings.ends_at },
          message,
        };
      }
      const taken = await seq();
      const [updatedRow] = await tx
        .update(games)
        .set(
          status === 1
            ? {
                orderbookStatus: 1,
                phaseEndsAt: new Date(now.getTime() + game.tradePhaseDuration * 1000),
                phaseRemainingMs: null,
              }
            : { orderbookStatus: 0, phaseEndsAt: null, phaseRemainingMs: null },
        )
        .where(eq(games.id, gameId))
        .returning();
      const updated = expectRow(updatedRow, 'games: set orderbook');
      const endsAt = updated.phaseEndsAt;
      publish((p) => {
        if (status === 1 && endsAt) {
          p.game(gameId, 'phase:started', {
            seq: taken,
            game_id: gameId,
            ends_at: endsAt.toISOString(),
            duration: updated.tradePhaseDuration,
          });
          hooks.onPhaseStarted(gameId, endsAt);
        } else {
          p.game(gameId, 'phase:ended', { seq: taken, game_id: gameId });
        }
      });
      const settings = settingsView(updated);
      return {
        data: { orderbook_status: settings.orderbook_status, ends_at: settings.ends_at },
        message,
      };
    },
  );
}

/**
 * Ends every phase whose time is up. Each end is a command of the server itself (`seat:
 * 'system'`): the game is locked and its phase checked again under the lock, so with several
 * nodes sweeping, each phase is ended (and announced) by exactly one of them.
 */
export async function endExpiredPhases(ctx: AppContext): Promise<number[]> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: games.id })
    .from(games)
    .where(
      and(
        eq(games.orderbookStatus, 1),
        // A paused phase's clock stands still: it never ends by time.
        isNull(games.phaseRemainingMs),
        sql`not showdown_phase_is_open(${games}, ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(games.id));
  const ended: number[] = [];
  for (const { id } of due) {
    if (await endPhaseIfDue(ctx, id, now)) ended.push(id);
  }
  return ended;
}

/** Ends the game's phase if it is still open and due (another node may have ended it). */
async function endPhaseIfDue(ctx: AppContext, gameId: number, now: Date): Promise<boolean> {
  try {
    const { data } = await runGameCommand(
      ctx,
      { gameId, userId: null, seat: 'system', status: RUNNING, seq: 'on-demand' },
      async ({ tx, game, seq, publish }) => {
        if (game.orderbookStatus !== 1 || phaseOpen(game, now)) return { data: false };
        const taken = await seq();
        await tx
          .update(games)
          .set({ orderbookStatus: 0, phaseEndsAt: null })
          .where(eq(games.id, gameId));
        publish((p) => p.game(gameId, 'phase:ended', { seq: taken, game_id: gameId }));
        return { data: true };
      },
    );
    return data;
  } catch (err) {
    // The game ended (or went) since it was found due: there is no phase left to end.
    if (err instanceof DomainError) return false;
    throw err;
  }
}

/** Credits every investor the payday increment; three per game (one SQL function call). */
export async function givePayday(ctx: AppContext, userId: number, gameId: number) {
  return runHotPathCommand<
    {
      seq: number;
      paydays_given: number;
      amount_paise: number;
      market: MarketFacts;
      credited: Array<PlayerFacts & { user_id: number }>;
    },
    { amount: number; paydays_given: number }
  >(
    ctx,
    gameId,
    userId,
    'givePayday',
    [PAYDAYS_PER_GAME, ctx.clock.now().toISOString()],
    (outcome, publish) => {
      const amount = paiseToRupees(outcome.amount_paise);
      publish((p) => {
        p.game(gameId, 'payday:given', {
          seq: outcome.seq,
          game_id: gameId,
          amount,
          paydays_given: outcome.paydays_given,
        });
        for (const c of outcome.credited) {
          p.portfolio(c.user_id, gameId, portfolioFromFacts({ ...outcome.market, ...c }));
        }
      });
      return { data: { amount, paydays_given: outcome.paydays_given }, message: MSG.PAYDAY_OK };
    },
  );
}

/** The end: the game completes, its phase closes, and every device gets the ranking. */
async function closeGame({
  tx,
  seq,
  publish,
  ctx,
  gameId,
}: Pick<GameCommand<SeatRule>, 'tx' | 'seq' | 'publish' | 'ctx' | 'gameId'>) {
  const [gameRow] = await tx
    .update(games)
    .set({
      status: GAME_STATUS.COMPLETED,
      orderbookStatus: 0,
      phaseEndsAt: null,
      phaseRemainingMs: null,
      endedAt: ctx.clock.now(),
    })
    .where(eq(games.id, gameId))
    .returning();
  const ranking = await rankingView(tx, expectRow(gameRow, 'games: end'));
  const taken = await seq();
  publish((p) => p.game(gameId, 'game:ended', { seq: taken, game_id: gameId, ranking }));
  return { data: ranking, message: MSG.GAME_ENDED };
}

export const endGame = gameCommand({ seat: 'broker', status: LOBBY_OR_RUNNING }, closeGame);

/** Ends a game as the server itself (`seat: 'system'`): a practice game left idle. */
export function endGameBySystem(ctx: AppContext, gameId: number) {
  return runGameCommand(
    ctx,
    { gameId, userId: null, seat: 'system', status: LOBBY_OR_RUNNING },
    (cmd) => closeGame({ ...cmd, ctx, gameId }),
  );
}

export const showdown = gameRead({ allowCompleted: true }, async (tx, { game, player }) => {
  // While the game runs the Showdown is a broker screen; once completed everyone seated reads it.
  if (game.status !== GAME_STATUS.COMPLETED && !isBrokerRole(player.role)) {
    throw forbidden(MSG.BROKER_ONLY);
  }
  return rankingView(tx, game);
});

/** Prices, trade phases, orders, portfolios, history and paydays. */
import { and, eq, sql } from 'drizzle-orm';
import type {
  OrderbookData,
  Portfolio,
  PriceUpdateData,
  PriceUpdateInput,
  StocksData,
  TradeInput,
  TransactionEntry,
} from '@showdown/shared/api';
import {
  GAME_STATUS,
  PAYDAYS_PER_GAME,
  PRICE_CAP_PAISE,
  PRICE_FLOOR_PAISE,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { paiseToRupees } from '@showdown/shared/money';
import { isTradePhaseOpen } from '@showdown/shared/phase';
import { signedPercent } from '@showdown/shared/pricing';
import { refusalMessage, type SqlRefusalCode } from '@showdown/shared/refusals';
import { isInvestorRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import { callFunction, HOT_PATHS, refusalKey } from '../db/hot-paths.ts';
import { expectRow } from '../db/rows.ts';
import { games } from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import type { AppError } from '../http/errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.ts';
import { gameCompleted, nextSeq, requireSeat } from './access.ts';
import { pointView } from './price-history.ts';
import {
  mayhemResponseOf,
  openMayhem,
  portfolioFromFacts,
  portfolioView,
  settingsView,
  stocksView,
  transactionsView,
  type HistoryPage,
  type MarketFacts,
  type PlayerFacts,
  type PortfolioFacts,
} from './views.ts';
import type { ServiceResult } from './service-result.ts';
import { orderFingerprint } from './order-fingerprint.ts';

const RUNNING = [GAME_STATUS.RUNNING] as const;

/**
 * The answer each refusal of a hot-path function (drizzle/0003_hot_paths.sql) stands for: the
 * same status and code as the checks of requireSeat and of this service, the list's message.
 */
const refusals: Record<SqlRefusalCode, (message: string) => AppError> = {
  GAME_NOT_FOUND: notFound,
  NOT_IN_GAME: forbidden,
  GAME_COMPLETED: gameCompleted,
  BROKER_ONLY: forbidden,
  INVESTOR_ONLY: forbidden,
  GAME_NOT_RUNNING: conflict,
  GAME_NOT_IN_LOBBY: conflict,
  TRADE_PHASE_OFF: conflict,
  STOCK_NOT_FOUND: notFound,
  INVALID_QUANTITY: unprocessable,
  INSUFFICIENT_FUNDS: unprocessable,
  INSUFFICIENT_SHARES: unprocessable,
  PRICE_CAP: unprocessable,
  PAYDAY_LIMIT: conflict,
  IDEMPOTENCY_KEY_REUSED: conflict,
  IDEMPOTENCY_KEY_MISMATCH: unprocessable,
};

/** The refusal's AppError; any other failure (a server fault) as it is. */
export function refusalError(err: unknown): unknown {
  const code = refusalKey(err);
  return code === undefined ? err : refusals[code](refusalMessage(code));
}

/** One hot path: one function call, one round trip; a refusal becomes its AppError. */
async function callHotPath<T>(
  ctx: AppContext,
  path: keyof typeof HOT_PATHS,
  values: unknown[],
): Promise<T> {
  try {
    return await callFunction<T>(ctx.db, { ...HOT_PATHS[path], values });
  } catch (err) {
    throw refusalError(err);
  }
}

export async function listStocks(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<StocksData>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { game, player } = await requireSeat(tx, gameId, userId);
    const mayhem = game.status === GAME_STATUS.RUNNING ? await openMayhem(tx, gameId) : undefined;
    const answered =
      mayhem && isInvestorRole(player.role)
        ? Boolean(await mayhemResponseOf(tx, mayhem.id, player.id))
        : false;
    const open = Boolean(mayhem) && !answered;
    const settings = settingsView(game);
    return {
      data: {
        stocks_data: await stocksView(tx, game),
        is_mm_exist: open ? 1 : 0,
        game_status: game.status as StocksData['game_status'],
        orderbook_status: settings.orderbook_status,
        ends_at: settings.ends_at,
      },
    };
  });
}

/** The broker moves one company's price by a whole percentage. */
export async function updatePrice(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: PriceUpdateInput,
): Promise<ServiceResult<PriceUpdateData>> {
  const percent = signedPercent(input.operation, input.value);
  const now = ctx.clock.now();
  const outcome = await callHotPath<{ seq: number; previous_paise: number; price_paise: number }>(
    ctx,
    'updatePrice',
    [
      userId,
      gameId,
      input.stock_id,
      percent,
      now.toISOString(),
      PRICE_FLOOR_PAISE,
      PRICE_CAP_PAISE,
    ],
  );
  const change = {
    stock_id: input.stock_id,
    previous_price: paiseToRupees(outcome.previous_paise),
    price: paiseToRupees(outcome.price_paise),
    percentage: percent,
  };
  ctx.publisher.game(gameId, 'price:updated', {
    seq: outcome.seq,
    game_id: gameId,
    ...change,
    point: pointView({
      stockId: input.stock_id,
      pricePaise: outcome.price_paise,
      cause: 'update',
      createdAt: now,
    }),
  });
  return {
    data: {
      stock_id: input.stock_id,
      updatedPrice: change.price,
      previousPrice: change.previous_price,
      percentage: percent,
    },
    message: MSG.PRICE_UPDATED,
  };
}

export interface PhaseHooks {
  /** Called after a phase opens so this node (and the others) can end it on time. */
  onPhaseStarted(gameId: number, endsAt: Date): void;
}

/** Opens (1) or closes (0) the trade phase; both are idempotent. */
export async function setOrderbook(
  ctx: AppContext,
  hooks: PhaseHooks,
  userId: number,
  gameId: number,
  status: 0 | 1,
): Promise<ServiceResult<OrderbookData>> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    const { game } = await requireSeat(tx, gameId, userId, {
      roles: 'broker',
      status: RUNNING,
      lock: 'update',
    });
    const now = ctx.clock.now();
    const isOpen = isTradePhaseOpen(
      { orderbookStatus: game.orderbookStatus, endsAt: game.phaseEndsAt },
      now.getTime(),
    );
    if (status === 1 && isOpen) return { changed: false as const, game };
    if (status === 0 && game.orderbookStatus === 0) return { changed: false as const, game };
    const seq = await nextSeq(tx, gameId);
    const [updated] = await tx
      .update(games)
      .set(
        status === 1
          ? {
              orderbookStatus: 1,
              phaseEndsAt: new Date(now.getTime() + game.tradePhaseDuration * 1000),
            }
          : { orderbookStatus: 0, phaseEndsAt: null },
      )
      .where(eq(games.id, gameId))
      .returning();
    return { changed: true as const, game: expectRow(updated, 'games: set orderbook'), seq };
  });
  const settings = settingsView(outcome.game);
  if (outcome.changed) {
    if (status === 1 && outcome.game.phaseEndsAt) {
      ctx.publisher.game(gameId, 'phase:started', {
        seq: outcome.seq,
        game_id: gameId,
        ends_at: outcome.game.phaseEndsAt.toISOString(),
        duration: outcome.game.tradePhaseDuration,
      });
      hooks.onPhaseStarted(gameId, outcome.game.phaseEndsAt);
    } else {
      ctx.publisher.game(gameId, 'phase:ended', { seq: outcome.seq, game_id: gameId });
    }
  }
  return {
    data: { orderbook_status: settings.orderbook_status, ends_at: settings.ends_at },
    message: status === 1 ? MSG.TRADE_INITIATED : MSG.TRADE_ENDED,
  };
}

/**
 * Ends every phase whose time is up. One conditional UPDATE: with several nodes sweeping, each
 * phase is ended (and announced) by exactly one of them.
 */
export async function endExpiredPhases(ctx: AppContext): Promise<number[]> {
  const now = ctx.clock.now();
  const ended = await ctx.db
    .update(games)
    .set({ orderbookStatus: 0, phaseEndsAt: null, seq: sql`${games.seq} + 1` })
    .where(
      and(
        eq(games.orderbookStatus, 1),
        sql`not showdown_phase_is_open(${games}, ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: games.id, seq: games.seq });
  for (const g of ended) ctx.publisher.game(g.id, 'phase:ended', { seq: g.seq, game_id: g.id });
  return ended.map((g) => g.id);
}

/** An Idempotency-Key's answer stored by the code before 0003_hot_paths: a built portfolio. */
function isBuiltPortfolio(answer: PortfolioFacts | Portfolio): answer is Portfolio {
  return 'portfolio_data' in answer;
}

/**
 * An investor's order at the current price, while the trade phase is on. With an
 * Idempotency-Key, a retry answers the first answer and places nothing (claimed in the order's
 * own statement: a parallel retry waits for the first and then replays it).
 */
export async function placeOrder(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: TradeInput,
  idempotencyKey?: string,
): Promise<ServiceResult<Portfolio>> {
  const outcome = await callHotPath<{ replayed: boolean; facts: PortfolioFacts | Portfolio }>(
    ctx,
    'placeOrder',
    [
      userId,
      gameId,
      input.stock_id,
      input.trade_type,
      input.quantity,
      idempotencyKey ?? null,
      ctx.clock.now().toISOString(),
      idempotencyKey === undefined ? null : orderFingerprint(gameId, input),
    ],
  );
  const portfolio = isBuiltPortfolio(outcome.facts)
    ? outcome.facts
    : portfolioFromFacts(outcome.facts);
  if (!outcome.replayed) ctx.publisher.portfolio(userId, gameId, portfolio);
  return { data: portfolio, message: MSG.ORDER_OK };
}

export async function getPortfolio(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<Portfolio>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { game, player } = await requireSeat(tx, gameId, userId, { roles: 'investor' });
    return { data: await portfolioView(tx, game, player) };
  });
}

export async function listTransactions(
  ctx: AppContext,
  userId: number,
  gameId: number,
  page: HistoryPage,
): Promise<ServiceResult<TransactionEntry[]>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { game, player } = await requireSeat(tx, gameId, userId);
    return { data: await transactionsView(tx, game, player, page) };
  });
}

/** Credits every investor the payday increment; three per game. */
export async function givePayday(ctx: AppContext, userId: number, gameId: number) {
  const outcome = await callHotPath<{
    seq: number;
    paydays_given: number;
    amount_paise: number;
    market: MarketFacts;
    credited: Array<PlayerFacts & { user_id: number }>;
  }>(ctx, 'givePayday', [userId, gameId, PAYDAYS_PER_GAME]);
  const amount = paiseToRupees(outcome.amount_paise);
  ctx.publisher.game(gameId, 'payday:given', {
    seq: outcome.seq,
    game_id: gameId,
    amount,
    paydays_given: outcome.paydays_given,
  });
  for (const p of outcome.credited) {
    ctx.publisher.portfolio(p.user_id, gameId, portfolioFromFacts({ ...outcome.market, ...p }));
  }
  return { data: { amount, paydays_given: outcome.paydays_given }, message: MSG.PAYDAY_OK };
}

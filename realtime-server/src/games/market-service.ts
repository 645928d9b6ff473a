/** The market: prices, orders, portfolios, the history of trades and of prices. */
import type {
  Portfolio,
  PriceUpdateData,
  PriceUpdateInput,
  StocksData,
  TradeInput,
} from '@showdown/shared/api';
import { GAME_STATUS, PRICE_CAP_PAISE, PRICE_FLOOR_PAISE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { paiseToRupees } from '@showdown/shared/money';
import { signedPercent } from '@showdown/shared/pricing';
import { isInvestorRole } from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import { readSnapshot } from '../db/transaction.ts';
import { requireSeat } from './access.ts';
import { gameRead } from './read.ts';
import { runHotPathCommand } from './command.ts';
import { pointView, portfolioFromFacts, settingsView, type PortfolioFacts } from './projections.ts';
import { DomainError } from './errors.ts';
import {
  mayhemResponseOf,
  openMayhem,
  portfolioView,
  priceHistoryView,
  stocksView,
  transactionsView,
  type HistoryPage,
} from './queries.ts';
import type { ServiceResult } from './service-result.ts';
import { orderFingerprint } from './order-fingerprint.ts';

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
  return runHotPathCommand<
    { seq: number; previous_paise: number; price_paise: number },
    PriceUpdateData
  >(
    ctx,
    gameId,
    userId,
    'updatePrice',
    [input.stock_id, percent, now.toISOString(), PRICE_FLOOR_PAISE, PRICE_CAP_PAISE],
    (outcome, publish) => {
      const change = {
        stock_id: input.stock_id,
        previous_price: paiseToRupees(outcome.previous_paise),
        price: paiseToRupees(outcome.price_paise),
        percentage: percent,
      };
      publish((p) =>
        p.game(gameId, 'price:updated', {
          seq: outcome.seq,
          game_id: gameId,
          ...change,
          point: pointView({
            stockId: input.stock_id,
            pricePaise: outcome.price_paise,
            cause: 'update',
            createdAt: now,
          }),
        }),
      );
      return {
        data: {
          stock_id: input.stock_id,
          updatedPrice: change.price,
          previousPrice: change.previous_price,
          percentage: percent,
        },
        message: MSG.PRICE_UPDATED,
      };
    },
  );
}

/** An Idempotency-Key's answer stored before the hot paths were SQL functions: a built portfolio. */
function isBuiltPortfolio(answer: PortfolioFacts | Portfolio): answer is Portfolio {
  return 'portfolio_data' in answer;
}

/**
 * An investor's order at the current price, while the trade phase is on. With an
 * Idempotency-Key, a retry answers the first answer and places nothing (claimed in the order's
 * own statement: a parallel retry waits for the first and then replays it). The owner's other
 * sockets are told the new portfolio; `answeredOn` (a socket command's socket) has it in its
 * answer.
 */
export async function placeOrder(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: TradeInput,
  idempotencyKey?: string,
  answeredOn?: string,
): Promise<ServiceResult<Portfolio>> {
  let replayed = false;
  try {
    const result = await runHotPathCommand<
      { replayed: boolean; facts: PortfolioFacts | Portfolio },
      Portfolio
    >(
      ctx,
      gameId,
      userId,
      'placeOrder',
      [
        input.stock_id,
        input.trade_type,
        input.quantity,
        idempotencyKey ?? null,
        ctx.clock.now().toISOString(),
        idempotencyKey === undefined ? null : orderFingerprint(gameId, input),
      ],
      (outcome, publish) => {
        replayed = outcome.replayed;
        const portfolio = isBuiltPortfolio(outcome.facts)
          ? outcome.facts
          : portfolioFromFacts(outcome.facts);
        if (!outcome.replayed) {
          publish((p) => p.portfolio(userId, gameId, portfolio, answeredOn));
        }
        return { data: portfolio, message: MSG.ORDER_OK };
      },
    );
    ctx.metrics.orders.inc({ outcome: replayed ? 'replayed' : 'placed' });
    return result;
  } catch (err) {
    ctx.metrics.orders.inc({ outcome: err instanceof DomainError ? 'refused' : 'failed' });
    throw err;
  }
}

export const getPortfolio = gameRead({ roles: 'investor' }, (tx, { game, player }) =>
  portfolioView(tx, game, player),
);

export const listTransactions = gameRead({}, (tx, { game, player }, page: HistoryPage) =>
  transactionsView(tx, game, player, page),
);

/** `GET /api/game/{id}/prices/history`: seated players only, also once the game has ended. */
export const getPriceHistory = gameRead({ allowCompleted: true }, (tx, { game }) =>
  priceHistoryView(tx, game.id),
);

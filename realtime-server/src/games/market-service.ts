/** Prices, trade phases, orders, portfolios, history and paydays. */
import { expectRow } from '../db/rows.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  OrderbookData,
  Portfolio,
  PriceUpdateData,
  PriceUpdateInput,
  StocksData,
  TradeInput,
  TransactionEntry,
} from '@showdown/shared/api';
import { GAME_STATUS, PAYDAYS_PER_GAME, ROLE, TRADE_TYPE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { paiseToRupees } from '@showdown/shared/money';
import { applyPercentChange, exceedsPriceCap, signedPercent } from '@showdown/shared/pricing';
import { isInvestorRole } from '@showdown/shared/roles';
import { buy, sell, type TradeError } from '@showdown/shared/trading';
import type { AppContext } from '../context.ts';
import {
  gameStocks,
  games,
  holdings,
  idempotencyKeys,
  ledgerEntries,
  players,
  transactions,
} from '../db/schema.ts';
import { inTransaction, readSnapshot } from '../db/transaction.ts';
import { conflict, notFound, unprocessable } from '../http/errors.ts';
import { nextSeq, requireSeat } from './access.ts';
import { recordPricePoints } from './price-history.ts';
import {
  mayhemResponseOf,
  openMayhem,
  portfolioView,
  pricesOf,
  settingsView,
  stocksView,
  transactionsView,
  type HistoryPage,
} from './views.ts';
import type { ServiceResult } from './service-result.ts';

const RUNNING = [GAME_STATUS.RUNNING] as const;

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
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { roles: 'broker', status: RUNNING, lock: 'update' });
    const seq = await nextSeq(tx, gameId);
    const [stock] = await tx
      .select()
      .from(gameStocks)
      .where(and(eq(gameStocks.gameId, gameId), eq(gameStocks.stockId, input.stock_id)))
      .for('update');
    if (!stock) throw notFound(MSG.STOCK_NOT_FOUND);
    const percent = signedPercent(input.operation, input.value);
    const price = applyPercentChange(stock.pricePaise, percent);
    if (exceedsPriceCap(price)) throw unprocessable(MSG.PRICE_CAP);
    await tx
      .update(gameStocks)
      .set({ pricePaise: price })
      .where(and(eq(gameStocks.gameId, gameId), eq(gameStocks.stockId, input.stock_id)));
    await tx.insert(transactions).values({
      gameId,
      type: 'Price update',
      stockId: input.stock_id,
      percentage: String(percent),
    });
    const [point] = await recordPricePoints(tx, gameId, 'update', ctx.clock.now(), [
      { stockId: input.stock_id, pricePaise: price },
    ]);
    return {
      seq,
      previous: stock.pricePaise,
      price,
      percent,
      point: expectRow(point, 'price_points: record update'),
    };
  });
  const change = {
    stock_id: input.stock_id,
    previous_price: paiseToRupees(outcome.previous),
    price: paiseToRupees(outcome.price),
    percentage: outcome.percent,
  };
  ctx.publisher.game(gameId, 'price:updated', {
    seq: outcome.seq,
    game_id: gameId,
    ...change,
    point: outcome.point,
  });
  return {
    data: {
      stock_id: input.stock_id,
      updatedPrice: change.price,
      previousPrice: change.previous_price,
      percentage: outcome.percent,
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
    const isOpen =
      game.orderbookStatus === 1 && game.phaseEndsAt !== null && game.phaseEndsAt > now;
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
    .where(and(eq(games.orderbookStatus, 1), sql`${games.phaseEndsAt} <= ${now.toISOString()}`))
    .returning({ id: games.id, seq: games.seq });
  for (const g of ended) ctx.publisher.game(g.id, 'phase:ended', { seq: g.seq, game_id: g.id });
  return ended.map((g) => g.id);
}

const tradeErrorMessage: Record<TradeError, string> = {
  INVALID_QUANTITY: 'Quantity must be a positive whole number.',
  INSUFFICIENT_FUNDS: MSG.INSUFFICIENT_FUNDS,
  INSUFFICIENT_SHARES: MSG.INSUFFICIENT_SHARES,
};

/** An investor's order at the current price, while the trade phase is on. */
export async function placeOrder(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: TradeInput,
  idempotencyKey?: string,
): Promise<ServiceResult<Portfolio>> {
  const outcome = await inTransaction(ctx.db, async (tx) => {
    if (idempotencyKey) {
      // The key is claimed in the order's own transaction: a parallel retry waits on the row and
      // then reads the first answer; if the first order failed, nothing was stored and it runs.
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key: idempotencyKey, gameId, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        const [first] = await tx
          .select({ gameId: idempotencyKeys.gameId, response: idempotencyKeys.response })
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
        if (!first || first.gameId !== gameId) throw conflict(MSG.IDEMPOTENCY_KEY_REUSED);
        return { replayed: true as const, portfolio: first.response as Portfolio };
      }
    }
    // A shared lock on the game: a phase end or price change waits for orders in flight.
    const { game, player: seat } = await requireSeat(tx, gameId, userId, {
      roles: 'investor',
      status: RUNNING,
      lock: 'share',
    });
    const now = ctx.clock.now();
    if (game.orderbookStatus !== 1 || !game.phaseEndsAt || game.phaseEndsAt <= now) {
      throw conflict(MSG.TRADE_PHASE_OFF);
    }
    const [player] = await tx.select().from(players).where(eq(players.id, seat.id)).for('update');
    const [stock] = await tx
      .select()
      .from(gameStocks)
      .where(and(eq(gameStocks.gameId, gameId), eq(gameStocks.stockId, input.stock_id)));
    if (!player) throw notFound(MSG.PLAYER_NOT_FOUND);
    if (!stock) throw notFound(MSG.STOCK_NOT_FOUND);
    const [held] = await tx
      .select()
      .from(holdings)
      .where(and(eq(holdings.playerId, player.id), eq(holdings.stockId, input.stock_id)))
      .for('update');
    const holding = { quantity: held?.quantity ?? 0, investedPaise: held?.investedPaise ?? 0 };
    const isBuy = input.trade_type === TRADE_TYPE.BUY;
    const result = isBuy
      ? buy(player.cashPaise, holding, stock.pricePaise, input.quantity)
      : sell(player.cashPaise, holding, stock.pricePaise, input.quantity);
    if (!result.ok) throw unprocessable(tradeErrorMessage[result.error]);

    const [updatedPlayer] = await tx
      .update(players)
      .set({ cashPaise: result.cashPaise })
      .where(eq(players.id, player.id))
      .returning();
    await tx
      .insert(holdings)
      .values({
        playerId: player.id,
        stockId: input.stock_id,
        quantity: result.holding.quantity,
        investedPaise: result.holding.investedPaise,
      })
      .onConflictDoUpdate({
        target: [holdings.playerId, holdings.stockId],
        set: { quantity: result.holding.quantity, investedPaise: result.holding.investedPaise },
      });
    const [entry] = await tx
      .insert(transactions)
      .values({
        gameId,
        playerId: player.id,
        type: 'trade',
        stockId: input.stock_id,
        tradeType: input.trade_type,
        quantity: input.quantity,
        amountPaise: stock.pricePaise,
      })
      .returning({ id: transactions.id });
    await tx.insert(ledgerEntries).values({
      gameId,
      playerId: player.id,
      kind: isBuy ? 'buy' : 'sell',
      deltaPaise: isBuy ? -result.amountPaise : result.amountPaise,
      transactionId: expectRow(entry, 'transactions: record trade').id,
    });
    const portfolio = await portfolioView(
      tx,
      game,
      expectRow(updatedPlayer, 'players: trade cash'),
    );
    if (idempotencyKey) {
      await tx
        .update(idempotencyKeys)
        .set({ response: portfolio })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
    }
    return { replayed: false as const, portfolio };
  });
  if (!outcome.replayed) ctx.publisher.portfolio(userId, gameId, outcome.portfolio);
  return { data: outcome.portfolio, message: MSG.ORDER_OK };
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
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await requireSeat(tx, gameId, userId, { roles: 'broker', status: RUNNING, lock: 'update' });
    const [game] = await tx
      .update(games)
      .set({ paydaysGiven: sql`${games.paydaysGiven} + 1`, seq: sql`${games.seq} + 1` })
      .where(and(eq(games.id, gameId), sql`${games.paydaysGiven} < ${PAYDAYS_PER_GAME}`))
      .returning();
    if (!game) throw conflict(MSG.PAYDAY_LIMIT);
    const amount = game.paydayIncrementPaise;
    const credited = await tx
      .update(players)
      .set({ cashPaise: sql`${players.cashPaise} + ${amount}` })
      .where(and(eq(players.gameId, gameId), inArray(players.role, [ROLE.INVESTOR, ROLE.BOTH])))
      .returning();
    const [paydayRow] = await tx
      .insert(transactions)
      .values({ gameId, type: 'PAYDAY', amountPaise: amount })
      .returning({ id: transactions.id });
    const entry = expectRow(paydayRow, 'transactions: record payday');
    if (credited.length > 0) {
      await tx.insert(ledgerEntries).values(
        credited.map((p) => ({
          gameId,
          playerId: p.id,
          kind: 'payday',
          deltaPaise: amount,
          transactionId: entry.id,
        })),
      );
    }
    const prices = await pricesOf(tx, game);
    const portfolios = [];
    for (const p of credited) {
      portfolios.push({ userId: p.userId, portfolio: await portfolioView(tx, game, p, prices) });
    }
    return { game, amount, portfolios };
  });
  ctx.publisher.game(gameId, 'payday:given', {
    seq: outcome.game.seq,
    game_id: gameId,
    amount: paiseToRupees(outcome.amount),
    paydays_given: outcome.game.paydaysGiven,
  });
  for (const p of outcome.portfolios) ctx.publisher.portfolio(p.userId, gameId, p.portfolio);
  return {
    data: { amount: paiseToRupees(outcome.amount), paydays_given: outcome.game.paydaysGiven },
    message: MSG.PAYDAY_OK,
  };
}

/**
 * An investor's orders: placed at once when the device is connected, else kept waiting on the
 * device and sent when the connection is back, with the Idempotency-Key of the tap
 * (docs/architecture.md#orders-without-a-connection).
 */
import { API } from '@showdown/shared/api-paths';
import type { Portfolio, TradeInput } from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { api, ApiError } from '../lib/api-client';
import { sendCommand } from '../lib/socket-commands';
import { useAppStore } from '../stores/app-store';
import { portfolioInto } from '../stores/game-answers';
import { waitingOrderFor, type QueuedOrder } from '../stores/order-queue-slice';
import { runGameRequest, applyPortfolioEvent } from '../stores/game-updates';

/** A key for one order tap (crypto.randomUUID needs a secure context, which a LAN address is not). */
export function orderKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/**
 * Places a buy (0) or sell (1) order at the current price under `idempotencyKey`; the answer is
 * my new portfolio. Resolves to the server's success message.
 */
export async function placeOrder(
  gameId: number,
  order: TradeInput,
  idempotencyKey: string = orderKey(),
): Promise<string> {
  const answer = await runGameRequest(
    'trade',
    gameId,
    () =>
      sendCommand(
        'order:place',
        { game_id: gameId, ...order, idempotency_key: idempotencyKey },
        () => api.post<Portfolio>(API.trade(gameId), order, { idempotencyKey }),
      ),
    portfolioInto,
    // A game event arrived meanwhile: the phase it carries may be older, but my cash and
    // holdings are the order's (the server sends this socket no portfolio:updated of its own
    // order), valued at the prices shown.
    (portfolio) => applyPortfolioEvent(gameId, portfolio),
  );
  return answer.message ?? MSG.ORDER_OK;
}

/** No answer came: the request never left, or its answer was lost on the way back. */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NETWORK';
}

/** Whether this device has no way to the server now: the browser is offline or the socket is down. */
export function deviceOffline(): boolean {
  return !navigator.onLine || useAppStore.getState().connection === 'reconnecting';
}

/** What became of a tapped order. */
export type OrderOutcome =
  | { kind: 'placed'; message: string }
  /** Kept on the device; `replaced` is the company's earlier waiting order it took the place of. */
  | { kind: 'waiting'; order: QueuedOrder; replaced: QueuedOrder | undefined }
  /** The company's earlier waiting order may already be placed: a second one is not taken. */
  | { kind: 'refused'; waiting: QueuedOrder };

export interface OrderTap extends TradeInput {
  name: string;
  /** The `ends_at` of the trade phase shown when the order was tapped. */
  phaseEndsAt: string;
}

/**
 * An order tap. Connected, it is placed; without a connection (or when no answer came) it waits
 * on the device in place of the company's earlier waiting order. An earlier order that may have
 * reached the server is not replaced (that could trade twice): the tap is refused.
 */
export async function submitOrder(gameId: number, tap: OrderTap): Promise<OrderOutcome> {
  const { stock_id, trade_type, quantity, name, phaseEndsAt } = tap;
  const store = useAppStore.getState();
  const replaced = waitingOrderFor(store.queuedOrders, gameId, stock_id);
  if (replaced?.sent) return { kind: 'refused', waiting: replaced };
  const order: QueuedOrder = {
    key: orderKey(),
    gameId,
    stock_id,
    trade_type,
    quantity,
    name,
    phaseEndsAt,
    sent: false,
  };
  if (deviceOffline()) {
    store.queueOrder(order);
    return { kind: 'waiting', order, replaced };
  }
  if (replaced) store.dropQueuedOrder(replaced.key);
  try {
    const message = await placeOrder(gameId, { stock_id, trade_type, quantity }, order.key);
    return { kind: 'placed', message };
  } catch (error) {
    if (!isNoConnection(error)) throw error;
    store.queueOrder({ ...order, sent: true });
    return { kind: 'waiting', order: { ...order, sent: true }, replaced };
  }
}

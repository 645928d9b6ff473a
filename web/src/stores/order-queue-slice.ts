import type { TradeInput } from '@showdown/shared/api';
import type { SliceCreator } from './types';

/**
 * An order tapped without a connection, kept on this device until the connection is back
 * (docs/architecture.md#orders-without-a-connection).
 */
export interface QueuedOrder extends TradeInput {
  /** The Idempotency-Key, the same on every try: the server places the order at most once. */
  key: string;
  gameId: number;
  /** The company's name, for what the player is told about the order. */
  name: string;
  /** The `ends_at` of the trade phase it was tapped in: it is placed in that phase or not at all. */
  phaseEndsAt: string;
  /** A try may have reached the server (its answer never came): only the server knows the outcome. */
  sent: boolean;
}

export interface OrderQueueData {
  queuedOrders: QueuedOrder[];
}

export interface OrderQueueSlice extends OrderQueueData {
  /** Keeps `order` waiting, in place of any order for the same company of the same game. */
  queueOrder: (order: QueuedOrder) => void;
  /** Marks an order as possibly having reached the server. */
  markOrderSent: (key: string) => void;
  dropQueuedOrder: (key: string) => void;
}

export const initialOrderQueueData = (): OrderQueueData => ({ queuedOrders: [] });

/** The waiting order for a company of a game, if any. */
export function waitingOrderFor(
  orders: readonly QueuedOrder[],
  gameId: number,
  stockId: number,
): QueuedOrder | undefined {
  return orders.find((o) => o.gameId === gameId && o.stock_id === stockId);
}

export const createOrderQueueSlice: SliceCreator<OrderQueueSlice> = (set) => ({
  ...initialOrderQueueData(),
  queueOrder: (order) =>
    set((state) => {
      const same = waitingOrderFor(state.queuedOrders, order.gameId, order.stock_id);
      state.queuedOrders = [...state.queuedOrders.filter((o) => o !== same), order];
    }),
  markOrderSent: (key) =>
    set((state) => {
      const order = state.queuedOrders.find((o) => o.key === key);
      if (order) order.sent = true;
    }),
  dropQueuedOrder: (key) =>
    set((state) => {
      state.queuedOrders = state.queuedOrders.filter((o) => o.key !== key);
    }),
});

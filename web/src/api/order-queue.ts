/**
 * The orders waiting on this device, sent when the connection is back
 * (docs/architecture.md#orders-without-a-connection): each in the trade phase it was tapped in
 * or not at all, always under its own Idempotency-Key, so it is placed at most once.
 */
import { GAME_STATUS, ORDERBOOK, TRADE_TYPE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { GameSnapshot } from '@showdown/shared/protocol';
import { errorMessage } from '../lib/api-client';
import { t } from '../i18n';
import { useAppStore, type AppState } from '../stores/app-store';
import type { QueuedOrder } from '../stores/order-queue-slice';
import { isNoConnection, placeOrder } from './orders';

/** How a waiting order's end is told to the player. */
export type Tell = (message: string, variant: 'success' | 'warning' | 'error') => void;

/** Whether the device reaches the server and holds the game's state as it is now. */
export function connectedNow(state: AppState): boolean {
  return navigator.onLine && (state.connection === 'online' || state.connection === 'back');
}

const values = (order: QueuedOrder) => ({ quantity: order.quantity, company: order.name });

/** A try of the order may have reached the server: only the portfolio says whether it did. */
function mayHaveBeenPlaced(order: QueuedOrder): string {
  return t(
    'Your order for {quantity} × {company} may have been placed before the connection dropped: check your portfolio.',
    values(order),
  );
}

/** "Buy 10 × Tandoor Motors": a waiting order as the player tapped it. */
export function orderLabel(order: QueuedOrder): string {
  return order.trade_type === TRADE_TYPE.SELL
    ? t('Sell {quantity} × {company}', values(order))
    : t('Buy {quantity} × {company}', values(order));
}

function notPlacedPhaseEnded(order: QueuedOrder): string {
  return t(
    'Your order for {quantity} × {company} was not placed: the trade phase ended while you were offline.',
    values(order),
  );
}

type Decision = 'send' | 'phase-ended' | 'unknown';

/**
 * A waiting order against the game as the server shows it now. It goes out only in the phase it
 * was tapped in (a phase paused and resumed meanwhile counts as another), or, when a try may
 * have reached the server, while no phase is open, so that the server answers the first try's
 * outcome under its key and nothing new can be placed.
 */
export function decide(order: QueuedOrder, game: GameSnapshot | null, now: number): Decision {
  if (!game || game.game.id !== order.gameId || game.game.status !== GAME_STATUS.RUNNING) {
    return order.sent ? 'unknown' : 'phase-ended';
  }
  const { orderbook_status: status, ends_at: endsAt } = game.game.settings;
  // Compared as instants: the same end may be written with another precision or offset.
  const end = endsAt === null ? Number.NaN : Date.parse(endsAt);
  const samePhase = status === ORDERBOOK.ON && end === Date.parse(order.phaseEndsAt) && end > now;
  if (samePhase) return 'send';
  if (!order.sent) return 'phase-ended';
  return status === ORDERBOOK.OFF ? 'send' : 'unknown';
}

/** Sends one waiting order; false when no answer came again (it keeps waiting). */
async function send(order: QueuedOrder, tell: Tell): Promise<boolean> {
  const store = useAppStore.getState();
  try {
    await placeOrder(
      order.gameId,
      { stock_id: order.stock_id, trade_type: order.trade_type, quantity: order.quantity },
      order.key,
    );
    store.dropQueuedOrder(order.key);
    tell(t('Your order for {quantity} × {company} was placed.', values(order)), 'success');
    return true;
  } catch (error) {
    if (isNoConnection(error)) {
      store.markOrderSent(order.key);
      return false;
    }
    store.dropQueuedOrder(order.key);
    const phaseOff = error instanceof Error && error.message === MSG.TRADE_PHASE_OFF;
    tell(
      phaseOff
        ? notPlacedPhaseEnded(order)
        : t('Your order for {quantity} × {company} was not placed: {reason}', {
            ...values(order),
            reason: errorMessage(error),
          }),
      'error',
    );
    return true;
  }
}

let flushing: Promise<void> | null = null;

/**
 * Settles every waiting order of the device, one at a time, while it is connected: sent, or
 * dropped with what the player needs to know. One run at a time.
 */
export function flushQueuedOrders(tell: Tell): Promise<void> {
  flushing ??= (async () => {
    for (const order of [...useAppStore.getState().queuedOrders]) {
      const state = useAppStore.getState();
      if (!connectedNow(state)) return;
      // Cancelled meanwhile.
      if (!state.queuedOrders.some((o) => o.key === order.key)) continue;
      const decision = decide(order, state.game, Date.now());
      if (decision === 'send') {
        if (!(await send(order, tell))) return;
        continue;
      }
      state.dropQueuedOrder(order.key);
      tell(
        decision === 'phase-ended' ? notPlacedPhaseEnded(order) : mayHaveBeenPlaced(order),
        'warning',
      );
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** The player cancels a waiting order. One that may have reached the server may be placed. */
export function cancelQueuedOrder(order: QueuedOrder, tell: Tell): void {
  useAppStore.getState().dropQueuedOrder(order.key);
  tell(
    order.sent
      ? mayHaveBeenPlaced(order)
      : t('Your order for {quantity} × {company} was cancelled.', values(order)),
    order.sent ? 'warning' : 'success',
  );
}

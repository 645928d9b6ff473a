import { useEffect } from 'react';
import { connectedNow, flushQueuedOrders, type Tell } from '../api/order-queue';
import { enqueueSnackbar } from '../components/ui/toasts';
import { useAppStore, type AppState } from '../stores/app-store';

/** How often waiting orders are tried again while connected (a try that got no answer). */
const RETRY_MS = 5_000;

/** What became of a waiting order: a toast that stays long enough to be read. */
export const tell: Tell = (message, variant) =>
  enqueueSnackbar(message, { variant, autoHideDuration: variant === 'success' ? 6_000 : 12_000 });

const ready = (state: AppState) => connectedNow(state) && state.queuedOrders.length > 0;

/**
 * Sends this device's waiting orders when the connection is back: when the game's state has
 * arrived again after a drop (or after a reload), when the browser goes online, and every few
 * seconds while some wait and the device is connected.
 */
export function useOrderQueue(): void {
  useEffect(() => {
    const flush = () => {
      if (ready(useAppStore.getState())) void flushQueuedOrders(tell);
    };
    flush();
    const unsubscribe = useAppStore.subscribe((state, before) => {
      if (state.connection !== before.connection) flush();
    });
    window.addEventListener('online', flush);
    const timer = window.setInterval(flush, RETRY_MS);
    return () => {
      unsubscribe();
      window.removeEventListener('online', flush);
      window.clearInterval(timer);
    };
  }, []);
}

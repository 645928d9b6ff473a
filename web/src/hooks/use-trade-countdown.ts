import { ORDERBOOK, STORAGE_KEYS } from '@showdown/shared/constants';
import { isTradePhaseOpen, phaseSecondsLeft } from '@showdown/shared/phase';
import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '../stores/app-store';
import { selectEndsAt, selectOrderbook, selectPausedRemaining } from '../stores/game-selectors';

/** How a running trade phase came to an end on this device. */
export type PhaseEnd = 'expired' | 'server';

function rememberExpiry(expiresAt: number | null): void {
  try {
    if (expiresAt === null) localStorage.removeItem(STORAGE_KEYS.TIMER_EXPIRY);
    else localStorage.setItem(STORAGE_KEYS.TIMER_EXPIRY, String(expiresAt));
  } catch {
    // Storage can be unavailable (private mode); the countdown still runs from the store.
  }
}

/**
 * The live trade-phase countdown in seconds, from the server's `ends_at` in the store (so every
 * device shows the same time), or null while no phase is on. The expiry is mirrored to
 * localStorage 'timer_expiry'. At zero the phase counts as over on this device (0 is returned
 * until the server's `phase:ended` arrives; the store itself is written by the socket only).
 * `onEnded` runs once per phase, with 'expired' for the local zero and 'server' when a
 * `phase:ended` event arrived first.
 */
export function useTradeCountdown(onEnded?: (how: PhaseEnd) => void): number | null {
  const orderbookStatus = useAppStore(selectOrderbook);
  const endsAt = useAppStore(selectEndsAt);
  // A paused phase has no end for a while; it has not ended.
  const paused = useAppStore(selectPausedRemaining) !== null;
  const [now, setNow] = useState(() => Date.now());

  const parsed = endsAt === null ? Number.NaN : Date.parse(endsAt);
  const expiresAt = orderbookStatus === ORDERBOOK.ON && Number.isFinite(parsed) ? parsed : null;

  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  // The phase this device is counting, so that its end is reported exactly once.
  const countingRef = useRef<number | null>(null);

  useEffect(() => {
    rememberExpiry(expiresAt);
    if (expiresAt === null) {
      if (paused) {
        countingRef.current = null;
        return;
      }
      if (countingRef.current !== null) {
        countingRef.current = null;
        onEndedRef.current?.('server');
      }
      return;
    }
    countingRef.current = expiresAt;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (!isTradePhaseOpen({ orderbookStatus: ORDERBOOK.ON, endsAt: expiresAt }, current)) {
        window.clearInterval(timer);
        if (countingRef.current === expiresAt) {
          countingRef.current = null;
          onEndedRef.current?.('expired');
        }
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [expiresAt, paused]);

  if (expiresAt === null) return null;
  return phaseSecondsLeft({ orderbookStatus: ORDERBOOK.ON, endsAt: expiresAt }, now) ?? 0;
}

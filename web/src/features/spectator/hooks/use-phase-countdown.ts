import { useEffect, useState } from 'react';
import { secondsUntil } from '../../../hooks/use-trade-countdown';

/** Whole seconds left in the trade phase from the server's `ends_at`, or null when none is on. */
export function usePhaseCountdown(endsAt: string | null): number | null {
  const expiresAt = endsAt === null ? Number.NaN : Date.parse(endsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!Number.isFinite(expiresAt)) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [expiresAt]);
  return Number.isFinite(expiresAt) ? secondsUntil(expiresAt, now) : null;
}

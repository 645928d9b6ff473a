import { phaseSecondsLeft, type PhaseFacts } from '@showdown/shared/phase';
import { useEffect, useState } from 'react';

/** Whole seconds left in the open trade phase (the shared rule), or null when none is open. */
export function usePhaseCountdown({ orderbookStatus, endsAt }: PhaseFacts): number | null {
  const [now, setNow] = useState(() => Date.now());
  const seconds = phaseSecondsLeft({ orderbookStatus, endsAt }, now);
  const counting = seconds !== null;
  useEffect(() => {
    if (!counting) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [counting, endsAt]);
  return seconds;
}

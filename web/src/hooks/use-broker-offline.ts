import { BROKER_CLAIM_AFTER_S, isBrokerRole } from '@showdown/shared/roles';
import { useEffect, useState } from 'react';
import { useAppStore } from '../stores/app-store';
import { selectOnlinePlayers, selectPlayers } from '../stores/game-selectors';

/** The broker's seat id, or null when no seat has the powers. */
export function useBrokerId(): number | null {
  const players = useAppStore(selectPlayers);
  return players.find((p) => isBrokerRole(p.role))?.player_id ?? null;
}

/**
 * Whether the broker has been offline (no device in the presence list) for the claim window, as
 * this device has seen it: the count starts when the broker drops out of the list.
 */
export function useBrokerOffline(brokerId: number | null, windowS = BROKER_CLAIM_AFTER_S) {
  const online = useAppStore(selectOnlinePlayers);
  const away = brokerId !== null && !online.includes(brokerId);
  const [longAway, setLongAway] = useState(false);
  useEffect(() => {
    setLongAway(false);
    if (!away) return;
    const timer = window.setTimeout(() => setLongAway(true), windowS * 1000);
    return () => window.clearTimeout(timer);
  }, [away, brokerId, windowS]);
  return away && longAway;
}

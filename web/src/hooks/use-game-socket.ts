import { useSnackbar } from '../components/ui/toasts';
import { useEffect, useRef } from 'react';
import type { GameEventName, GameEventPayload } from '@showdown/shared/protocol';
import { useNavigate } from '../lib/router';
import { getAccessToken, refreshAccessToken } from '../lib/api-client';
import {
  connectGame,
  setActiveConnection,
  type ConnectionStatus,
  type EventHandler,
} from '../lib/socket';
import { useAppStore } from '../stores/app-store';
import { selectGameId, selectPlayerId } from '../stores/game-selectors';

/** Told about every event the store applied (the app shell's alerts). */
export type AppliedHandler = <E extends GameEventName>(name: E, event: GameEventPayload<E>) => void;

export const REMOVED_FROM_GAME = 'You have been removed from the game.';
/** How long "Back online" stays after a reconnect's resync. */
export const BACK_ONLINE_MS = 2500;

/**
 * Keeps the current game live while I hold a seat in a game and a token exists: mounted once in
 * the app shell.
 * Snapshots and events go through the store's one event reducer; a removal sends the player to
 * /showDown, the end of the game to /leaderboard.
 */
export function useGameSocket(onApplied?: AppliedHandler): void {
  // The latest handler, without reconnecting when it changes.
  const appliedRef = useRef(onApplied);
  useEffect(() => {
    appliedRef.current = onApplied;
  }, [onApplied]);
  const gameId = useAppStore(selectGameId);
  // The server lets only seated players into a game room: connect once I have a seat.
  const seated = useAppStore((s) => selectPlayerId(s) !== null);
  const signedIn = useAppStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (gameId === null || !seated || !signedIn || !getAccessToken()) return;
    const store = useAppStore.getState;
    let backTimer: number | undefined;

    const onEvent: EventHandler = (name, payload) => {
      const outcome = store().applyEvent(name, payload);
      if (outcome === 'removed-self') {
        enqueueSnackbar(REMOVED_FROM_GAME, { variant: 'warning' });
        void navigate('/showDown', { replace: true });
      } else if (name === 'game:ended' && outcome === 'applied') {
        void navigate('/leaderboard');
      }
      if (outcome === 'applied') appliedRef.current?.(name, payload);
      return outcome;
    };

    const onStatus = (status: ConnectionStatus) => {
      const { connection, setConnection } = store();
      window.clearTimeout(backTimer);
      if (status === 'online' && connection === 'reconnecting') {
        setConnection('back');
        backTimer = window.setTimeout(() => store().setConnection('online'), BACK_ONLINE_MS);
      } else {
        setConnection(status);
      }
    };

    const connection = connectGame({
      gameId,
      getToken: getAccessToken,
      refreshToken: refreshAccessToken,
      onSnapshot: (snapshot) => store().loadSnapshot(snapshot),
      onEvent,
      onPortfolio: (id, portfolio) => store().applyPortfolioEvent(id, portfolio),
      onPresence: (presence) => store().applyPresenceEvent(presence),
      onStatus,
    });
    setActiveConnection(connection);
    return () => {
      window.clearTimeout(backTimer);
      setActiveConnection(null);
      connection.disconnect();
      store().setConnection('idle');
    };
  }, [gameId, seated, signedIn, navigate, enqueueSnackbar]);
}

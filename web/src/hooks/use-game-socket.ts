import { useSnackbar } from '../components/ui/toasts';
import { useEffect, useRef } from 'react';
import type { GameEventName, GameEventPayload, GameSnapshot } from '@showdown/shared/protocol';
import { useNavigate } from 'react-router-dom';
import { getAccessToken, refreshAccessToken } from '../lib/api-client';
import { useIsAuthenticated } from '../lib/tokens';
import {
  connectGame,
  setActiveConnection,
  type ConnectionStatus,
  type EventHandler,
} from '../lib/socket';
import { useAppStore } from '../stores/app-store';
import { selectGameId, selectPlayerId } from '../stores/game-selectors';
import { t, msg } from '../i18n';
import {
  loadSnapshot,
  applyEvent,
  applyPortfolioEvent,
  applyPresenceEvent,
} from '../stores/game-updates';

/** Told about every event the store applied. */
export type AppliedHandler = <E extends GameEventName>(name: E, event: GameEventPayload<E>) => void;

/** What the app shell's alerts hear of the live game. */
export interface GameListener {
  applied: AppliedHandler;
  /**
   * A join or resync snapshot replaced `before` (what the device showed; null when nothing):
   * the events in between never arrived one by one.
   */
  loaded: (before: GameSnapshot | null, after: GameSnapshot) => void;
}

export const REMOVED_FROM_GAME = msg('You have been removed from the game.');
/** How long "Back online" stays after a reconnect's resync. */
export const BACK_ONLINE_MS = 2500;

/**
 * Keeps the current game live while I hold a seat in a game and a token exists: mounted once in
 * the app shell.
 * Snapshots and events go into the store through the shared event reducer (game-updates.ts); a
 * removal sends the player to /showDown, the end of the game to /leaderboard.
 */
export function useGameSocket(listener?: GameListener): void {
  // The latest listener, without reconnecting when it changes.
  const listenerRef = useRef(listener);
  useEffect(() => {
    listenerRef.current = listener;
  }, [listener]);
  const gameId = useAppStore(selectGameId);
  // The server lets only seated players into a game room: connect once I have a seat.
  const seated = useAppStore((s) => selectPlayerId(s) !== null);
  const signedIn = useIsAuthenticated();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (gameId === null || !seated || !signedIn || !getAccessToken()) return;
    const store = useAppStore.getState;
    let backTimer: number | undefined;

    const onEvent: EventHandler = (name, payload) => {
      const outcome = applyEvent(name, payload);
      if (outcome === 'removed-self') {
        enqueueSnackbar(t(REMOVED_FROM_GAME), { variant: 'warning' });
        void navigate('/showDown', { replace: true });
      } else if (name === 'game:ended' && outcome === 'applied') {
        void navigate('/leaderboard');
      }
      if (outcome === 'applied') listenerRef.current?.applied(name, payload);
      return outcome;
    };

    const onSnapshot = (snapshot: GameSnapshot) => {
      const before = store().game;
      if (loadSnapshot(snapshot)) listenerRef.current?.loaded(before, snapshot);
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
      onSnapshot,
      onEvent,
      onPortfolio: (id, portfolio) => applyPortfolioEvent(id, portfolio),
      onPresence: (presence) => applyPresenceEvent(presence),
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

import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getAccessToken, refreshAccessToken } from '../lib/api-client';
import { connectGame, setActiveConnection, type EventHandler } from '../lib/socket';
import { useAppStore } from '../stores/app-store';

export const REMOVED_FROM_GAME = 'You have been removed from the game.';

/**
 * Keeps the current game live while I hold a seat in a game and a token exists: mounted once in
 * the app shell.
 * Snapshots and events go through the store's one event reducer; a removal sends the player to
 * /showDown, the end of the game to /leaderboard.
 */
export function useGameSocket(): void {
  const gameId = useAppStore((s) => s.gameId);
  // The server lets only seated players into a game room: connect once I have a seat.
  const seated = useAppStore((s) => s.playerId !== null);
  const signedIn = useAppStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (gameId === null || !seated || !signedIn || !getAccessToken()) return;
    const store = useAppStore.getState;

    const onEvent: EventHandler = (name, payload) => {
      const outcome = store().applyEvent(name, payload);
      if (outcome === 'removed-self') {
        enqueueSnackbar(REMOVED_FROM_GAME, { variant: 'warning' });
        void navigate('/showDown', { replace: true });
      } else if (name === 'game:ended' && outcome === 'applied') {
        void navigate('/leaderboard');
      }
      return outcome;
    };

    const connection = connectGame({
      gameId,
      getToken: getAccessToken,
      refreshToken: refreshAccessToken,
      onSnapshot: (snapshot) => store().loadSnapshot(snapshot),
      onEvent,
    });
    setActiveConnection(connection);
    return () => {
      setActiveConnection(null);
      connection.disconnect();
    };
  }, [gameId, seated, signedIn, navigate, enqueueSnackbar]);
}

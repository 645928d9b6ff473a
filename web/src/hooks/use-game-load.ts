import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../lib/api-client';
import { resyncGame } from '../lib/socket';
import { useAppStore } from '../stores/app-store';
import { selectGameId, selectStatus } from '../stores/game-selectors';

interface GameLoadOptions {
  /** Go to /leaderboard once the game has ended (every in-game screen but the final ones). */
  leaveWhenEnded?: boolean;
}

export interface GameLoad {
  gameId: number | null;
  /** True while a load started here runs. */
  loading: boolean;
  /** The screens' manual resync: a fresh socket snapshot and the load again. */
  refresh: () => Promise<void>;
}

/**
 * Loads a game screen's data on mount and on `refresh()`. 'Game already completed.' sends the
 * player to /profile (SPEC §4); other failures show their message. The screen stays current
 * from the socket-fed store afterwards.
 */
export function useGameLoad(
  load: (gameId: number) => Promise<unknown>,
  { leaveWhenEnded = true }: GameLoadOptions = {},
): GameLoad {
  const gameId = useAppStore(selectGameId);
  const status = useAppStore(selectStatus);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [loading, setLoading] = useState(gameId !== null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const run = useCallback(async () => {
    if (gameId === null) return;
    setLoading(true);
    try {
      await loadRef.current(gameId);
    } catch (error) {
      const message = errorMessage(error);
      if (message === MSG.GAME_COMPLETED) void navigate('/profile', { replace: true });
      else enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setLoading(false);
    }
  }, [gameId, navigate, enqueueSnackbar]);

  useEffect(() => {
    void run();
  }, [run]);

  const refresh = useCallback(async () => {
    await Promise.all([resyncGame().catch(() => undefined), run()]);
  }, [run]);

  useEffect(() => {
    if (gameId === null) void navigate('/profile', { replace: true });
    else if (leaveWhenEnded && status === GAME_STATUS.COMPLETED) {
      void navigate('/leaderboard', { replace: true });
    }
  }, [gameId, status, leaveWhenEnded, navigate]);

  return { gameId, loading, refresh };
}

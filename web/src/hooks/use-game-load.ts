import { GAME_STATUS } from '@showdown/shared/constants';
import { ERROR_CODE } from '@showdown/shared/messages';
import { useSnackbar } from '../components/ui/toasts';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, errorMessage } from '../lib/api-client';
import { resyncGame } from '../lib/socket';
import { endedHere, leavesForProfile, selectRequest, useAppStore } from '../stores/app-store';
import { selectGameId, selectStatus } from '../stores/game-selectors';
import { runRequest } from '../stores/run-request';

interface GameLoadOptions {
  /** Go to /leaderboard once the game has ended (every in-game screen but the final ones). */
  leaveWhenEnded?: boolean;
}

export interface GameLoad {
  gameId: number | null;
  /** True until this screen's load (request state `key`) has finished. */
  loading: boolean;
  /** The screens' manual resync: a fresh socket snapshot and the load again. */
  refresh: () => Promise<void>;
}

/**
 * Loads a game screen's data on mount and on `refresh()`. 'Game already completed.' sends the
 * player to /profile (nothing is left to do there); other failures show their message. The screen
 * stays current from the socket-fed store afterwards.
 */
export function useGameLoad(
  key: string,
  load: (gameId: number) => Promise<unknown>,
  { leaveWhenEnded = true }: GameLoadOptions = {},
): GameLoad {
  const gameId = useAppStore(selectGameId);
  const status = useAppStore(selectStatus);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const request = useAppStore(selectRequest(key));
  // Idle means not started yet: the screen is loading from its first render.
  const loading = gameId !== null && request.status !== 'succeeded' && request.status !== 'failed';
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const run = useCallback(async () => {
    if (gameId === null) return;
    const knownEnded = endedHere();
    try {
      await runRequest(key, () => loadRef.current(gameId));
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODE.GAME_COMPLETED) {
        if (leavesForProfile(knownEnded)) void navigate('/profile', { replace: true });
      } else enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  }, [key, gameId, navigate, enqueueSnackbar]);

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

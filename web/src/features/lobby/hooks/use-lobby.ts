import type { PublicPlayer } from '@showdown/shared/api';
import { GAME_STATUS, ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loadLobby } from '../../../api/lobby';
import { usePublicUrl } from '../../../api/public-url';
import { useSnackbar } from '../../../components/ui/toasts';
import { t } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { resyncGame } from '../../../lib/socket';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectBoardCode,
  selectFirstPlayer,
  selectGameId,
  selectOnlinePlayers,
  selectPlayerId,
  selectPlayers,
  selectPractice,
  selectRole,
  selectStatus,
} from '../../../stores/game-selectors';
import { removePlayer, startGame } from '../api/lobby-api';

/**
 * The lobby's players and board, kept loaded; the broker's start and removal; and the move on
 * once the game runs.
 */
export function useLobby() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const boardCode = useAppStore(selectBoardCode);
  const status = useAppStore(selectStatus);
  const role = useAppStore(selectRole);
  const myPlayerId = useAppStore(selectPlayerId);
  const players = useAppStore(selectPlayers);
  const practice = useAppStore(selectPractice);
  const online = useAppStore(selectOnlinePlayers);
  const publicUrl = usePublicUrl();
  const firstPlayer = useAppStore(selectFirstPlayer);
  const lobbyRequest = useAppStore(selectRequest('lobby'));
  const starting = useAppStore(selectRequest('start')).status === 'loading';
  const [removing, setRemoving] = useState<PublicPlayer | null>(null);
  const sawLobby = useRef(false);

  const refresh = async () => {
    if (gameId === null) return;
    try {
      await Promise.all([loadLobby(gameId), resyncGame()]);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  useEffect(() => {
    if (gameId === null) return;
    loadLobby(gameId).catch((error: unknown) => {
      if (errorMessage(error) === t(MSG.NOT_IN_GAME))
        void navigate('/join-game/false', { replace: true });
      else enqueueSnackbar(errorMessage(error), { variant: 'error' });
    });
  }, [gameId, navigate, enqueueSnackbar]);

  useEffect(() => {
    if (status === GAME_STATUS.LOBBY) sawLobby.current = true;
    if (status === GAME_STATUS.RUNNING || status === GAME_STATUS.COMPLETED) {
      // Watching the start live: everyone goes to the first-player wheel; later visits skip it.
      // A bot broker does not spin it, so a practising investor goes straight to the market.
      const toWheel =
        sawLobby.current &&
        status === GAME_STATUS.RUNNING &&
        !firstPlayer &&
        !(practice && role === ROLE.INVESTOR);
      void navigate(toWheel ? '/first-player' : '/stock-prices', { replace: true });
    }
  }, [status, firstPlayer, navigate, practice, role]);

  const start = async () => {
    if (gameId === null) return;
    try {
      const message = await startGame(gameId);
      enqueueSnackbar(t(message ?? MSG.GAME_STARTED), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const confirmRemove = async () => {
    const player = removing;
    setRemoving(null);
    if (!player || gameId === null) return;
    try {
      const message = await removePlayer(gameId, player.player_id);
      if (message) enqueueSnackbar(t(message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
    await refresh();
  };

  return {
    gameId,
    boardCode,
    isInvestorOnly: role === ROLE.INVESTOR,
    myPlayerId,
    players,
    practice,
    online,
    publicUrl,
    loadingPlayers: lobbyRequest.status === 'loading',
    starting,
    removing,
    setRemoving,
    refresh,
    start,
    confirmRemove,
  };
}

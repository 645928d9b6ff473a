import Button from '@mui/material/Button';
import { GAME_STATUS } from '@showdown/shared/constants';
import { isBrokerRole } from '@showdown/shared/roles';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../../components/ui/toasts';
import { msg, t } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectGame } from '../../../stores/game-selectors';
import { joinRematch, playAgain } from '../api/rematch';

export const PLAY_AGAIN = msg('Play again with this table');
export const JOIN_REMATCH = msg('Join the rematch');

/**
 * The leaderboard's rematch buttons: the broker's "Play again with this table" until the rematch
 * is open, then everyone else's "Join the rematch" (one tap: same role, same avatar).
 */
export function RematchActions() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const game = useAppStore(selectGame);
  const [busy, setBusy] = useState(false);
  // A practice game has no rematch: a new one starts from Profile.
  if (!game || game.game.status !== GAME_STATUS.COMPLETED || !game.me || game.game.practice) {
    return null;
  }
  const { me } = game;
  const seat = game.players.find((p) => p.player_id === me.player_id);
  const rematchId = game.game.rematch_game_id ?? null;
  const gameId = game.game.id;
  const code = game.game.board_code;

  const run = async (call: () => Promise<string>, fallback: string) => {
    setBusy(true);
    try {
      void navigate(await call());
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
      // Joined but not seated (e.g. the avatar was taken): pick a seat as usual.
      if (useAppStore.getState().game?.game.id !== gameId) void navigate(fallback);
    } finally {
      setBusy(false);
    }
  };

  if (rematchId === null) {
    if (!isBrokerRole(me.role)) return null;
    return (
      <Button
        variant="contained"
        color="secondary"
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const message = await playAgain(gameId);
            if (message) enqueueSnackbar(t(message), { variant: 'success' });
            return '/showdown-lobby';
          }, '/leaderboard')
        }
      >
        {t(PLAY_AGAIN)}
      </Button>
    );
  }
  if (!seat) return null;
  return (
    <Button
      variant="contained"
      color="secondary"
      disabled={busy}
      onClick={() => void run(() => joinRematch(code, me.role, seat.avatar_id), '/join-game/false')}
    >
      {t(JOIN_REMATCH)}
    </Button>
  );
}

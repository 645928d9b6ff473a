import Button from '@mui/material/Button';
import { GAME_STATUS } from '@showdown/shared/constants';
import { isBrokerRole } from '@showdown/shared/roles';
import { useEffect, useState } from 'react';
import { useSnackbar } from '../../../components/ui/toasts';
import { msg, t } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { RECAP_MAX_MS } from '../../../lib/recap/recap-timeline';
import { useAppStore } from '../../../stores/app-store';
import { selectGame } from '../../../stores/game-selectors';
import { skipTvRecap } from '../api/rematch';

export const SKIP_TV_RECAP = msg("Skip the TV's recap");

/**
 * The broker's "Skip the TV's recap" on the leaderboard: a TV that saw the game end plays its
 * recap before the podium, and the table may want the podium now. Offered for as long as a
 * recap can last from when this screen opened, until tapped or the rematch opens.
 */
export function SkipRecapButton() {
  const { enqueueSnackbar } = useSnackbar();
  const game = useAppStore(selectGame);
  const [offered, setOffered] = useState(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setOffered(false), RECAP_MAX_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (
    !offered ||
    !game?.me ||
    game.game.status !== GAME_STATUS.COMPLETED ||
    !isBrokerRole(game.me.role) ||
    (game.game.rematch_game_id ?? null) !== null
  ) {
    return null;
  }
  const gameId = game.game.id;
  const skip = async () => {
    setBusy(true);
    try {
      const message = await skipTvRecap(gameId);
      if (message) enqueueSnackbar(t(message), { variant: 'success' });
      setOffered(false);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" disabled={busy} onClick={() => void skip()}>
      {t(SKIP_TV_RECAP)}
    </Button>
  );
}

import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { RankingEntry } from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { usePublishedTabBarHeight } from '../../../components/ui/tab-bar-height';
import { useGameLoad } from '../../../hooks/use-game-load';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectRole } from '../../../stores/game-selectors';
import { endGame, loadShowdown } from '../api/showdown';
import { withdrawUndoable } from '../../../components/ui/undo-snackbar';
import { StandingsList } from './standings-list';
import { isBrokerRole } from '@showdown/shared/roles';
import { t } from '../../../i18n';

/** /portfolio-showdown: every player's balance; the broker resumes or ends the game. */
export function ShowdownScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const role = useAppStore(selectRole);
  const [rows, setRows] = useState<RankingEntry[] | null>(null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const [ending, setEnding] = useState(false);
  const load = useCallback(async (gameId: number) => setRows(await loadShowdown(gameId)), []);
  const { gameId, loading, refresh } = useGameLoad('screen:showdown', load);
  const broker = isBrokerRole(role);
  // The screen's buttons sit at the bottom like a tab bar: toasts (a 60 s Undo offer among them)
  // stay above them, so End Game is never covered.
  const actions = useRef<HTMLDivElement>(null);
  usePublishedTabBarHeight(actions);

  const end = async () => {
    setConfirmEnd(false);
    if (gameId === null) return;
    setEnding(true);
    try {
      await endGame(gameId);
      withdrawUndoable();
      enqueueSnackbar(t(MSG.GAME_ENDED), { variant: 'success' });
      void navigate('/leaderboard', { replace: true });
    } catch (error) {
      setEnding(false);
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const sorted = rows ? [...rows].sort((a, b) => b.balance - a.balance) : null;

  return (
    <PageLayout
      title={t('Showdown')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh balances')}
          color="primary"
          onClick={() => void refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
    >
      {sorted === null ? (
        loading ? (
          <Loader label={t('Loading balances')} />
        ) : (
          <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 4 }}>
            {t('Balances are not available.')}
          </Typography>
        )
      ) : (
        <StandingsList label={t('Player balances')} rows={sorted} />
      )}
      <Box
        ref={actions}
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mt: 'auto', pt: 3 }}
      >
        <Button variant="outlined" onClick={() => void navigate(-1)}>
          {t('Resume Game')}
        </Button>
        {broker && (
          <Button
            variant="contained"
            color="error"
            disabled={ending}
            onClick={() => setConfirmEnd(true)}
          >
            {t('End Game')}
          </Button>
        )}
      </Box>
      <ConfirmDialog
        open={confirmEnd}
        title={t('Are you sure you want to end the game?')}
        onConfirm={() => void end()}
        onCancel={() => setConfirmEnd(false)}
      />
    </PageLayout>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE, SPINNER_DELAY_MS, SPINNER_EXTRA_DEGREES } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectFirstPlayer,
  selectGameId,
  selectPlayers,
  selectPractice,
  selectRole,
} from '../../../stores/game-selectors';
import { loadLobby } from '../../../api/lobby';
import { pickFirstPlayer } from '../api/lobby-api';
import { landingRotation, SpinnerWheel } from './spinner-wheel';
import { isBrokerRole } from '@showdown/shared/roles';
import { t } from '../../../i18n';

/**
 * The first-player wheel. The broker's spin asks the server to pick; every device's wheel lands
 * on the player from 'firstPlayer:picked' (stored as firstPlayer), then 'Continue' appears.
 */
export function FirstPlayerScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const role = useAppStore(selectRole);
  const players = useAppStore(selectPlayers);
  const practice = useAppStore(selectPractice);
  const firstPlayer = useAppStore(selectFirstPlayer);
  const picking = useAppStore(selectRequest('firstPlayer')).status === 'loading';
  const [rotation, setRotation] = useState(0);
  const [landedOn, setLandedOn] = useState<number | null>(null);
  const [settled, setSettled] = useState(false);

  const candidates = useMemo(() => players.filter((p) => p.role !== ROLE.BROKER), [players]);
  const isBroker = isBrokerRole(role);

  useEffect(() => {
    if (gameId !== null) loadLobby(gameId).catch(() => undefined);
  }, [gameId]);

  useEffect(() => {
    if (!firstPlayer || landedOn === firstPlayer.player_id) return;
    const index = candidates.findIndex((p) => p.player_id === firstPlayer.player_id);
    setLandedOn(firstPlayer.player_id);
    if (index === -1) {
      // The pick is not on this wheel (e.g. the list is still loading): just show it.
      setSettled(true);
      return;
    }
    setSettled(false);
    setRotation((from) => landingRotation(from, index, candidates.length, SPINNER_EXTRA_DEGREES));
  }, [firstPlayer, candidates, landedOn]);

  useEffect(() => {
    if (landedOn === null) return;
    const timer = window.setTimeout(() => setSettled(true), SPINNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [landedOn]);

  if (gameId === null) return <Navigate to="/showDown" replace />;

  const spin = async () => {
    try {
      await pickFirstPlayer(gameId);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const spinning = landedOn !== null && !settled;
  const continueButton = (
    <Button
      variant="contained"
      size="large"
      onClick={() => void navigate('/stock-prices', { replace: true })}
    >
      {t('Continue')}
    </Button>
  );

  return (
    <PageLayout title={t('Who goes first?')} help>
      <Stack spacing={3} sx={{ pt: 2, textAlign: 'center' }}>
        {candidates.length < 2 ? (
          <>
            <Typography role="status">{t(MSG.FIRST_PLAYER_NEED_TWO)}</Typography>
            {continueButton}
          </>
        ) : (
          <>
            <SpinnerWheel names={candidates.map((p) => p.username)} rotation={rotation} />
            <Typography role="status" variant="h4" component="p" sx={{ minHeight: 32 }}>
              {settled && firstPlayer
                ? t('{name} goes first!', { name: firstPlayer.username })
                : spinning
                  ? t('Spinning...')
                  : ''}
            </Typography>
            {(settled && firstPlayer) || (practice && !isBroker) ? (
              // A bot broker never spins: a practising investor goes on.
              continueButton
            ) : isBroker ? (
              <Button
                variant="contained"
                size="large"
                disabled={picking || spinning || firstPlayer !== null}
                onClick={() => void spin()}
              >
                {t('Spin')}
              </Button>
            ) : (
              <Typography color="text.secondary">
                {t('Waiting for the Broker to spin the wheel...')}
              </Typography>
            )}
          </>
        )}
      </Stack>
    </PageLayout>
  );
}

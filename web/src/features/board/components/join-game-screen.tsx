import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ROLE, type Role } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import {
  selectBrokerExists,
  selectGameId,
  selectPlayerId,
  selectPlayers,
} from '../../../stores/game-selectors';
import { loadLobby } from '../../../api/lobby';
import { chooseSeat } from '../../../api/board';
import { BROKER_REQUIRED_NOTE, ONE_BROKER_HELP, ROLE_BUTTONS } from './role-labels';
import { t } from '../../../i18n';

/**
 * Role choice: on a first join (update 'false') Investor and Broker take their seat at
 * once; otherwise, and always for Investor & Broker, the avatar comes next.
 */
export function JoinGameScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const update = useParams().update === 'true';
  const gameId = useAppStore(selectGameId);
  const players = useAppStore(selectPlayers);
  const brokerExists = useAppStore(selectBrokerExists);
  const myPlayerId = useAppStore(selectPlayerId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Only a seated player may read the lobby; a newcomer relies on the join answer.
    if (gameId !== null && myPlayerId !== null) loadLobby(gameId).catch(() => undefined);
  }, [gameId, myPlayerId]);

  if (gameId === null) return <Navigate to="/showDown" replace />;

  const someoneElseIsBroker =
    players.length > 0
      ? players.some((p) => p.role !== ROLE.INVESTOR && p.player_id !== myPlayerId)
      : brokerExists && myPlayerId === null;

  const choose = async (role: Role) => {
    setError(null);
    if (role === ROLE.BOTH && someoneElseIsBroker) {
      setError(t(MSG.BROKER_FILLED));
      enqueueSnackbar(t(MSG.BROKER_FILLED), { variant: 'error' });
      return;
    }
    if (update || role === ROLE.BOTH) {
      void navigate(`/choose-avatar/${update}`, { state: { role } });
      return;
    }
    setBusy(true);
    try {
      await chooseSeat(gameId, role, null, false);
      void navigate('/showdown-lobby');
    } catch (seatError) {
      const message = errorMessage(seatError, t('Failed to select role'));
      setError(message);
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('Choose your role')} help>
      {busy && <Loader overlay label={t('Taking your seat')} />}
      <Stack spacing={2.5} sx={{ pt: 3 }}>
        {ROLE_BUTTONS.map(({ role, label }) => (
          <Button
            key={role}
            variant={role === ROLE.BOTH ? 'outlined' : 'contained'}
            size="large"
            disabled={busy}
            onClick={() => void choose(role)}
          >
            {t(label)}
          </Button>
        ))}
        <Typography role="alert" color="error" textAlign="center" sx={{ minHeight: 24 }}>
          {error}
        </Typography>
        <Typography textAlign="center" fontWeight={700}>
          {t(BROKER_REQUIRED_NOTE)}
        </Typography>
        <Alert severity="info" icon={<InfoOutlinedIcon />} variant="outlined">
          {t(ONE_BROKER_HELP)}
        </Alert>
      </Stack>
    </PageLayout>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { GAME_STATUS } from '@showdown/shared/constants';
import { isBrokerRole } from '@showdown/shared/roles';
import { useState } from 'react';
import { useSnackbar } from '../ui/toasts';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { useAppStore } from '../../stores/app-store';
import { useBrokerId, useBrokerOffline } from '../../hooks/use-broker-offline';
import { selectGameId, selectRole, selectStatus } from '../../stores/game-selectors';
import { claimBroker } from '../../api/broker';

/** "The broker is offline. Take over?" for the other seated players, after 60 s. */
export function BrokerOfflinePrompt() {
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const role = useAppStore(selectRole);
  const status = useAppStore(selectStatus);
  const brokerId = useBrokerId();
  const offline = useBrokerOffline(brokerId);
  const [busy, setBusy] = useState(false);
  const [dismissed, setDismissed] = useState<number | null>(null);

  const seatedOther = role !== null && !isBrokerRole(role);
  const live = status === GAME_STATUS.LOBBY || status === GAME_STATUS.RUNNING;
  if (!offline || !seatedOther || !live || gameId === null || dismissed === brokerId) return null;

  const takeOver = async () => {
    setBusy(true);
    try {
      await claimBroker(gameId);
      enqueueSnackbar(t('You are the broker now.'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mx: 2, mb: 1 }}
      onClose={() => setDismissed(brokerId)}
      action={
        <Button
          color="inherit"
          size="small"
          disabled={busy}
          sx={{ whiteSpace: 'nowrap' }}
          onClick={() => void takeOver()}
        >
          {t('Take over')}
        </Button>
      }
    >
      {t('The broker is offline. Take over?')}
    </Alert>
  );
}

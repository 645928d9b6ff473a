import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { roleLabel } from '@showdown/shared/roles';
import { useId, useState } from 'react';
import { useSnackbar } from '../ui/toasts';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { useAppStore } from '../../stores/app-store';
import { selectGameId, selectPlayerId, selectPlayers } from '../../stores/game-selectors';

interface HandOverDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The broker picks the seated player who gets the broker's powers. */
export function HandOverDialog({ open, onClose }: HandOverDialogProps) {
  const titleId = useId();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const me = useAppStore(selectPlayerId);
  // A bot's seat never takes the broker's controls.
  const players = useAppStore(selectPlayers).filter((p) => p.player_id !== me && !p.bot);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setChosen(null);
    onClose();
  };
  const confirm = async () => {
    if (gameId === null || chosen === null) return;
    setBusy(true);
    try {
      // Loaded on use: the help menu that opens this dialog is preloaded with the first screens.
      const { handOverBroker } = await import('../../api/broker');
      await handOverBroker(gameId, chosen);
      const name = players.find((p) => p.player_id === chosen)?.username ?? t('The player');
      enqueueSnackbar(t('{name} is the broker now.', { name }), { variant: 'success' });
      close();
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('Hand over broker')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t(
            "The player you choose gets the broker's controls. An investor keeps their portfolio.",
          )}
        </Typography>
        {players.length === 0 ? (
          <Typography>{t('No other player is seated.')}</Typography>
        ) : (
          <RadioGroup
            aria-label={t('New broker')}
            value={chosen === null ? '' : String(chosen)}
            onChange={(event) => setChosen(Number(event.target.value))}
          >
            {players.map((p) => (
              <FormControlLabel
                key={p.player_id}
                value={String(p.player_id)}
                control={<Radio />}
                label={`${p.username} (${t(roleLabel(p.role))})`}
              />
            ))}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', gap: 2, pb: 3 }}>
        <Button variant="outlined" onClick={close}>
          {t('Cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={chosen === null || busy}
          onClick={() => void confirm()}
        >
          {t('Hand over')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

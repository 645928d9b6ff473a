import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useSnackbar } from '../ui/toasts';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/api-client';
import { setPhasePaused } from '../../api/broker';

interface PauseButtonProps {
  gameId: number;
  /** Whether the phase is paused now (the button resumes it) or running (it pauses it). */
  paused: boolean;
  disabled?: boolean;
}

/** The broker's Pause / Resume button, next to the phase controls. */
export function PhasePauseButton({ gameId, paused, disabled = false }: PauseButtonProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      await setPhasePaused(gameId, !paused);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={paused ? 'contained' : 'outlined'}
      color={paused ? 'success' : 'warning'}
      startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
      disabled={disabled || busy}
      onClick={() => void toggle()}
    >
      {paused ? t('Resume') : t('Pause')}
    </Button>
  );
}

interface PhasePanelProps {
  /** The frame's colour: success while the clock runs, warning while it is paused. */
  color: 'success.main' | 'warning.main';
  children: ReactNode;
}

/** The trade phase's panel on the Market Monitor: its clock, and the broker's controls. */
export function PhasePanel({ color, children }: PhasePanelProps) {
  return (
    <Paper
      role="region"
      aria-label={t('Trade phase')}
      sx={{
        my: 1,
        p: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        border: '1px solid',
        borderColor: color,
      }}
    >
      {children}
    </Paper>
  );
}

interface PausedPanelProps {
  remainingS: number;
  /** The broker's controls (Resume), or nothing for the others. */
  children?: ReactNode;
}

/** A paused trade phase: its stopped clock, and for the broker the way to resume it. */
export function PausedPhasePanel({ remainingS, children }: PausedPanelProps) {
  return (
    <PhasePanel color="warning.main">
      <Box sx={{ flex: 1 }}>
        <Typography variant="h3" component="p" color="warning.main">
          {t('Paused')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('{remainingS} s left when the broker resumes. Orders wait until then.', {
            remainingS,
          })}
        </Typography>
      </Box>
      {children}
    </PhasePanel>
  );
}

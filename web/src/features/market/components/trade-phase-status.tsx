import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  PausedPhasePanel,
  PhasePanel,
  PhasePauseButton,
} from '../../../components/broker/phase-pause-controls';
import { t } from '../../../i18n';

interface TradePhaseStatusProps {
  secondsLeft: number | null;
  phaseOn: boolean;
  pausedRemaining: number | null;
  /** The game the broker's pause and end buttons act on; null shows none (an investor). */
  controlsFor: number | null;
  /** The broker's buttons are off while an action runs or the phone is offline. */
  disabled: boolean;
  onEndNow: () => void;
}

/** The trade phase's big countdown while it runs, or its paused panel; the broker's controls in each. */
export function TradePhaseStatus({
  secondsLeft,
  phaseOn,
  pausedRemaining,
  controlsFor,
  disabled,
  onEndNow,
}: TradePhaseStatusProps) {
  return (
    <>
      {phaseOn && secondsLeft !== null && (
        <PhasePanel color="success.main">
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('Trade phase ends in')}
            </Typography>
            {/* The top bar's chip is the announced timer; this is the big view of it. */}
            <Typography variant="h2" component="p" color="success.main" aria-hidden>
              {t('{seconds} s', { seconds: secondsLeft })}
            </Typography>
          </Box>
          {controlsFor !== null && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <PhasePauseButton gameId={controlsFor} paused={false} disabled={disabled} />
              <Button variant="outlined" color="error" disabled={disabled} onClick={onEndNow}>
                {t('End phase now')}
              </Button>
            </Box>
          )}
        </PhasePanel>
      )}
      {pausedRemaining !== null && (
        <PausedPhasePanel remainingS={pausedRemaining}>
          {controlsFor !== null && (
            <PhasePauseButton gameId={controlsFor} paused disabled={disabled} />
          )}
        </PausedPhasePanel>
      )}
    </>
  );
}

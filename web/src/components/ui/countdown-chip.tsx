import PauseIcon from '@mui/icons-material/Pause';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import { useTradeCountdown } from '../../hooks/use-trade-countdown';
import { useAppStore } from '../../stores/app-store';
import { selectPausedRemaining } from '../../stores/game-selectors';
import { t } from '../../i18n';

/**
 * The top bar's trade-phase countdown, from the server's ends_at (every device shows the same
 * time); nothing while no phase is on.
 */
export function CountdownChip() {
  const secondsLeft = useTradeCountdown();
  const pausedRemaining = useAppStore(selectPausedRemaining);
  if (pausedRemaining !== null) {
    return (
      <Chip
        role="timer"
        aria-label={t('Trade phase countdown')}
        aria-description={t('Trade phase paused with {seconds} seconds left', {
          seconds: pausedRemaining,
        })}
        icon={<PauseIcon aria-hidden />}
        label={t('Paused')}
        size="small"
        color="warning"
        sx={{ fontWeight: 700 }}
      />
    );
  }
  if (secondsLeft === null || secondsLeft === 0) return null;
  return (
    <Chip
      role="timer"
      aria-label={t('Trade phase countdown')}
      aria-description={t('Trade phase ends in {secondsLeft} seconds', { secondsLeft })}
      icon={<TimerOutlinedIcon aria-hidden />}
      label={`${secondsLeft}s`}
      size="small"
      color={secondsLeft <= 10 ? 'error' : 'success'}
      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
    />
  );
}

import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Chip from '@mui/material/Chip';
import { useTradeCountdown } from '../../hooks/use-trade-countdown';
import { t } from '../../i18n';

/**
 * The top bar's trade-phase countdown, from the server's ends_at (every device shows the same
 * time); nothing while no phase is on.
 */
export function CountdownChip() {
  const secondsLeft = useTradeCountdown();
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

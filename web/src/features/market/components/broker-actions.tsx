import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { ShowOnTvButton } from '../../../components/ui/show-on-tv-button';
import { t } from '../../../i18n';

interface BrokerActionsProps {
  /** An action is running or the phone is offline: Trade Phase and Payday wait. */
  blocked: boolean;
  /** A phase is open or paused, so another cannot start. */
  phaseActive: boolean;
  /** The payday rule refuses another payday. */
  paydayRefused: boolean;
  boardCode: string | null;
  onStartTrade: () => void;
  onPayday: () => void;
}

/** The broker's hub buttons: start a trade phase, give a payday, open the showdown or mayhem, the TV. */
export function BrokerActions({
  blocked,
  phaseActive,
  paydayRefused,
  boardCode,
  onStartTrade,
  onPayday,
}: BrokerActionsProps) {
  const navigate = useNavigate();
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1, my: 1 }}
      role="group"
      aria-label={t('Broker actions')}
    >
      <Button variant="contained" onClick={onStartTrade} disabled={blocked || phaseActive}>
        {t('Trade Phase')}
      </Button>
      <Button
        variant="contained"
        color="secondary"
        onClick={onPayday}
        disabled={blocked || paydayRefused}
      >
        {t('Payday')}
      </Button>
      <Button variant="outlined" onClick={() => void navigate('/portfolio-showdown')}>
        {t('Showdown')}
      </Button>
      <Button variant="outlined" onClick={() => void navigate('/market-mayhem')}>
        {t('Market Mayhem')}
      </Button>
      {boardCode && <ShowOnTvButton code={boardCode} sx={{ gridColumn: '1 / -1' }} />}
    </Box>
  );
}

import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GameSettings } from '@showdown/shared/api';
import {
  PAYDAY_INCREMENT_DEFAULT,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
} from '@showdown/shared/constants';
import { t } from '../../../i18n';
import { rupees, secondsText } from './settings-text';

function SettingRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 1.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography fontWeight={700}>{value}</Typography>
    </Stack>
  );
}

/** The settings read-only; until the game's settings arrive, the defaults a new game starts with. */
export function SettingsSummary({ settings }: { settings: GameSettings | null }) {
  return (
    <Paper sx={{ px: 2, py: 1 }} aria-label={t('Current settings')}>
      <SettingRow
        label={t('Starting Funds')}
        value={rupees(settings?.starting_funds ?? STARTING_FUNDS_DEFAULT)}
      />
      <SettingRow
        label={t('Payday Increment')}
        value={rupees(settings?.payday_increment ?? PAYDAY_INCREMENT_DEFAULT)}
      />
      <SettingRow
        label={t('Trade Phase Duration')}
        value={secondsText(settings?.trade_phase_duration ?? TRADE_PHASE_DURATION_DEFAULT)}
      />
    </Paper>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingsInput } from '@showdown/shared/api';
import {
  GAME_STATUS,
  PAYDAY_INCREMENT_DEFAULT,
  PAYDAY_INCREMENT_OPTIONS,
  PAYDAYS_PER_GAME,
  STARTING_FUNDS_DEFAULT,
  STARTING_FUNDS_OPTIONS,
  TRADE_PHASE_DURATION_DEFAULT,
  TRADE_PHASE_DURATION_OPTIONS,
} from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useId, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectGameId,
  selectRole,
  selectSettings,
  selectStatus,
} from '../../../stores/game-selectors';
import { fetchSettings, saveSettings, startGame } from '../api/lobby-api';
import { isBrokerRole } from '@showdown/shared/roles';
import { t } from '../../../i18n';

export const PAYDAY_HELP = `Payday is given ${PAYDAYS_PER_GAME} times in total: each time, every investor receives the payday increment.`;

const rupees = (amount: number) => formatINR(amount, { decimals: 0 });

interface SettingSelectProps {
  label: string;
  value: number;
  options: readonly number[];
  format: (value: number) => string;
  onChange: (value: number) => void;
}

function SettingSelect({ label, value, options, format, onChange }: SettingSelectProps) {
  const labelId = useId();
  return (
    <FormControl fullWidth>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select
        labelId={labelId}
        label={label}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {format(option)}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function SettingRow({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', py: 1.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Typography fontWeight={700}>{value}</Typography>
    </Stack>
  );
}

/** Game settings: read-only with 'Edit Settings', or dropdowns with 'Confirm Settings'. */
// eslint-disable-next-line max-lines-per-function -- a screen of several jobs: its data and actions belong in hooks, its parts in components
export function GameSetupScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const settings = useAppStore(selectSettings);
  const status = useAppStore(selectStatus);
  // Only the broker edits and starts (docs/rules.md); an investor who opens the page only reads it.
  const isBroker = useAppStore((s) => isBrokerRole(selectRole(s)));
  const loading = useAppStore(selectRequest('settings')).status === 'loading';
  const saving = useAppStore(selectRequest('saveSettings')).status === 'loading';
  const starting = useAppStore(selectRequest('start')).status === 'loading';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SettingsInput>({
    starting_funds: STARTING_FUNDS_DEFAULT,
    payday_increment: PAYDAY_INCREMENT_DEFAULT,
    trade_phase_duration: TRADE_PHASE_DURATION_DEFAULT,
  });

  useEffect(() => {
    if (gameId === null) return;
    fetchSettings(gameId).catch((error: unknown) =>
      enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  }, [gameId, enqueueSnackbar]);

  if (gameId === null) return <Navigate to="/showDown" replace />;

  const beginEdit = () => {
    if (settings) {
      setDraft({
        starting_funds: settings.starting_funds,
        payday_increment: settings.payday_increment,
        trade_phase_duration: settings.trade_phase_duration,
      });
    }
    setEditing(true);
  };

  const confirm = async () => {
    try {
      const message = await saveSettings(gameId, draft);
      enqueueSnackbar(t(message ?? MSG.SETTINGS_UPDATED), { variant: 'success' });
      setEditing(false);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const start = async () => {
    try {
      if (status !== GAME_STATUS.RUNNING) {
        const message = await startGame(gameId);
        enqueueSnackbar(t(message ?? MSG.GAME_STARTED), { variant: 'success' });
      }
      void navigate('/first-player');
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  return (
    <PageLayout
      title={t('Game Setup')}
      help
      onBack={() => (editing ? setEditing(false) : void navigate(-1))}
    >
      {(saving || starting) && <Loader overlay label={t('Please wait')} />}
      {loading && !settings ? (
        <Loader label={t('Loading settings')} />
      ) : (
        <Stack spacing={3} sx={{ pt: 2 }}>
          {editing ? (
            <Stack spacing={3}>
              <SettingSelect
                label={t('Starting Funds')}
                value={draft.starting_funds}
                options={STARTING_FUNDS_OPTIONS}
                format={rupees}
                onChange={(value) => setDraft({ ...draft, starting_funds: value })}
              />
              <SettingSelect
                label={t('Payday Increment')}
                value={draft.payday_increment}
                options={PAYDAY_INCREMENT_OPTIONS}
                format={rupees}
                onChange={(value) => setDraft({ ...draft, payday_increment: value })}
              />
              <SettingSelect
                label={t('Trade Phase Duration')}
                value={draft.trade_phase_duration}
                options={TRADE_PHASE_DURATION_OPTIONS}
                format={(value) => t('{value} seconds', { value })}
                onChange={(value) => setDraft({ ...draft, trade_phase_duration: value })}
              />
              <Button
                variant="contained"
                size="large"
                disabled={saving}
                onClick={() => void confirm()}
              >
                {t('Confirm Settings')}
              </Button>
            </Stack>
          ) : (
            <>
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
                  value={t('{value} seconds', {
                    value: settings?.trade_phase_duration ?? TRADE_PHASE_DURATION_DEFAULT,
                  })}
                />
              </Paper>
              {isBroker && (
                <Button variant="outlined" size="large" onClick={beginEdit}>
                  {t('Edit Settings')}
                </Button>
              )}
            </>
          )}
          <Alert severity="info" variant="outlined">
            {t(
              'Payday is given {count} times in total: each time, every investor receives the payday increment.',
              { count: PAYDAYS_PER_GAME },
            )}
          </Alert>
          {!editing && isBroker && (
            <Button
              variant="contained"
              size="large"
              disabled={starting}
              onClick={() => void start()}
            >
              {t('Start Game')}
            </Button>
          )}
        </Stack>
      )}
    </PageLayout>
  );
}

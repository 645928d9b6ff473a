import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import type { SettingsInput } from '@showdown/shared/api';
import {
  PAYDAY_INCREMENT_OPTIONS,
  STARTING_FUNDS_OPTIONS,
  TRADE_PHASE_DURATION_OPTIONS,
} from '@showdown/shared/constants';
import { useId } from 'react';
import { t } from '../../../i18n';
import { rupees, secondsText } from './settings-text';

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

interface SettingsFormProps {
  draft: SettingsInput;
  onChange: (draft: SettingsInput) => void;
  saving: boolean;
  onConfirm: () => void;
}

/** The broker's edit: a dropdown of the offered options for each setting, and 'Confirm Settings'. */
export function SettingsForm({ draft, onChange, saving, onConfirm }: SettingsFormProps) {
  return (
    <Stack spacing={3}>
      <SettingSelect
        label={t('Starting Funds')}
        value={draft.starting_funds}
        options={STARTING_FUNDS_OPTIONS}
        format={rupees}
        onChange={(value) => onChange({ ...draft, starting_funds: value })}
      />
      <SettingSelect
        label={t('Payday Increment')}
        value={draft.payday_increment}
        options={PAYDAY_INCREMENT_OPTIONS}
        format={rupees}
        onChange={(value) => onChange({ ...draft, payday_increment: value })}
      />
      <SettingSelect
        label={t('Trade Phase Duration')}
        value={draft.trade_phase_duration}
        options={TRADE_PHASE_DURATION_OPTIONS}
        format={secondsText}
        onChange={(value) => onChange({ ...draft, trade_phase_duration: value })}
      />
      <Button variant="contained" size="large" disabled={saving} onClick={onConfirm}>
        {t('Confirm Settings')}
      </Button>
    </Stack>
  );
}

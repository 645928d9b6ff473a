import { PRICE_CHANGE_MAX_PERCENT } from '@showdown/shared/constants';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { t } from '../../../i18n';

export type PriceOperation = '+' | '-';

export interface PriceEntry {
  operation: PriceOperation | null;
  value: number;
}

const DIGIT_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '0'] as const;

/**
 * Appends a key ('0'–'9' or '10') to the typed percentage. Leading zeros are dropped and a
 * press that would pass the maximum price change is ignored.
 */
export function appendKey(current: string, key: string): string {
  const next = String(Number(`${current}${key}`));
  return Number(next) > PRICE_CHANGE_MAX_PERCENT ? current : next;
}

interface PriceKeypadProps {
  /** Called with the chosen operation and value when OK is pressed with a value. */
  onSubmit: (entry: PriceEntry) => void;
  busy?: boolean;
  /** What the entry would do, shown under the percentage (null: nothing to show yet). */
  preview?: (entry: PriceEntry) => { text: string; refused: boolean } | null;
}

/**
 * The broker's price keypad: 1–9, 10, 0 and Undo, + and −, and OK. The percentage shows in a
 * read-only field; Undo clears it; OK needs a value.
 */
export function PriceKeypad({ onSubmit, busy = false, preview }: PriceKeypadProps) {
  const [operation, setOperation] = useState<PriceOperation | null>(null);
  const [digits, setDigits] = useState('');
  const hasValue = digits !== '' && Number(digits) > 0;
  const shown = preview?.({ operation, value: Number(digits) }) ?? null;

  const keyButton = (
    label: string,
    name: string,
    onClick: () => void,
    children: ReactNode = label,
  ) => (
    <Button
      key={name}
      variant="outlined"
      aria-label={name}
      onClick={onClick}
      disabled={busy}
      sx={{ minHeight: 56, fontSize: '1.25rem', fontWeight: 700 }}
    >
      {children}
    </Button>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <TextField
        label={t('Percentage')}
        value={`${operation ?? ''}${digits}`}
        placeholder="0"
        helperText={shown?.text}
        error={shown?.refused === true}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-readonly': true },
          input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
        }}
        fullWidth
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
        {(['+', '-'] as const).map((op) => (
          <Button
            key={op}
            variant={operation === op ? 'contained' : 'outlined'}
            color={op === '+' ? 'success' : 'error'}
            aria-label={op === '+' ? t('Increase') : t('Decrease')}
            aria-pressed={operation === op}
            onClick={() => setOperation(op)}
            disabled={busy}
            sx={{ minHeight: 56 }}
          >
            {op === '+' ? <AddIcon /> : <RemoveIcon />}
          </Button>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}>
        {DIGIT_KEYS.map((key) => keyButton(key, key, () => setDigits((d) => appendKey(d, key))))}
        {keyButton(
          t('Undo'),
          t('Undo'),
          () => {
            setDigits('');
            setOperation(null);
          },
          <UndoIcon />,
        )}
      </Box>
      <Button
        variant="contained"
        size="large"
        onClick={() => onSubmit({ operation, value: Number(digits) })}
        disabled={!hasValue || busy}
        sx={{ minHeight: 52 }}
      >
        {t('OK')}
      </Button>
    </Box>
  );
}

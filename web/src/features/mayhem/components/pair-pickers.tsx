import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { formatSignedPercent } from '@showdown/shared/format';
import { t } from '../../../i18n';

export interface CompanyOption {
  stock_id: number;
  name: string;
}

interface PairPickersProps {
  companies: readonly CompanyOption[];
  percentages: readonly number[];
  /** '' when none is chosen, else the stock id. */
  company: string;
  /** '' when none is chosen, else the percentage. */
  percentage: string;
  onCompany: (value: string) => void;
  onPercentage: (value: string) => void;
  disabled?: boolean;
}

/** A company and a percentage, each from a native select (thumb-friendly on phones). */
export function PairPickers({
  companies,
  percentages,
  company,
  percentage,
  onCompany,
  onPercentage,
  disabled = false,
}: PairPickersProps) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '3fr 2fr', gap: 1 }}>
      <TextField
        select
        label={t('Company')}
        value={company}
        onChange={(event) => onCompany(event.target.value)}
        disabled={disabled}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('Choose…')}</option>
        {companies.map((c) => (
          <option key={c.stock_id} value={String(c.stock_id)}>
            {c.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t('Percentage')}
        value={percentage}
        onChange={(event) => onPercentage(event.target.value)}
        disabled={disabled}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('Choose…')}</option>
        {percentages.map((p) => (
          <option key={p} value={String(p)}>
            {formatSignedPercent(p)}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

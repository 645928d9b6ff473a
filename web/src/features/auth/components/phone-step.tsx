import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PHONE_LENGTH } from '@showdown/shared/constants';
import { OutlinedTextField } from '../../../components/ui/outlined-text-field';
import { t } from '../../../i18n';

interface PhoneStepProps {
  countryCode: string;
  onCountryCodeChange: (value: string) => void;
  phone: string;
  onPhoneChange: (value: string) => void;
  error: string | null;
  /** The number is whole: 'Get OTP' may be pressed. */
  ready: boolean;
  loading: boolean;
}

/**
 * The phone entry and 'Get OTP'. The fields keep their names: the served page's fields carry
 * them, and what a visitor typed there before hydration is taken back by name.
 */
export function PhoneStep({
  countryCode,
  onCountryCodeChange,
  phone,
  onPhoneChange,
  error,
  ready,
  loading,
}: PhoneStepProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1" textAlign="center" color="primary">
        {t('Login')}
      </Typography>
      <Stack direction="row" spacing={1.5}>
        <OutlinedTextField
          label={t('Country code')}
          value={countryCode}
          onChange={(e) => onCountryCodeChange(e.target.value)}
          sx={{ width: 110, flexShrink: 0 }}
          slotProps={{ htmlInput: { inputMode: 'tel', name: 'country_code' } }}
        />
        <OutlinedTextField
          label={t('Phone number')}
          value={phone}
          autoFocus
          onChange={(e) => onPhoneChange(e.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              name: 'phone',
              maxLength: PHONE_LENGTH,
              autoComplete: 'tel-national',
            },
          }}
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" disabled={!ready || loading}>
        {t('Get OTP')}
      </Button>
    </Stack>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/ui/outlined-text-field';
import Typography from '@mui/material/Typography';
import { REGISTER_FIRST } from './login-messages';
import { t } from '../../../i18n';

interface RegisterStepProps {
  username: string;
  onUsernameChange: (value: string) => void;
  phone: string;
  error: string | null;
  loading: boolean;
}

/** The Registration screen: alias, the verified phone (read-only) and 'Sign up'. */
export function RegisterStep({
  username,
  onUsernameChange,
  phone,
  error,
  loading,
}: RegisterStepProps) {
  return (
    <Stack spacing={3}>
      <Typography variant="h2" component="h1" textAlign="center" color="primary">
        {t('Register')}
      </Typography>
      <Typography textAlign="center" color="text.secondary">
        {t(REGISTER_FIRST)}
      </Typography>
      <OutlinedTextField
        label={t('Name')}
        placeholder={t('Enter your alias')}
        value={username}
        autoFocus
        onChange={(e) => onUsernameChange(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40, autoComplete: 'nickname' } }}
      />
      <OutlinedTextField label={t('Phone number')} value={phone} disabled />
      <Typography role="alert" color="error" textAlign="center" sx={{ minHeight: 24 }}>
        {error}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={loading}>
        {t('Sign up')}
      </Button>
    </Stack>
  );
}

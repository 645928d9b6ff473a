import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useState } from 'react';
import { CodeInput } from '../../../components/ui/code-input';
import { errorMessage } from '../../../lib/api-client';
import { resendOtp } from '../api/auth-api';
import { t } from '../../../i18n';

interface OtpStepProps {
  otp: string[];
  onOtpChange: (otp: string[]) => void;
  onSubmit: () => void;
  error: string | null;
  phone: string;
  otpId: string | null;
  /** Epoch ms from which resend is allowed. */
  resendAt: number;
  /** A new code was sent: clear the boxes and restart the countdown. */
  onResent: () => void;
  onChangeNumber: () => void;
  loading: boolean;
}

const acceptDigit = (char: string) => (/^\d$/.test(char) ? char : '');

function secondsLeft(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Four one-digit boxes, 'Verify', and resend after the 40 s countdown. */
export function OtpStep({
  otp,
  onOtpChange,
  onSubmit,
  error,
  phone,
  otpId,
  resendAt,
  onResent,
  onChangeNumber,
  loading,
}: OtpStepProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [remaining, setRemaining] = useState(() => secondsLeft(resendAt));

  useEffect(() => {
    setRemaining(secondsLeft(resendAt));
    const timer = window.setInterval(() => {
      const left = secondsLeft(resendAt);
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [resendAt]);

  const resend = async () => {
    if (!otpId) return;
    try {
      await resendOtp(otpId);
      onResent();
    } catch (resendError) {
      enqueueSnackbar(errorMessage(resendError), { variant: 'error' });
    }
  };

  return (
    <Stack spacing={3} sx={{ alignItems: 'stretch' }}>
      <Typography variant="h2" component="h1" textAlign="center" color="primary">
        {t('Verify OTP')}
      </Typography>
      <Typography textAlign="center" color="text.secondary">
        {t('Enter the 4-digit OTP sent to your phone')}
        <Typography component="span" display="block" fontWeight={700} color="text.primary">
          {phone}
        </Typography>
      </Typography>
      <CodeInput
        value={otp}
        onChange={onOtpChange}
        onSubmit={onSubmit}
        accept={acceptDigit}
        boxLabel={(position) => t('OTP digit {position}', { position })}
        inputMode="numeric"
        error={error !== null}
        autoFocus
      />
      <Typography role="alert" color="error" textAlign="center" sx={{ minHeight: 24 }}>
        {error}
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={loading}>
        {t('Verify')}
      </Button>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Button variant="text" onClick={onChangeNumber}>
          {t('Change number')}
        </Button>
        {remaining > 0 ? (
          <Typography color="text.secondary" aria-live="polite">
            {t('Resend OTP in {remaining}s', { remaining })}
          </Typography>
        ) : (
          <Button variant="text" onClick={() => void resend()} disabled={loading}>
            {t('Resend OTP')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

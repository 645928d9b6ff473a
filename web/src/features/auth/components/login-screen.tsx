import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { OutlinedTextField } from '../../../components/ui/outlined-text-field';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_COUNTRY_CODE,
  OTP_LENGTH,
  OTP_RESEND_SECONDS,
  PHONE_LENGTH,
} from '@showdown/shared/constants';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Img } from '../../../components/ui/img';
import { Loader } from '../../../components/ui/loader';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { AUTH_REQUEST, login, register, registrationTokenOf, sendOtp } from '../api/auth-api';
import { EMPTY_OTP, OTP_INCORRECT_SHORT, REGISTER_FIRST, REGISTER_MISSING } from './login-messages';
import { OtpStep } from './otp-step';
import { RegisterStep } from './register-step';
import { takeReturnTo } from '../../../lib/return-to';
import { takeTypedField } from '../../../lib/typed-before-hydration';
import { t } from '../../../i18n';

type Step = 'phone' | 'otp' | 'register';

const emptyOtp = () => Array.from({ length: OTP_LENGTH }, () => '');
const cleanCountryCode = (value: string) => value.replace(/[^\d+]/g, '').slice(0, 5);
const cleanPhone = (value: string) => value.replace(/\D/g, '').slice(0, PHONE_LENGTH);

/** Phone entry, then the OTP step, then (for a new phone) registration. */
// eslint-disable-next-line max-lines-per-function -- a screen of several jobs: its data and actions belong in hooks, its parts in components
export function LoginScreen() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const loading = useAppStore(selectRequest(AUTH_REQUEST)).status === 'loading';
  const otpId = useAppStore((s) => s.otp_id);

  const [step, setStep] = useState<Step>('phone');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [otpError, setOtpError] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [registerError, setRegisterError] = useState<string | null>(null);
  /** From the login's NO_USER answer: register proves with it that this client passed the OTP. */
  const [registrationToken, setRegistrationToken] = useState('');
  const [resendAt, setResendAt] = useState(0);

  const phoneReady = phone.length === PHONE_LENGTH;

  // What the visitor typed into the served page while the app loaded (hydration wiped it).
  useEffect(() => {
    const typedCode = takeTypedField('country_code');
    const typedPhone = takeTypedField('phone');
    if (typedCode !== undefined) setCountryCode(cleanCountryCode(typedCode));
    if (typedPhone !== undefined) setPhone(cleanPhone(typedPhone));
  }, []);

  const requestOtp = async () => {
    setPhoneError(null);
    try {
      await sendOtp({ country_code: countryCode, phone_number: phone });
      setOtp(emptyOtp());
      setOtpError(null);
      setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
      setStep('otp');
    } catch (error) {
      setPhoneError(errorMessage(error));
    }
  };

  const verify = async () => {
    const code = otp.join('');
    if (code.length !== OTP_LENGTH) {
      setOtpError(t(EMPTY_OTP));
      return;
    }
    if (!otpId) {
      setOtpError(t(MSG.OTP_NOT_FOUND));
      return;
    }
    setOtpError(null);
    try {
      await login({ country_code: countryCode, phone_number: phone, otp_id: otpId, otp: code });
      void navigate(takeReturnTo() ?? '/profile', { replace: true });
    } catch (error) {
      const message = errorMessage(error, t('Failed to verify OTP'));
      const code = error instanceof ApiError ? error.code : undefined;
      if (code === ERROR_CODE.NO_USER) {
        setRegistrationToken(registrationTokenOf(error) ?? '');
        enqueueSnackbar(t(REGISTER_FIRST), { variant: 'info' });
        setStep('register');
      } else if (code === ERROR_CODE.OTP_INCORRECT) {
        setOtpError(t(OTP_INCORRECT_SHORT));
      } else {
        setOtpError(message);
        enqueueSnackbar(t('Error verifying OTP: {message}', { message }), { variant: 'error' });
      }
    }
  };

  const signUp = async () => {
    if (!username.trim() || !phone) {
      setRegisterError(t(REGISTER_MISSING));
      return;
    }
    setRegisterError(null);
    try {
      await register({
        username: username.trim(),
        country_code: countryCode,
        phone_number: phone,
        registration_token: registrationToken,
      });
      void navigate(takeReturnTo() ?? '/profile', { replace: true });
    } catch (error) {
      const message = errorMessage(error, t('Failed to register'));
      setRegisterError(message);
      enqueueSnackbar(t('Error during registration: {message}', { message }), { variant: 'error' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    if (step === 'phone') {
      if (phoneReady) void requestOtp();
    } else if (step === 'otp') void verify();
    else void signUp();
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', maxWidth: 420, mx: 'auto', px: 3, py: 4 }}>
      {loading && <Loader overlay label={t('Please wait')} />}
      <Img
        src="/brand/logo.svg"
        alt="The Showdown"
        width={160}
        height={160}
        fetchPriority="high"
        sx={{ display: 'block', mx: 'auto', mb: 3 }}
      />
      <Box component="form" noValidate onSubmit={submit}>
        {step === 'phone' && (
          <Stack spacing={3}>
            <Typography variant="h2" component="h1" textAlign="center" color="primary">
              {t('Login')}
            </Typography>
            <Stack direction="row" spacing={1.5}>
              <OutlinedTextField
                label={t('Country code')}
                value={countryCode}
                onChange={(e) => setCountryCode(cleanCountryCode(e.target.value))}
                sx={{ width: 110, flexShrink: 0 }}
                slotProps={{ htmlInput: { inputMode: 'tel', name: 'country_code' } }}
              />
              <OutlinedTextField
                label={t('Phone number')}
                value={phone}
                autoFocus
                onChange={(e) => {
                  setPhone(cleanPhone(e.target.value));
                  setPhoneError(null);
                }}
                error={phoneError !== null}
                helperText={phoneError ?? ' '}
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
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!phoneReady || loading}
            >
              {t('Get OTP')}
            </Button>
          </Stack>
        )}
        {step === 'otp' && (
          <OtpStep
            otp={otp}
            onOtpChange={(next) => {
              setOtp(next);
              setOtpError(null);
            }}
            onSubmit={() => void verify()}
            error={otpError}
            phone={`${countryCode} ${phone}`}
            otpId={otpId}
            resendAt={resendAt}
            onResent={() => {
              setOtp(emptyOtp());
              setOtpError(null);
              setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
            }}
            onChangeNumber={() => setStep('phone')}
            loading={loading}
          />
        )}
        {step === 'register' && (
          <RegisterStep
            username={username}
            onUsernameChange={(value) => {
              setUsername(value);
              setRegisterError(null);
            }}
            phone={`${countryCode} ${phone}`}
            error={registerError}
            loading={loading}
          />
        )}
      </Box>
    </Box>
  );
}

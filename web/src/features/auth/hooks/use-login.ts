import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@showdown/shared/constants';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../../components/ui/toasts';
import { t } from '../../../i18n';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { takeReturnTo } from '../../../lib/return-to';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { AUTH_REQUEST, login, register, registrationTokenOf, sendOtp } from '../api/auth-api';
import {
  EMPTY_OTP,
  OTP_INCORRECT_SHORT,
  REGISTER_FIRST,
  REGISTER_MISSING,
} from '../components/login-messages';
import { usePhoneEntry } from './use-phone-entry';

type Step = 'phone' | 'otp' | 'register';

const emptyOtp = () => Array.from({ length: OTP_LENGTH }, () => '');

/** The login's steps, what is typed into each and the calls behind them. */
export function useLogin() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const loading = useAppStore(selectRequest(AUTH_REQUEST)).status === 'loading';
  const otpId = useAppStore((s) => s.otp_id);

  const phoneEntry = usePhoneEntry();
  const { countryCode, phone } = phoneEntry;
  const [step, setStep] = useState<Step>('phone');
  const [otp, setOtp] = useState<string[]>(emptyOtp);
  const [otpError, setOtpError] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [registerError, setRegisterError] = useState<string | null>(null);
  /** From the login's NO_USER answer: register proves with it that this client passed the OTP. */
  const [registrationToken, setRegistrationToken] = useState('');
  const [resendAt, setResendAt] = useState(0);

  /** A new code is on its way: empty boxes, and the resend countdown starts over. */
  const restartOtp = () => {
    setOtp(emptyOtp());
    setOtpError(null);
    setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
  };

  const requestOtp = async () => {
    phoneEntry.setError(null);
    try {
      await sendOtp({ country_code: countryCode, phone_number: phone });
      restartOtp();
      setStep('otp');
    } catch (error) {
      phoneEntry.setError(errorMessage(error));
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
      if (phoneEntry.ready) void requestOtp();
    } else if (step === 'otp') void verify();
    else void signUp();
  };

  return {
    step,
    loading,
    otpId,
    phoneEntry,
    otp,
    otpError,
    resendAt,
    username,
    registerError,
    submit,
    verify,
    restartOtp,
    changeOtp: (next: string[]) => {
      setOtp(next);
      setOtpError(null);
    },
    changeNumber: () => setStep('phone'),
    changeUsername: (value: string) => {
      setUsername(value);
      setRegisterError(null);
    },
  };
}

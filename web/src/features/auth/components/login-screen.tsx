import Box from '@mui/material/Box';
import { Img } from '../../../components/ui/img';
import { Loader } from '../../../components/ui/loader';
import { t } from '../../../i18n';
import { useLogin } from '../hooks/use-login';
import { OtpStep } from './otp-step';
import { PhoneStep } from './phone-step';
import { RegisterStep } from './register-step';

/** Phone entry, then the OTP step, then (for a new phone) registration. */
export function LoginScreen() {
  const login = useLogin();
  const { phoneEntry, loading } = login;
  const fullPhone = `${phoneEntry.countryCode} ${phoneEntry.phone}`;

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
      <Box component="form" noValidate onSubmit={login.submit}>
        {login.step === 'phone' && (
          <PhoneStep
            countryCode={phoneEntry.countryCode}
            onCountryCodeChange={phoneEntry.changeCountryCode}
            phone={phoneEntry.phone}
            onPhoneChange={phoneEntry.changePhone}
            error={phoneEntry.error}
            ready={phoneEntry.ready}
            loading={loading}
          />
        )}
        {login.step === 'otp' && (
          <OtpStep
            otp={login.otp}
            onOtpChange={login.changeOtp}
            onSubmit={() => void login.verify()}
            error={login.otpError}
            phone={fullPhone}
            otpId={login.otpId}
            resendAt={login.resendAt}
            onResent={login.restartOtp}
            onChangeNumber={login.changeNumber}
            loading={loading}
          />
        )}
        {login.step === 'register' && (
          <RegisterStep
            username={login.username}
            onUsernameChange={login.changeUsername}
            phone={fullPhone}
            error={login.registerError}
            loading={loading}
          />
        )}
      </Box>
    </Box>
  );
}

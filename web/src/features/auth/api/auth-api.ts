import { API } from '@showdown/shared/api-paths';
import type {
  AuthData,
  LoginInput,
  RegisterInput,
  SendOtpData,
  SendOtpInput,
} from '@showdown/shared/api';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** Every auth call shares one request state, 'auth' (SPEC §3 authentication state). */
export const AUTH_REQUEST = 'auth';

function authCall<T>(call: () => Promise<T>): Promise<T> {
  return runRequest(AUTH_REQUEST, call);
}

/** POST /api/auth/send-otp; stores otp_id. */
export async function sendOtp(input: SendOtpInput): Promise<SendOtpData> {
  const { data } = await authCall(() => api.post<SendOtpData>(API.sendOtp, input));
  useAppStore.getState().setOtp(data.otp_id, data.resend_available_at);
  return data;
}

/** POST /api/auth/resend-otp; keeps the (possibly new) otp_id. */
export async function resendOtp(otpId: string): Promise<void> {
  const answer = await authCall(() =>
    api.post<Partial<SendOtpData> | null>(API.resendOtp, { otp_id: otpId }),
  );
  useAppStore
    .getState()
    .setOtp(answer.data?.otp_id ?? otpId, answer.data?.resend_available_at ?? null);
}

/** POST /api/auth/login: stores the user and both tokens. */
export async function login(input: LoginInput): Promise<AuthData> {
  const { data } = await authCall(() => api.post<AuthData>(API.login, input));
  useAppStore.getState().signedIn(data);
  return data;
}

/** POST /api/auth/register (phone verified by OTP first): stores the user and both tokens. */
export async function register(input: RegisterInput): Promise<AuthData> {
  const { data } = await authCall(() => api.post<AuthData>(API.register, input));
  useAppStore.getState().signedIn(data);
  return data;
}

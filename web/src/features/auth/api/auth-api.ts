import { API } from '@showdown/shared/api-paths';
import type {
  AuthData,
  LoginInput,
  RegisterInput,
  RegistrationData,
  SendOtpData,
  SendOtpInput,
} from '@showdown/shared/api';
import { api, ApiError } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** Every auth call shares one request state, 'auth' (the login flow shows one at a time). */
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

/**
 * The registration token of a login's 404 NO_USER answer (the phone passed the OTP and may
 * register within 10 minutes, from this client only).
 */
export function registrationTokenOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const data = (error.body as { data?: Partial<RegistrationData> } | null)?.data;
  return typeof data?.registration_token === 'string' ? data.registration_token : undefined;
}

/**
 * POST /api/auth/register with the login's registration token: stores the user and both
 * tokens.
 */
export async function register(input: RegisterInput): Promise<AuthData> {
  const { data } = await authCall(() => api.post<AuthData>(API.register, input));
  useAppStore.getState().signedIn(data);
  return data;
}

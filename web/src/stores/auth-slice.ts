import type { AuthData, UserDetails } from '@showdown/shared/api';
import { STORAGE_KEYS } from '@showdown/shared/constants';
import type { SliceCreator } from './types';

export interface AuthStateData {
  otp_id: string | null;
  /** ISO time from which the server accepts a resend. */
  resend_available_at: string | null;
  user: UserDetails | null;
  isAuthenticated: boolean;
  /** Mirrors of localStorage access_token / refresh_token (the api client reads storage). */
  access_token: string | null;
  refresh_token: string | null;
}

export interface AuthSlice extends AuthStateData {
  setOtp: (otpId: string | null, resendAvailableAt?: string | null) => void;
  /** Login or register succeeded: store the user and both tokens. */
  signedIn: (auth: AuthData) => void;
  setUser: (user: UserDetails) => void;
  tokensRefreshed: (accessToken: string, refreshToken: string | null) => void;
}

function readToken(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const initialAuthData = (): AuthStateData => {
  const access = readToken(STORAGE_KEYS.ACCESS_TOKEN);
  return {
    otp_id: null,
    resend_available_at: null,
    user: null,
    isAuthenticated: access !== null,
    access_token: access,
    refresh_token: readToken(STORAGE_KEYS.REFRESH_TOKEN),
  };
};

export const createAuthSlice: SliceCreator<AuthSlice> = (set) => ({
  ...initialAuthData(),
  setOtp: (otpId, resendAvailableAt = null) =>
    set((state) => {
      state.otp_id = otpId;
      state.resend_available_at = resendAvailableAt;
    }),
  signedIn: ({ user_details, token_details }) => {
    localStorage.setItem(STORAGE_KEYS.ACCESS_TOKEN, token_details.access_token);
    localStorage.setItem(STORAGE_KEYS.REFRESH_TOKEN, token_details.refresh_token);
    set((state) => {
      state.user = user_details;
      state.access_token = token_details.access_token;
      state.refresh_token = token_details.refresh_token;
      state.isAuthenticated = true;
      state.otp_id = null;
      state.resend_available_at = null;
    });
  },
  setUser: (user) =>
    set((state) => {
      state.user = user;
    }),
  tokensRefreshed: (accessToken, refreshToken) =>
    set((state) => {
      state.access_token = accessToken;
      if (refreshToken) state.refresh_token = refreshToken;
      state.isAuthenticated = true;
    }),
});

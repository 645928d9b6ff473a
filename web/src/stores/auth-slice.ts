import type { AuthData, UserDetails } from '@showdown/shared/api';
import { storeTokens } from '../lib/tokens';
import type { SliceCreator } from './types';

export interface AuthStateData {
  otp_id: string | null;
  /** ISO time from which the server accepts a resend. */
  resend_available_at: string | null;
  user: UserDetails | null;
  // The tokens are not here: local storage holds them (lib/tokens: useAccessToken,
  // useIsAuthenticated).
}

export interface AuthSlice extends AuthStateData {
  setOtp: (otpId: string | null, resendAvailableAt?: string | null) => void;
  /** Login or register succeeded: store the user, and both tokens in local storage. */
  signedIn: (auth: AuthData) => void;
  setUser: (user: UserDetails) => void;
}

export const initialAuthData = (): AuthStateData => ({
  otp_id: null,
  resend_available_at: null,
  user: null,
});

export const createAuthSlice: SliceCreator<AuthSlice> = (set) => ({
  ...initialAuthData(),
  setOtp: (otpId, resendAvailableAt = null) =>
    set((state) => {
      state.otp_id = otpId;
      state.resend_available_at = resendAvailableAt;
    }),
  signedIn: ({ user_details, token_details }) => {
    storeTokens(token_details.access_token, token_details.refresh_token);
    set((state) => {
      state.user = user_details;
      state.otp_id = null;
      state.resend_available_at = null;
    });
  },
  setUser: (user) =>
    set((state) => {
      state.user = user;
    }),
});

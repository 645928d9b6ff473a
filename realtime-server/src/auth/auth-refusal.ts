import type { RegistrationData } from '@showdown/shared/api';

/** Why the auth services refused; the routes choose the HTTP answer (auth-routes.ts). */
export type AuthRefusalReason =
  /** The login's code was right but the phone has no account: register with the token. */
  | 'NO_USER'
  /** Register without a live registration token of this phone (missing, wrong, expired, used). */
  | 'REGISTRATION_TOKEN_INVALID'
  /** Register of a phone that has an account. */
  | 'USER_EXISTS'
  /** An otp_id that is unknown, of another phone, or (on resend) already used. */
  | 'OTP_NOT_FOUND'
  /** A code past its 5 minutes, or already used. */
  | 'OTP_EXPIRED'
  | 'OTP_INCORRECT'
  /** The code's 5 tries are spent. */
  | 'OTP_TOO_MANY_ATTEMPTS'
  /** Another code for the phone within 40 s of the last. */
  | 'OTP_RESEND_TOO_SOON'
  /** The phone's or the address's codes per 15 minutes are used up. */
  | 'OTP_RATE_LIMITED'
  /** The SMS gateway did not take the code. */
  | 'OTP_DELIVERY_FAILED'
  /** An access token that is malformed, wrongly signed, or of a revoked session or gone user. */
  | 'TOKEN_INVALID'
  /** A valid access token past its 15 minutes: the client refreshes. */
  | 'TOKEN_EXPIRED'
  /** A refresh token that is unknown, revoked, rotated already or expired. */
  | 'REFRESH_TOKEN_INVALID';

/** A refusal of the auth services (a domain error: no HTTP status). */
export class AuthRefusal extends Error {
  override name = 'AuthRefusal';
  constructor(
    readonly reason: AuthRefusalReason,
    /** NO_USER: the registration the client may now complete. */
    readonly registration?: RegistrationData,
  ) {
    super(reason);
  }
}

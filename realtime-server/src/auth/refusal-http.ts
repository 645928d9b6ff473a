import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import {
  AppError,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../http/errors.ts';
import { AuthRefusal, type AuthRefusalReason } from './auth-refusal.ts';

/** The HTTP answer of each refusal of the auth services (the error shape of docs/api.md). */
const REFUSALS: Record<AuthRefusalReason, (refusal: AuthRefusal) => AppError> = {
  NO_USER: (r) => new AppError(404, ERROR_CODE.NO_USER, MSG.NO_USER, r.registration),
  REGISTRATION_TOKEN_INVALID: () => forbidden(MSG.REGISTRATION_TOKEN_INVALID),
  USER_EXISTS: () => conflict(MSG.USER_EXISTS),
  OTP_NOT_FOUND: () => notFound(MSG.OTP_NOT_FOUND),
  OTP_EXPIRED: () => new AppError(400, ERROR_CODE.OTP_EXPIRED, MSG.OTP_EXPIRED),
  OTP_INCORRECT: () => new AppError(400, ERROR_CODE.OTP_INCORRECT, MSG.OTP_INCORRECT),
  OTP_TOO_MANY_ATTEMPTS: () => tooManyRequests(MSG.OTP_TOO_MANY_ATTEMPTS),
  OTP_RESEND_TOO_SOON: () => tooManyRequests(MSG.OTP_RESEND_TOO_SOON),
  OTP_RATE_LIMITED: () => tooManyRequests(MSG.OTP_RATE_LIMITED),
  OTP_DELIVERY_FAILED: () => new AppError(502, ERROR_CODE.INTERNAL, MSG.OTP_DELIVERY_FAILED),
  // 401 signs the client out; 403 TOKEN_EXPIRED tells it to refresh (docs/api.md, 401/403).
  TOKEN_INVALID: () => unauthorized(MSG.INVALID_TOKEN),
  TOKEN_EXPIRED: () => new AppError(403, ERROR_CODE.TOKEN_EXPIRED, MSG.TOKEN_EXPIRED),
  REFRESH_TOKEN_INVALID: () => unauthorized(MSG.INVALID_REFRESH_TOKEN),
};

/** Rethrows a refusal of the auth services as its HTTP answer; anything else as it is. */
export function toHttpError(err: unknown): never {
  if (err instanceof AuthRefusal) throw REFUSALS[err.reason](err);
  throw err;
}

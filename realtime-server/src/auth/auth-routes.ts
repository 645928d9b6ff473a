import { Router, type Request, type Response } from 'express';
import {
  loginSchema,
  refreshSchema,
  registerSchema,
  resendOtpSchema,
  sendOtpSchema,
  type ApiSuccess,
  type AuthData,
  type RefreshData,
  type SendOtpData,
} from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { badRequest, parseInput } from '../http/errors.ts';
import { AuthService } from './auth-service.ts';
import { toHttpError } from './refusal-http.ts';
import { OtpService } from './otp-service.ts';
import { authOf, requireAuth } from './require-auth.ts';

const NO_REFRESH_TOKEN = 'No refresh token available';

/** /api/auth: OTP sign-in, registration of a verified phone, token refresh, logout. */
export function authRouter(ctx: AppContext): Router {
  const { db, clock, tokens } = ctx;
  const otp = new OtpService(db, clock, ctx.otpSender, tokens.deriveKey('otp'), ctx.logger);
  const auth = new AuthService(db, clock, otp, tokens);
  const router = Router();

  const sendOtp = async (req: Request, res: Response) => {
    const phone = parseInput(sendOtpSchema, req.body);
    const data = await otp.send(phone, req.ip).catch(toHttpError);
    res.json({ success: true, message: MSG.OTP_SENT, data } satisfies ApiSuccess<SendOtpData>);
  };
  router.post('/send-otp', sendOtp);
  router.post('/register/sendotp', sendOtp);

  router.post('/resend-otp', async (req, res) => {
    const { otp_id } = parseInput(resendOtpSchema, req.body);
    const data = await otp.resend(otp_id).catch(toHttpError);
    res.json({ success: true, message: MSG.OTP_SENT, data } satisfies ApiSuccess<SendOtpData>);
  });

  router.post('/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const data = await auth.login(input).catch(toHttpError);
    res.json({ success: true, message: MSG.LOGIN_OK, data } satisfies ApiSuccess<AuthData>);
  });

  router.post('/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const data = await auth.register(input).catch(toHttpError);
    // The first clients read user_details and token_details at the top level; data has them too.
    res.status(201).json({ success: true, message: MSG.REGISTER_OK, data, ...data });
  });

  router.post('/refresh-access-token', async (req, res) => {
    const given: unknown = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (given === undefined || given === null || given === '') throw badRequest(NO_REFRESH_TOKEN);
    const { refresh_token } = parseInput(refreshSchema, req.body);
    const data = await tokens.refresh(refresh_token).catch(toHttpError);
    res.json({ success: true, data } satisfies ApiSuccess<RefreshData>);
  });

  router.get('/logout', requireAuth(tokens), async (_req, res) => {
    await tokens.revokeSession(authOf(res).sessionId);
    res.json({ success: true, message: MSG.LOGOUT_OK, data: null } satisfies ApiSuccess<null>);
  });

  return router;
}

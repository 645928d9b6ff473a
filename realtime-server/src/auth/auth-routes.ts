import { Router, type Request, type Response } from 'express';
import { and, eq } from 'drizzle-orm';
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
import { PHONE_VERIFIED_TTL_SECONDS } from '@showdown/shared/constants';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { phoneVerifications, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError, badRequest, conflict, forbidden, parseInput } from '../http/errors.ts';
import { toUserDetails } from '../users/user-details.ts';
import { OtpService, type Phone } from './otp-service.ts';
import { authOf, requireAuth } from './require-auth.ts';

const NO_REFRESH_TOKEN = 'No refresh token available';

/** SPEC §7 /api/auth: OTP sign-in, registration of a verified phone, token refresh, logout. */
export function authRouter(ctx: AppContext): Router {
  const { db, clock, tokens } = ctx;
  const otp = new OtpService(db, clock, ctx.otpSender, tokens.deriveKey('otp'), ctx.logger);
  const router = Router();

  const sendOtp = async (req: Request, res: Response) => {
    const phone = parseInput(sendOtpSchema, req.body);
    const data = await otp.send(phone, req.ip);
    res.json({ success: true, message: MSG.OTP_SENT, data } satisfies ApiSuccess<SendOtpData>);
  };
  router.post('/send-otp', sendOtp);
  router.post('/register/sendotp', sendOtp);

  router.post('/resend-otp', async (req, res) => {
    const { otp_id } = parseInput(resendOtpSchema, req.body);
    const data = await otp.resend(otp_id);
    res.json({ success: true, message: MSG.OTP_SENT, data } satisfies ApiSuccess<SendOtpData>);
  });

  router.post('/login', async (req, res) => {
    const input = parseInput(loginSchema, req.body);
    const phone: Phone = { country_code: input.country_code, phone_number: input.phone_number };
    // The code is spent and the phone marked verified in one transaction: both or neither.
    const outcome = await inTransaction(db, async (tx) => {
      const refused = await otp.judge(phone, input.otp_id, input.otp, tx);
      if (refused) return { refused };
      const [found] = await tx.select().from(users).where(samePhone(phone));
      if (found) return { user: found };
      // The phone passed an OTP: it may register within the next 10 minutes.
      const verifiedUntil = new Date(clock.now().getTime() + PHONE_VERIFIED_TTL_SECONDS * 1000);
      await tx
        .insert(phoneVerifications)
        .values({ countryCode: phone.country_code, phoneNumber: phone.phone_number, verifiedUntil })
        .onConflictDoUpdate({
          target: [phoneVerifications.countryCode, phoneVerifications.phoneNumber],
          set: { verifiedUntil },
        });
      return {};
    });
    if (outcome.refused) throw outcome.refused;
    const user = outcome.user;
    if (!user) throw new AppError(404, ERROR_CODE.NO_USER, MSG.NO_USER);
    const data: AuthData = {
      user_details: toUserDetails(user),
      token_details: await tokens.issue(user.id),
    };
    res.json({ success: true, message: MSG.LOGIN_OK, data } satisfies ApiSuccess<AuthData>);
  });

  router.post('/register', async (req, res) => {
    const input = parseInput(registerSchema, req.body);
    const phone: Phone = { country_code: input.country_code, phone_number: input.phone_number };
    const now = clock.now();
    const user = await inTransaction(db, async (tx) => {
      // Checked before the account: /register must not tell strangers which phones have one.
      const [verified] = await tx
        .select({ until: phoneVerifications.verifiedUntil })
        .from(phoneVerifications)
        .where(
          and(
            eq(phoneVerifications.countryCode, phone.country_code),
            eq(phoneVerifications.phoneNumber, phone.phone_number),
          ),
        )
        .for('update');
      if (!verified || verified.until <= now) throw forbidden(MSG.PHONE_NOT_VERIFIED);
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          countryCode: phone.country_code,
          phoneNumber: phone.phone_number,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflict(MSG.USER_EXISTS);
      await tx
        .delete(phoneVerifications)
        .where(
          and(
            eq(phoneVerifications.countryCode, phone.country_code),
            eq(phoneVerifications.phoneNumber, phone.phone_number),
          ),
        );
      return created;
    });
    const data: AuthData = {
      user_details: toUserDetails(user),
      token_details: await tokens.issue(user.id),
    };
    // SPEC §7 reads user_details and token_details at the top level; data carries them too.
    res.status(201).json({ success: true, message: MSG.REGISTER_OK, data, ...data });
  });

  router.post('/refresh-access-token', async (req, res) => {
    const given: unknown = (req.body as { refresh_token?: unknown } | undefined)?.refresh_token;
    if (given === undefined || given === null || given === '') throw badRequest(NO_REFRESH_TOKEN);
    const { refresh_token } = parseInput(refreshSchema, req.body);
    const data = await tokens.refresh(refresh_token);
    res.json({ success: true, data } satisfies ApiSuccess<RefreshData>);
  });

  router.get('/logout', requireAuth(tokens), async (_req, res) => {
    await tokens.revokeSession(authOf(res).sessionId);
    res.json({ success: true, message: MSG.LOGOUT_OK, data: null } satisfies ApiSuccess<null>);
  });

  return router;
}

function samePhone(phone: Phone) {
  return and(eq(users.countryCode, phone.country_code), eq(users.phoneNumber, phone.phone_number));
}

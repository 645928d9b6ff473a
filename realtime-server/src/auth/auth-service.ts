import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AuthData, LoginInput, RegisterInput, RegistrationData } from '@showdown/shared/api';
import { PHONE_VERIFIED_TTL_SECONDS } from '@showdown/shared/constants';
import type { Clock } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { phoneVerifications, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { toUserDetails } from '../users/user-details.ts';
import { AuthRefusal } from './auth-refusal.ts';
import type { OtpService, Phone } from './otp-service.ts';
import type { TokenService } from './token-service.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sign-in and registration (/api/auth). A login whose code is right either signs the
 * phone's user in or, for a phone without an account, answers NO_USER with a registration token:
 * random, single use, 10 minutes, stored only as a hash and bound to the phone; registration
 * needs it, so only the client that passed the code can create the account.
 */
export class AuthService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly otp: OtpService,
    private readonly tokens: TokenService,
  ) {}

  /** Signs the phone's user in; AuthRefusal NO_USER (with a registration token) otherwise. */
  async login(input: LoginInput): Promise<AuthData> {
    const phone: Phone = { country_code: input.country_code, phone_number: input.phone_number };
    // The code is spent and the registration token stored in one transaction: both or neither.
    const outcome = await inTransaction(this.db, async (tx) => {
      const refused = await this.otp.judge(phone, input.otp_id, input.otp, tx);
      if (refused) return { refused };
      const [found] = await tx.select().from(users).where(samePhone(phone));
      if (found) return { user: found };
      return { registration: await this.startRegistration(tx, phone) };
    });
    if (outcome.refused) throw outcome.refused;
    if (!outcome.user) throw new AuthRefusal('NO_USER', outcome.registration);
    return {
      user_details: toUserDetails(outcome.user),
      token_details: await this.tokens.issue(outcome.user.id),
    };
  }

  /** Creates the account of a phone whose registration token this is, and signs it in. */
  async register(input: RegisterInput): Promise<AuthData> {
    const phone: Phone = { country_code: input.country_code, phone_number: input.phone_number };
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      // Checked before the account: /register must not tell strangers which phones have one.
      const [verified] = await tx
        .select()
        .from(phoneVerifications)
        .where(verificationOf(phone))
        .for('update');
      if (
        !verified?.tokenHash ||
        verified.verifiedUntil <= now ||
        verified.tokenHash !== sha256(input.registration_token)
      ) {
        throw new AuthRefusal('REGISTRATION_TOKEN_INVALID');
      }
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
      if (!created) throw new AuthRefusal('USER_EXISTS');
      await tx.delete(phoneVerifications).where(verificationOf(phone));
      return {
        user_details: toUserDetails(created),
        token_details: await this.tokens.issue(created.id, tx),
      };
    });
  }

  /** A new registration token for the phone; one that was given before stops working. */
  private async startRegistration(tx: Executor, phone: Phone): Promise<RegistrationData> {
    const token = randomBytes(32).toString('base64url');
    const verifiedUntil = new Date(this.clock.now().getTime() + PHONE_VERIFIED_TTL_SECONDS * 1000);
    const values = { verifiedUntil, tokenHash: sha256(token) };
    await tx
      .insert(phoneVerifications)
      .values({ countryCode: phone.country_code, phoneNumber: phone.phone_number, ...values })
      .onConflictDoUpdate({
        target: [phoneVerifications.countryCode, phoneVerifications.phoneNumber],
        set: values,
      });
    return {
      registration_token: token,
      registration_token_expires_at: verifiedUntil.toISOString(),
    };
  }
}

function samePhone(phone: Phone) {
  return and(eq(users.countryCode, phone.country_code), eq(users.phoneNumber, phone.phone_number));
}

function verificationOf(phone: Phone) {
  return and(
    eq(phoneVerifications.countryCode, phone.country_code),
    eq(phoneVerifications.phoneNumber, phone.phone_number),
  );
}

import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { SendOtpData } from '@showdown/shared/api';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
} from '@showdown/shared/constants';
import type { Clock } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { otpCodes } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Logger } from '../logger.ts';
import type { OtpSender } from './otp-sender.ts';
import { AuthRefusal, type AuthRefusalReason } from './auth-refusal.ts';

/** Sliding window of the send limits. */
export const OTP_WINDOW_SECONDS = 15 * 60;
/** Codes (first sends and resends) one phone may receive per window. */
export const OTP_MAX_SENDS_PER_PHONE = 5;
/** Codes one client address may have sent per window. */
export const OTP_MAX_SENDS_PER_IP = 20;

export interface Phone {
  country_code: string;
  phone_number: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const addSeconds = (date: Date, s: number) => new Date(date.getTime() + s * 1000);
const refusal = (reason: AuthRefusalReason) => new AuthRefusal(reason);
const otpNotFound = () => refusal('OTP_NOT_FOUND');
const otpExpired = () => refusal('OTP_EXPIRED');
const otpIncorrect = () => refusal('OTP_INCORRECT');

/**
 * One-time codes: 4 random digits, kept only as an HMAC bound to their otp_id, valid
 * 5 minutes, single use, 5 wrong tries per code. All limits live in the database so they hold
 * across nodes: per phone 5 codes per 15 minutes and 40 s between sends, per client address 20
 * codes per 15 minutes. Each check-and-record runs under transaction-scoped advisory locks on
 * the phone and the address, so parallel requests cannot slip past a limit.
 *
 * A failed delivery is refused (OTP_DELIVERY_FAILED, a 502 at the edge), still counts as a send (a gateway that timed out may have
 * delivered anyway, and failures must not become a way around the limits) and leaves the code
 * expired: the client asks again once the 40 s cooldown has passed.
 */
export class OtpService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sender: OtpSender,
    private readonly key: Buffer,
    private readonly logger: Logger,
  ) {}

  /** A new code and otp_id for the phone. */
  async send(phone: Phone, ip: string | undefined): Promise<SendOtpData> {
    const now = this.clock.now();
    const id = randomUUID();
    const code = newCode();
    const requestIp = ip?.slice(0, 64);
    await inTransaction(this.db, async (tx) => {
      await lock(tx, phoneKey(phone));
      if (requestIp) await lock(tx, ipKey(requestIp));
      const recent = await this.sendsSince(tx, now, phoneFilter(phone));
      if (recent.last && recent.last > addSeconds(now, -OTP_RESEND_SECONDS)) {
        throw refusal('OTP_RESEND_TOO_SOON');
      }
      if (recent.sends >= OTP_MAX_SENDS_PER_PHONE) throw refusal('OTP_RATE_LIMITED');
      if (requestIp) {
        const fromIp = await this.sendsSince(tx, now, eq(otpCodes.requestIp, requestIp));
        if (fromIp.sends >= OTP_MAX_SENDS_PER_IP) throw refusal('OTP_RATE_LIMITED');
      }
      await tx.insert(otpCodes).values({
        id,
        countryCode: phone.country_code,
        phoneNumber: phone.phone_number,
        codeHash: this.hash(id, code),
        requestIp,
        expiresAt: addSeconds(now, OTP_TTL_SECONDS),
        lastSentAt: now,
        sentTimes: sql`array[${now.toISOString()}::timestamptz]`,
        createdAt: now,
      });
    });
    await this.deliver(id, phone, code);
    return { otp_id: id, resend_available_at: addSeconds(now, OTP_RESEND_SECONDS).toISOString() };
  }

  /**
   * A new code for an existing otp_id, 40 s after its last send at the earliest: the previous
   * code stops working, the tries start again and the 5 minutes run from now.
   */
  async resend(otpId: string): Promise<SendOtpData> {
    if (!UUID.test(otpId)) throw otpNotFound();
    const now = this.clock.now();
    const code = newCode();
    const phone = await inTransaction(this.db, async (tx) => {
      const [owner] = await tx
        .select({ country_code: otpCodes.countryCode, phone_number: otpCodes.phoneNumber })
        .from(otpCodes)
        .where(eq(otpCodes.id, otpId));
      if (!owner) throw otpNotFound();
      await lock(tx, phoneKey(owner));
      const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.id, otpId)).for('update');
      if (!row || row.consumedAt) throw otpNotFound();
      // A resend is attributed to the address that asked for the otp_id.
      if (row.requestIp) await lock(tx, ipKey(row.requestIp));
      if (row.lastSentAt > addSeconds(now, -OTP_RESEND_SECONDS)) {
        throw refusal('OTP_RESEND_TOO_SOON');
      }
      const fromPhone = await this.sendsSince(tx, now, phoneFilter(owner));
      if (fromPhone.sends >= OTP_MAX_SENDS_PER_PHONE) throw refusal('OTP_RATE_LIMITED');
      if (row.requestIp) {
        const fromIp = await this.sendsSince(tx, now, eq(otpCodes.requestIp, row.requestIp));
        if (fromIp.sends >= OTP_MAX_SENDS_PER_IP) throw refusal('OTP_RATE_LIMITED');
      }
      const cutoff = windowStart(now).toISOString();
      await tx
        .update(otpCodes)
        .set({
          codeHash: this.hash(otpId, code),
          attempts: 0,
          sendCount: sql`${otpCodes.sendCount} + 1`,
          expiresAt: addSeconds(now, OTP_TTL_SECONDS),
          lastSentAt: now,
          sentTimes: sql`array(select t from unnest(${otpCodes.sentTimes}) t where t > ${cutoff}::timestamptz) || ${now.toISOString()}::timestamptz`,
        })
        .where(eq(otpCodes.id, otpId));
      return owner;
    });
    await this.deliver(otpId, phone, code);
    return {
      otp_id: otpId,
      resend_available_at: addSeconds(now, OTP_RESEND_SECONDS).toISOString(),
    };
  }

  /**
   * Checks a code against its otp_id and phone and consumes it. Refuses (AuthRefusal)
   * OTP_NOT_FOUND (unknown otp_id or another phone's), OTP_EXPIRED (expired or already used),
   * OTP_TOO_MANY_ATTEMPTS (5 tries used up) or OTP_INCORRECT. Judging a guess and counting it
   * are one conditional UPDATE on the code's row: the row lock orders parallel guesses, and each
   * judged guess (right or wrong) spends a try, so at most 5 guesses are ever compared with a
   * code however they arrive.
   *
   * The refusal is returned, not thrown, so a caller's transaction commits the spent try.
   */
  async judge(
    phone: Phone,
    otpId: string,
    code: string,
    tx: Executor,
  ): Promise<AuthRefusal | null> {
    try {
      await this.verify(phone, otpId, code, tx);
      return null;
    } catch (err) {
      if (err instanceof AuthRefusal) return err;
      throw err;
    }
  }

  /** As judge(), throwing the refusal. */
  async verify(phone: Phone, otpId: string, code: string, tx: Executor = this.db): Promise<void> {
    if (!UUID.test(otpId)) throw otpNotFound();
    const now = this.clock.now();
    const [judged] = await tx
      .update(otpCodes)
      .set({
        attempts: sql`${otpCodes.attempts} + 1`,
        consumedAt: sql`case when ${otpCodes.codeHash} = ${this.hash(otpId, code)} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(
        and(
          eq(otpCodes.id, otpId),
          phoneFilter(phone),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
          lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ consumedAt: otpCodes.consumedAt });
    if (judged) {
      if (judged.consumedAt) return;
      throw otpIncorrect();
    }
    // Not judged: say why.
    const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.id, otpId));
    if (!row || row.countryCode !== phone.country_code || row.phoneNumber !== phone.phone_number) {
      throw otpNotFound();
    }
    rejectUnusable(row, now);
    throw otpIncorrect();
  }

  private hash(otpId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${otpId}:${code}`).digest('hex');
  }

  /** Codes sent within the window to the rows the filter selects, and the newest send. */
  private async sendsSince(tx: Executor, now: Date, filter: SQL | undefined) {
    const cutoff = windowStart(now);
    const [stats] = await tx
      .select({
        sends: sql<number>`coalesce(sum((select count(*) from unnest(${otpCodes.sentTimes}) t where t > ${cutoff.toISOString()}::timestamptz)), 0)::int`,
        last: max(otpCodes.lastSentAt),
      })
      .from(otpCodes)
      .where(and(filter, gt(otpCodes.lastSentAt, cutoff)));
    return { sends: Number(stats?.sends ?? 0), last: stats?.last ? new Date(stats.last) : null };
  }

  private async deliver(otpId: string, phone: Phone, code: string): Promise<void> {
    try {
      await this.sender.send({ ...phone, otp: code });
    } catch (err) {
      this.logger.warn({ err, otp_id: otpId }, 'OTP delivery failed');
      await this.db
        .update(otpCodes)
        .set({ expiresAt: this.clock.now() })
        .where(eq(otpCodes.id, otpId));
      throw refusal('OTP_DELIVERY_FAILED');
    }
  }
}

function rejectUnusable(
  row: { consumedAt: Date | null; expiresAt: Date; attempts: number },
  now: Date,
): void {
  // A used code reads as expired: single use, and nothing to tell an eavesdropper.
  if (row.consumedAt || row.expiresAt <= now) throw otpExpired();
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw refusal('OTP_TOO_MANY_ATTEMPTS');
}

function newCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

const windowStart = (now: Date) => addSeconds(now, -OTP_WINDOW_SECONDS);
const phoneFilter = (phone: Phone) =>
  and(eq(otpCodes.countryCode, phone.country_code), eq(otpCodes.phoneNumber, phone.phone_number));
const phoneKey = (phone: Phone) => `otp:phone:${phone.country_code}:${phone.phone_number}`;
const ipKey = (ip: string) => `otp:ip:${ip}`;

/** A transaction-scoped advisory lock: held until commit or rollback. */
async function lock(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import type { RefreshData, TokenDetails } from '@showdown/shared/api';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@showdown/shared/constants';
import type { Clock } from '../context.ts';
import type { Database, Executor } from '../db/client.ts';
import { authSessionEnds, authSessions, refreshTokens } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { AuthRefusal } from './auth-refusal.ts';

/** Who an access token speaks for: the user and the session (refresh-token family) it belongs to. */
export interface AccessIdentity {
  userId: number;
  sessionId: string;
}

/** How often each process checks the sessions it trusts again (recheckSessions). */
export const SESSION_RECHECK_MS = 500;
/** How long a session's end is kept for the rechecks (auth_session_ends). */
const ENDS_KEPT_MS = 24 * 3600 * 1000;
/** How often a recheck also tidies the cache and the ends older than ENDS_KEPT_MS. */
const TIDY_EVERY_MS = 60_000;
const ENDS_PAGE = 5_000;

/**
 * How many verified access tokens a process keeps: a token lives 15 minutes, and a device
 * refreshes it before then; a busy process sees a few per player at most.
 */
const VERIFIED_TOKENS_KEPT = 20_000;

/** What a verified access token says. */
interface VerifiedClaims {
  userId: number;
  sessionId: string;
  expMs: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalidToken = () => new AuthRefusal('TOKEN_INVALID');
const invalidRefreshToken = () => new AuthRefusal('REFRESH_TOKEN_INVALID');

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Access tokens (HS256 JWT, 15 minutes, sub = user id, sid = session family) and refresh tokens
 * (opaque, stored as a SHA-256 hash, 30 days, rotated on every use). A session family is one
 * sign-in: logout or the reuse of a rotated refresh token revokes it, and from then on neither
 * its refresh token nor its unexpired access tokens are accepted on any node.
 */
export class TokenService {
  /** jsonwebtoken re-imports a string secret on every call (~0.6 ms); a KeyObject once. */
  private readonly signingKey: KeyObject;
  /**
   * Sessions this process has seen live, until the access token that proved it expires: between
   * refreshes the JWT is enough, so requests and handshakes do not read `refresh_tokens`.
   * Revocation empties it here at once and, through SessionRevocations, in every other process.
   */
  private readonly liveSessions = new Map<string, { userId: number; untilMs: number }>();
  /** Access tokens whose signature was checked, by their text (verifiedClaims). */
  private readonly verifiedTokens = new Map<string, VerifiedClaims>();
  /** Sessions revoked while a check may have been in flight: never cached again. */
  private readonly revokedSessions = new Map<string, number>();
  private recheckTimer: NodeJS.Timeout | undefined;
  /** The number of the last session end the rechecks have read (undefined: check in full). */
  private endsSeen: number | undefined;
  private lastTidyMs = 0;

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly revocations?: SessionRevocations,
  ) {
    this.signingKey = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** Signs a user in: a new session family with its first refresh token. */
  async issue(userId: number, executor?: Executor): Promise<TokenDetails> {
    const sessionId = randomUUID();
    const start = async (tx: Executor) => {
      await tx.insert(authSessions).values({ id: sessionId, userId, createdAt: this.clock.now() });
      return this.insertRefreshToken(tx, userId, sessionId);
    };
    const refreshToken = executor ? await start(executor) : await inTransaction(this.db, start);
    return { ...this.signAccess(userId, sessionId), refresh_token: refreshToken };
  }

  /**
   * Checks an access token. 401 (UNAUTHORIZED) when malformed, wrongly signed or of a revoked
   * session; 403 (TOKEN_EXPIRED) when valid but expired, which tells the client to refresh.
   */
  async verifyAccess(token: string): Promise<AccessIdentity> {
    const nowMs = this.clock.now().getTime();
    const { userId, sessionId, expMs } = this.verifiedClaims(token, nowMs);
    // As jsonwebtoken decides expiry: the whole second of `exp` is already too late.
    if (Math.floor(nowMs / 1000) * 1000 >= expMs) throw new AuthRefusal('TOKEN_EXPIRED');

    const cached = this.liveSessions.get(sessionId);
    if (cached && cached.userId === userId && cached.untilMs > nowMs) return { userId, sessionId };

    // The session's row: revoked by a logout or a reuse, gone with its user.
    const [live] = await this.db
      .select({ one: sql<number>`1` })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sessionId),
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
        ),
      );
    if (!live) throw invalidToken();
    this.remember(sessionId, userId, expMs, nowMs);
    return { userId, sessionId };
  }

  /**
   * The claims of an access token whose signature this process has checked, by the token's text:
   * each token's signature is checked once (an HMAC and two JSON decodes), not on every request.
   * An expired or malformed token is never kept.
   */
  private verifiedClaims(token: string, nowMs: number): VerifiedClaims {
    const known = this.verifiedTokens.get(token);
    if (known) return known;
    let payload: string | jwt.JwtPayload;
    try {
      payload = jwt.verify(token, this.signingKey, {
        algorithms: ['HS256'],
        clockTimestamp: Math.floor(nowMs / 1000),
      });
    } catch (err) {
      if (err instanceof jwt.TokenExpiredError) {
        throw new AuthRefusal('TOKEN_EXPIRED');
      }
      throw invalidToken();
    }
    if (typeof payload === 'string' || typeof payload.exp !== 'number') throw invalidToken();
    const userId = Number(payload.sub);
    const sessionId: unknown = payload.sid;
    if (!Number.isSafeInteger(userId) || userId <= 0) throw invalidToken();
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw invalidToken();
    const claims = { userId, sessionId, expMs: payload.exp * 1000 };
    if (this.verifiedTokens.size >= VERIFIED_TOKENS_KEPT) this.dropExpiredTokens(nowMs);
    this.verifiedTokens.set(token, claims);
    return claims;
  }

  /** Drops the expired entries of the caches; every verified token when that frees too little. */
  private dropExpiredTokens(nowMs: number): void {
    this.dropExpired(nowMs);
    if (this.verifiedTokens.size >= VERIFIED_TOKENS_KEPT / 2) this.verifiedTokens.clear();
  }

  private remember(sessionId: string, userId: number, untilMs: number, nowMs: number): void {
    if ((this.revokedSessions.get(sessionId) ?? 0) > nowMs) return;
    if (this.liveSessions.size >= 50_000) this.dropExpired(nowMs);
    this.liveSessions.set(sessionId, { userId, untilMs });
  }

  /** Drops the cache's entries, live or revoked, whose access tokens have expired. */
  private dropExpired(nowMs: number): void {
    for (const [id, entry] of this.liveSessions) {
      if (entry.untilMs <= nowMs) this.liveSessions.delete(id);
    }
    for (const [id, until] of this.revokedSessions) {
      if (until <= nowMs) this.revokedSessions.delete(id);
    }
    for (const [token, claims] of this.verifiedTokens) {
      if (claims.expMs <= nowMs) this.verifiedTokens.delete(token);
    }
  }

  /** Forgets a session this process cached (it was revoked, here or on another node). */
  forgetSession(sessionId: string): void {
    this.liveSessions.delete(sessionId);
    this.revokedSessions.set(
      sessionId,
      this.clock.now().getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    );
  }

  /** Forgets every cached session of a user: the next request of each is checked again. */
  invalidate(userId: number): void {
    for (const [id, entry] of this.liveSessions) {
      if (entry.userId === userId) this.liveSessions.delete(id);
    }
  }

  /**
   * Exchanges a refresh token for a new access token and a new refresh token. Presenting a token
   * that was already rotated is taken as theft: the whole family is revoked.
   *
   * The session's row is locked first, as revokeSession locks it: a refresh and a logout of one
   * session run one after the other. A refresh after the logout finds the session revoked; a
   * logout after the refresh revokes the tokens it issued (they carry the same session).
   */
  async refresh(refreshToken: string): Promise<RefreshData> {
    const now = this.clock.now();
    const hash = sha256(refreshToken);
    const outcome = await inTransaction(this.db, async (tx) => {
      const [session] = await tx
        .select({ id: authSessions.id, revokedAt: authSessions.revokedAt })
        .from(authSessions)
        .where(
          eq(
            authSessions.id,
            sql`(select ${refreshTokens.familyId} from ${refreshTokens} where ${refreshTokens.tokenHash} = ${hash})`,
          ),
        )
        .for('update');
      if (!session || session.revokedAt) return { refused: true as const };
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash));
      if (!row || row.revokedAt) return { refused: true as const };
      if (row.replacedAt) {
        await this.revokeLocked(tx, session.id, now);
        return { refused: true as const, revoked: session.id };
      }
      if (row.expiresAt <= now) return { refused: true as const };
      await tx.update(refreshTokens).set({ replacedAt: now }).where(eq(refreshTokens.id, row.id));
      const next = await this.insertRefreshToken(tx, row.userId, row.familyId);
      return { refused: false as const, userId: row.userId, sessionId: row.familyId, next };
    });
    if (outcome.refused) {
      if (outcome.revoked) this.announceRevoked(outcome.revoked);
      throw invalidRefreshToken();
    }
    return {
      ...this.signAccess(outcome.userId, outcome.sessionId),
      refresh_token: outcome.next,
    };
  }

  /** Ends a session: its refresh tokens and its access tokens stop working everywhere. */
  async revokeSession(sessionId: string): Promise<void> {
    if (!UUID.test(sessionId)) return;
    this.forgetSession(sessionId);
    await inTransaction(this.db, async (tx) => {
      // The lock a refresh of this session holds until it commits (or waits for).
      const [session] = await tx
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
        .for('update');
      if (session) await this.revokeLocked(tx, sessionId, this.clock.now());
    });
    this.announceRevoked(sessionId);
  }

  /** Revokes a session whose row the transaction holds locked, and all its refresh tokens. */
  private async revokeLocked(tx: Executor, sessionId: string, now: Date): Promise<void> {
    await tx
      .update(authSessions)
      .set({ revokedAt: now })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    // A statement after the lock: it sees every token a refresh committed before it.
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
  }

  private announceRevoked(sessionId: string): void {
    this.forgetSession(sessionId);
    this.revocations?.revoked(sessionId);
  }

  /**
   * Checks again the sessions this process trusts (cached, or holding its sockets: `alsoWatched`);
   * each one revoked or gone (its user deleted) is forgotten and announced on this process only:
   * every process runs this check itself, so a revocation another node's broadcast did not carry,
   * or a deleted user, is seen within the interval. Returns the sessions it announced.
   *
   * After a first full check, it reads only what ended since its last look (`auth_session_ends`,
   * numbered in commit order by a trigger, sql/functions/session_ends_record.sql): a process with thousands of sockets sends no ids
   * and parses no rows twice a second. A gap in the numbers (a rolled-back end, or rows pruned
   * while this process could not reach the database) makes it check its sessions in full again.
   */
  async recheckSessions(alsoWatched: Iterable<string> = []): Promise<string[]> {
    const nowMs = this.clock.now().getTime();
    if (nowMs - this.lastTidyMs >= TIDY_EVERY_MS) await this.tidy(nowMs);
    if (this.endsSeen !== undefined) {
      const since = this.endsSeen;
      const ended = await this.readEnds(since);
      if (ended.length === 0) return [];
      if (ended[0]!.seq === since + 1) {
        this.endsSeen = ended[ended.length - 1]!.seq;
        return this.announceEnded(ended.map((e) => e.sessionId));
      }
    }
    return this.recheckInFull(alsoWatched, nowMs);
  }

  /** The sessions that ended after number `since`, in order (several pages if many ended). */
  private async readEnds(since: number): Promise<Array<{ seq: number; sessionId: string }>> {
    const ended: Array<{ seq: number; sessionId: string }> = [];
    for (let after = since; ;) {
      const page = (await this.db.execute(
        sql`select seq::text as seq, session_id::text as id from ${authSessionEnds}
            where seq > ${after} order by seq limit ${ENDS_PAGE}`,
      )) as unknown as { rows: Array<{ seq: string; id: string }> };
      for (const row of page.rows) ended.push({ seq: Number(row.seq), sessionId: row.id });
      if (page.rows.length < ENDS_PAGE) return ended;
      after = ended[ended.length - 1]!.seq;
    }
  }

  /**
   * Every watched session, in one query that also notes the last end so far (one snapshot: an
   * end this query does not see has a higher number, and the next look reads it).
   */
  private async recheckInFull(alsoWatched: Iterable<string>, nowMs: number): Promise<string[]> {
    const watched = new Set<string>(alsoWatched);
    for (const [id, entry] of this.liveSessions) {
      if (entry.untilMs > nowMs) watched.add(id);
    }
    const ids = [...watched].filter((id) => UUID.test(id));
    const result = (await this.db.execute(
      sql`select (select coalesce(max(seq), 0) from ${authSessionEnds})::text as seen,
            (select coalesce(array_agg(t.id::text), '{}')
             from unnest(string_to_array(${ids.join(',')}, ',')::uuid[]) as t(id)
             where not exists (
               select 1 from ${authSessions} s where s.id = t.id and s.revoked_at is null
             )) as gone`,
    )) as unknown as { rows: Array<{ seen: string; gone: string[] }> };
    const [row] = result.rows;
    this.endsSeen = Number(row!.seen);
    return this.announceEnded(row!.gone);
  }

  private announceEnded(ended: string[]): string[] {
    for (const id of ended) {
      this.forgetSession(id);
      this.revocations?.notifyLocal(id);
    }
    return ended;
  }

  /**
   * Now and then: drops expired entries of the session cache, and ends older than a day (every
   * process looks twice a second; one that could not for longer checks in full on the gap).
   */
  private async tidy(nowMs: number): Promise<void> {
    this.lastTidyMs = nowMs;
    this.dropExpired(nowMs);
    await this.db
      .delete(authSessionEnds)
      .where(lt(authSessionEnds.endedAt, new Date(nowMs - ENDS_KEPT_MS)));
  }

  /**
   * Runs recheckSessions every `intervalMs` (SESSION_RECHECK_MS: a revoked session or a deleted
   * user is refused within a second on every process) until stopRechecks.
   */
  startRechecks(
    alsoWatched: () => Iterable<string>,
    onError: (err: unknown) => void,
    intervalMs = SESSION_RECHECK_MS,
  ): void {
    if (this.recheckTimer) return;
    let running = false;
    this.recheckTimer = setInterval(() => {
      if (running) return;
      running = true;
      this.recheckSessions(alsoWatched())
        .catch(onError)
        .finally(() => (running = false));
    }, intervalMs);
    this.recheckTimer.unref();
  }

  stopRechecks(): void {
    clearInterval(this.recheckTimer);
    this.recheckTimer = undefined;
  }

  /** A key for another purpose (hashing OTP codes), derived so the signing secret stays private. */
  deriveKey(purpose: string): Buffer {
    return createHmac('sha256', this.secret).update(`showdown:${purpose}`).digest();
  }

  private signAccess(userId: number, sessionId: string) {
    const iat = seconds(this.clock.now());
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const accessToken = jwt.sign({ sid: sessionId, iat, exp }, this.signingKey, {
      algorithm: 'HS256',
      subject: String(userId),
    });
    return {
      access_token: accessToken,
      access_token_expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  private async insertRefreshToken(
    executor: Executor,
    userId: number,
    familyId: string,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    await executor.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return token;
  }
}

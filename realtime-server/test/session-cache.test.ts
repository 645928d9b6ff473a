import { eq } from 'drizzle-orm';
import pg from 'pg';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, workerCount } from '../src/config.ts';
import { authSessionEnds, authSessions, users } from '../src/db/schema.ts';
import { testDriver } from './helpers/database.ts';
import { signUp, startTestServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  // These tests change the table behind the cache's back and run the recheck themselves: the
  // server's own 500 ms recheck would otherwise race them on a loaded machine.
  server.application.context.tokens.stopRechecks();
});
afterAll(async () => {
  await server?.close();
});

describe('the session cache behind access tokens', () => {
  it('checks the session once, then trusts the JWT until told otherwise', async () => {
    const { tokens, db } = server.application.context;
    const user = await signUp(server, 'Cached Chitra');
    const identity = await tokens.verifyAccess(user.token);
    // Gone from the table behind the cache's back: the cached check still answers (no read)…
    await db.delete(authSessions).where(eq(authSessions.id, identity.sessionId));
    await expect(tokens.verifyAccess(user.token)).resolves.toEqual(identity);
    // …until the user's cached sessions are invalidated: then the table is read again.
    tokens.invalidate(identity.userId);
    await expect(tokens.verifyAccess(user.token)).rejects.toMatchObject({
      reason: 'TOKEN_INVALID',
    });
  });

  it("checks an access token's signature once, then knows its claims by the token", async () => {
    const { tokens } = server.application.context;
    const user = await signUp(server, 'Once Omkar');
    const { userId } = await tokens.verifyAccess(user.token);
    const fresh = (await tokens.issue(userId)).access_token;
    const verify = vi.spyOn(jwt, 'verify');
    try {
      const identity = await tokens.verifyAccess(fresh);
      await expect(tokens.verifyAccess(fresh)).resolves.toEqual(identity);
      expect(verify).toHaveBeenCalledTimes(1);
      // A token that was never signed by this server is still checked, and refused.
      const [head, body] = fresh.split('.');
      await expect(tokens.verifyAccess(`${head}.${body}.forged`)).rejects.toMatchObject({
        reason: 'TOKEN_INVALID',
      });
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });

  it('the periodic recheck drops a cached session that was revoked or lost its user', async () => {
    const { tokens, db } = server.application.context;
    const kept = await signUp(server, 'Kept Kavya');
    const revoked = await signUp(server, 'Revoked Rekha');
    const deleted = await signUp(server, 'Deleted Dev');
    const ids = await Promise.all(
      [kept, revoked, deleted].map((u) => tokens.verifyAccess(u.token)),
    );
    // Behind the cache's back, as another node whose broadcast was lost, or an operator.
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, ids[1]!.sessionId));
    await db.delete(users).where(eq(users.id, deleted.userId));
    await expect(tokens.verifyAccess(revoked.token)).resolves.toEqual(ids[1]);
    const announced = await tokens.recheckSessions();
    expect(announced).toEqual(expect.arrayContaining([ids[1]!.sessionId, ids[2]!.sessionId]));
    expect(announced).not.toContain(ids[0]!.sessionId);
    await expect(tokens.verifyAccess(kept.token)).resolves.toEqual(ids[0]);
    await expect(tokens.verifyAccess(revoked.token)).rejects.toMatchObject({
      reason: 'TOKEN_INVALID',
    });
    await expect(tokens.verifyAccess(deleted.token)).rejects.toMatchObject({
      reason: 'TOKEN_INVALID',
    });
  });

  it('a revoked session is refused at once by the process that revoked it', async () => {
    const { tokens } = server.application.context;
    const user = await signUp(server, 'Revoked Ravi');
    const identity = await tokens.verifyAccess(user.token);
    await tokens.revokeSession(identity.sessionId);
    await expect(tokens.verifyAccess(user.token)).rejects.toMatchObject({
      reason: 'TOKEN_INVALID',
    });
  });

  it('a session forgotten after a revocation elsewhere is never cached again', async () => {
    const { tokens } = server.application.context;
    const user = await signUp(server, 'Forgotten Farah');
    const identity = await tokens.verifyAccess(user.token);
    tokens.forgetSession(identity.sessionId);
    // Still live in the table (this models a check racing the revocation): read, not cached.
    await expect(tokens.verifyAccess(user.token)).resolves.toEqual(identity);
    await tokens.revokeSession(identity.sessionId);
    await expect(tokens.verifyAccess(user.token)).rejects.toMatchObject({
      reason: 'TOKEN_INVALID',
    });
  });
});

describe('the incremental session recheck (auth_session_ends)', () => {
  it('after one full check, finds an ended session it was not told to watch, from the ends alone', async () => {
    const { tokens, db } = server.application.context;
    await tokens.recheckSessions(); // the first check is in full, and notes the last end
    const user = await signUp(server, 'Unwatched Usha');
    const { sessionId } = await tokens.verifyAccess(user.token);
    tokens.invalidate(user.userId); // neither cached nor watched: only the ends can tell
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, sessionId));
    expect(await tokens.recheckSessions([])).toEqual([sessionId]);
    // Read once: the next look has nothing new.
    expect(await tokens.recheckSessions([])).toEqual([]);
  });

  it('records each end once: a revocation, then the deletion of the revoked row adds nothing', async () => {
    const { db } = server.application.context;
    const user = await signUp(server, 'Once Omkar');
    const [session] = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.userId, user.userId));
    const endsOf = async () =>
      db.select().from(authSessionEnds).where(eq(authSessionEnds.sessionId, session!.id));
    await db.update(authSessions).set({ createdAt: new Date() }); // no end: nothing recorded
    expect(await endsOf()).toHaveLength(0);
    await db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.id, session!.id));
    await db.delete(users).where(eq(users.id, user.userId));
    expect(await endsOf()).toHaveLength(1);
  });

  it('checks in full again on a gap in the numbers (ends pruned or rolled back)', async () => {
    const { tokens, db } = server.application.context;
    await tokens.recheckSessions();
    const lost = await signUp(server, 'Lost Lalita');
    const later = await signUp(server, 'Later Lata');
    const [lostId, laterId] = await Promise.all(
      [lost, later].map(async (u) => (await tokens.verifyAccess(u.token)).sessionId),
    );
    for (const id of [lostId!, laterId!]) {
      await db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.id, id));
    }
    // The first of the two ends is gone before this process read it (as if pruned).
    await db.delete(authSessionEnds).where(eq(authSessionEnds.sessionId, lostId!));
    const announced = await tokens.recheckSessions();
    expect(announced).toEqual(expect.arrayContaining([lostId, laterId]));
  });

  it.runIf(testDriver === 'pg')(
    'numbers ends in commit order: an end committed after a look is never below what it saw',
    async () => {
      const { tokens } = server.application.context;
      const url = server.database.url;
      const first = await signUp(server, 'First Fatima');
      const second = await signUp(server, 'Second Sanjay');
      const [firstId, secondId] = await Promise.all(
        [first, second].map(async (u) => (await tokens.verifyAccess(u.token)).sessionId),
      );
      await tokens.recheckSessions();
      const slow = new pg.Client({ connectionString: url });
      const quick = new pg.Client({ connectionString: url });
      await Promise.all([slow.connect(), quick.connect()]);
      try {
        // The slow logout numbers its end first and commits last; the quick one waits for it.
        await slow.query('begin');
        await slow.query('update auth_sessions set revoked_at = now() where id = $1', [firstId]);
        const quickDone = quick.query('update auth_sessions set revoked_at = now() where id = $1', [
          secondId,
        ]);
        await new Promise((r) => setTimeout(r, 300));
        const seen = await tokens.recheckSessions([]);
        await slow.query('commit');
        await quickDone;
        seen.push(...(await tokens.recheckSessions([])));
        expect(seen.sort()).toEqual([firstId, secondId].sort());
      } finally {
        await Promise.all([slow.end(), quick.end()]);
      }
    },
  );
});

describe('WORKERS', () => {
  it('defaults to the CPU count on a database server and to 1 on PGlite', () => {
    expect(workerCount(loadConfig({}), 8)).toBe(1);
    expect(workerCount(loadConfig({ DATABASE_URL: 'postgres://h/db' }), 8)).toBe(8);
    expect(workerCount(loadConfig({ DATABASE_URL: 'postgres://h/db', WORKERS: '3' }), 8)).toBe(3);
    expect(workerCount(loadConfig({ WORKERS: '1' }), 8)).toBe(1);
  });

  it('refuses a bad value, and several processes on the in-process PGlite', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: above 1 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: 'many', DATABASE_URL: 'postgres://h/db' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://h/db' })).toThrow(/WORKERS/);
  });
});

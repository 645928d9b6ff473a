import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, workerCount } from '../src/config.ts';
import { authSessions, users } from '../src/db/schema.ts';
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
    expect((await tokens.recheckSessions()).sort()).toEqual(
      [ids[1]!.sessionId, ids[2]!.sessionId].sort(),
    );
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

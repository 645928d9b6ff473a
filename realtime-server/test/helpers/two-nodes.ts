import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createTestDatabase, testDriver } from './database.ts';
import { OtpInbox } from './otp-inbox.ts';
import { ServerProcess, freePort } from './process.ts';

/** Two compiled server processes on one PostgreSQL and one Redis, with one OTP inbox. */
export interface TwoNodes {
  otps: OtpInbox;
  db: DatabaseHandle & { url?: string };
  nodeA: ServerProcess;
  nodeB: ServerProcess;
  close(): Promise<void>;
}

/**
 * Starts two nodes as a deployment runs them. Several nodes need a database server: the suite
 * belongs to the PostgreSQL project, and under CI a missing TEST_REDIS_URL fails it.
 */
export async function startTwoNodes(redisUrl: string | undefined): Promise<TwoNodes> {
  if (testDriver !== 'pg') throw new Error('this suite runs on PostgreSQL (TEST_DRIVER=pg)');
  if (!redisUrl) throw new Error('TEST_REDIS_URL is required (e.g. redis://127.0.0.1:6379)');
  const otps = new OtpInbox();
  const db = await createTestDatabase();
  const env = {
    OTP_SENDER: 'webhook',
    OTP_WEBHOOK_URL: await otps.start(),
    DATABASE_URL: db.url!,
    REDIS_URL: redisUrl,
    REDIS_STREAM_NAME: `showdown-test:${randomUUID()}`,
  };
  const [nodeA, nodeB] = await Promise.all([
    new ServerProcess(await freePort(), env).start(),
    new ServerProcess(await freePort(), env).start(),
  ]);
  return {
    otps,
    db,
    nodeA,
    nodeB,
    async close() {
      await Promise.all([nodeA.kill(), nodeB.kill()]);
      await otps.close();
      await db.close();
    },
  };
}

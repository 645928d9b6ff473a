/**
 * Several server processes on one PostgreSQL database: the set-up of the suites of several
 * workers or nodes (the PostgreSQL project's). Every node gets the same environment: the OTP
 * webhook of one inbox, the database and, with more than one node, one Redis stream. Under CI
 * a missing TEST_REDIS_URL fails such a suite rather than skipping it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { createTestDatabase, testDriver } from './database.ts';
import { OtpInbox } from './otp-inbox.ts';
import { ServerProcess, freePort } from './process.ts';

export interface NodeSet {
  otps: OtpInbox;
  db: DatabaseHandle & { url?: string };
  nodes: ServerProcess[];
  /** Stops the nodes (SIGKILL; SIGTERM with `graceful`), then the inbox and the database. */
  close(options?: { graceful?: boolean }): Promise<void>;
}

export interface NodeSetOptions {
  /** Names the suite in the error when it runs without PostgreSQL. */
  suite: string;
  /** How many nodes; 1 unless given. More than one share a Redis stream. */
  nodes?: number;
  /** More environment for every node (WORKERS, METRICS_TOKEN, …). */
  env?: Record<string, string>;
}

export async function startNodes(options: NodeSetOptions): Promise<NodeSet> {
  if (testDriver !== 'pg') {
    throw new Error(`${options.suite} runs on PostgreSQL (TEST_DRIVER=pg)`);
  }
  const count = options.nodes ?? 1;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (count > 1 && !redisUrl) {
    throw new Error('TEST_REDIS_URL is required (e.g. redis://127.0.0.1:6379)');
  }
  const otps = new OtpInbox();
  const webhook = await otps.start();
  const db = await createTestDatabase();
  const nodes: ServerProcess[] = [];
  const close = async ({ graceful = false } = {}) => {
    await Promise.all(nodes.map((node) => (graceful ? node.stop() : node.kill())));
    await otps.close();
    await db.close();
  };
  const env = {
    OTP_SENDER: 'webhook',
    OTP_WEBHOOK_URL: webhook,
    DATABASE_URL: db.url!,
    ...(count > 1
      ? { REDIS_URL: redisUrl!, REDIS_STREAM_NAME: `showdown-test:${randomUUID()}` }
      : {}),
    ...options.env,
  };
  try {
    for (let i = 0; i < count; i++) nodes.push(new ServerProcess(await freePort(), env));
    await Promise.all(nodes.map((node) => node.start()));
  } catch (err) {
    await close();
    throw err;
  }
  return { otps, db, nodes, close };
}

/**
 * The suite's nodes: started before its tests (beforeAll), stopped after them (afterAll). The
 * inbox, the database and each node are stand-ins for what beforeAll starts, so a suite names
 * them once (`const { otps, db, nodes: [nodeA, nodeB] } = useNodes(…)`) and uses them in tests.
 */
export function useNodes(options: NodeSetOptions): Omit<NodeSet, 'close'> {
  let set: NodeSet | undefined;
  beforeAll(async () => {
    set = await startNodes(options);
  });
  afterAll(() => set?.close());
  const started = () => {
    if (!set) throw new Error(`${options.suite}: the nodes have not started yet`);
    return set;
  };
  return {
    otps: later(() => started().otps),
    db: later(() => started().db),
    nodes: Array.from({ length: options.nodes ?? 1 }, (_, i) => later(() => started().nodes[i]!)),
  };
}

/** A stand-in for an object made later: every property read goes to the object of the moment. */
function later<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get(_stand, key) {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

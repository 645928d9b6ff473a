/**
 * The embedded database's worker dies (PGlite aborts when a write of its log fails: a full
 * disk): the process goes on. Calls meanwhile fail as storage full (507) when the data
 * directory's file system is full, as the database unavailable (503) otherwise, never hang;
 * the handle names the reason for /readyz and logs one line; a new worker opens the same data
 * directory once there is room, and what was committed is there.
 */
import fs from 'node:fs';
import type * as WorkerThreads from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { dependencyFailure } from '../src/http/errors.ts';
import { fill, holdTmpfs, requireMountNamespaces } from './helpers/tmpfs.ts';
import { waitUntil } from './helpers/sockets.ts';

/** The database's worker threads, as client.ts starts them. */
const workers = vi.hoisted(() => [] as Worker[]);
vi.mock('node:worker_threads', async (original) => {
  const actual = await original<typeof WorkerThreads>();
  class Watched extends actual.Worker {
    constructor(...args: ConstructorParameters<typeof actual.Worker>) {
      super(...args);
      workers.push(this);
    }
  }
  return { ...actual, Worker: Watched };
});

const SUITE_MS = 120_000;

describe('the embedded database worker dies', { timeout: SUITE_MS }, () => {
  let tmpfs: Awaited<ReturnType<typeof holdTmpfs>>;
  let mountDir: string;
  let database: DatabaseHandle;
  const logged: string[] = [];

  const statusOf = (call: Promise<unknown>) =>
    call.then(
      () => 200,
      (err: unknown) => dependencyFailure(err)?.status ?? 500,
    );
  const rowsOf = async (query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const insert = (v: number) =>
    statusOf(database.db.execute(sql`insert into kept (v) values (${v})`));

  beforeAll(async () => {
    requireMountNamespaces();
    mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-tmpfs-'));
    tmpfs = await holdTmpfs(mountDir, '48m');
    database = await openDatabase({
      dataDir: path.join(tmpfs.path, 'data'),
      log: { error: (m) => logged.push(`error: ${m}`), info: (m) => logged.push(`info: ${m}`) },
    });
    await database.db.execute(sql`create table kept (v int not null)`);
  }, SUITE_MS);
  afterAll(async () => {
    await database?.close();
    tmpfs?.release();
    if (mountDir) fs.rmSync(mountDir, { recursive: true, force: true });
  });

  it('on a full disk: 507, the reason, one line; open again once space is freed, nothing lost', async () => {
    expect(await insert(1)).toBe(200);
    const filler = path.join(tmpfs.path, 'filler');
    fill(filler);
    try {
      logged.length = 0;
      await workers.at(-1)!.terminate();
      await waitUntil(() => database.problem?.() !== undefined, 10_000, 'the stop seen');
      expect(database.problem?.()).toMatch(/^the data directory .* is full \(\d+ KB free/);
      expect(await insert(2)).toBe(507);
      expect(await statusOf(database.db.execute(sql`select 1`))).toBe(507);
      expect(logged).toEqual([expect.stringMatching(/^error: .*data directory .* is full/)]);
    } finally {
      fs.rmSync(filler, { force: true });
    }
    await waitUntil(() => database.problem?.() === undefined, 30_000, 'open again');
    expect(logged.at(-1)).toMatch(/^info: .*open again/);
    expect(await insert(3)).toBe(200);
    expect(await rowsOf(sql`select v from kept order by v`)).toEqual([{ v: 1 }, { v: 3 }]);
  });

  it('with room left: 503 while it is away, then open again', async () => {
    const before = workers.length;
    await workers.at(-1)!.terminate();
    // Refused as unavailable, or served by the new worker already: never 507, never a hang.
    expect([503, 200]).toContain(await insert(4));
    await waitUntil(
      () => workers.length > before && database.problem?.() === undefined,
      30_000,
      'open again',
    );
    expect(await insert(5)).toBe(200);
    expect(await rowsOf(sql`select count(*)::int as n from kept where v = 5`)).toEqual([{ n: 1 }]);
  });
});

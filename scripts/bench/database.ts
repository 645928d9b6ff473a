/**
 * The run's database, prepared before the server starts: a file-backed PGlite in a temporary
 * directory (what `npm start` uses), or a fresh database on a PostgreSQL server. The users and
 * their sessions are seeded here directly, so signing thousands of players in does not go
 * through (and is not throttled by) the OTP limits, which stay as they are.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../realtime-server/src/db/client.ts';
import { users } from '../../realtime-server/src/db/schema.ts';
import { TokenService } from '../../realtime-server/src/auth/token-service.ts';
import { systemClock } from '../../realtime-server/src/context.ts';
import { inPool } from './stats.ts';

export interface BenchDatabase {
  /** What to print: the driver and where, never a password. */
  label: string;
  kind: 'pglite' | 'postgres';
  /** A PostgreSQL server on this machine, whose processes' CPU the benchmark can read. */
  localServer: boolean;
  /** The server's environment for this database. */
  serverEnv: Record<string, string>;
  /** Opens it from the benchmark (PGlite: only while no server holds the files). */
  open(): Promise<DatabaseHandle>;
  /**
   * PostgreSQL's WAL flushes so far (`pg_stat_wal`, the whole server): how many, and the time
   * they took when WAL I/O timing is on (the benchmark turns it on for its database when it
   * may). Undefined on PGlite or when the statistics cannot be read.
   */
  walFlushes?(): Promise<WalFlushes | undefined>;
  /** Removes the temporary directory or drops the database. */
  destroy(): Promise<void>;
}

export interface WalFlushes {
  count: number;
  /** Milliseconds spent in them; undefined when track_wal_io_timing is off. */
  ms?: number;
}

export async function prepareBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  if (!serverUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-bench-'));
    return {
      label: `PGlite, file-backed in ${dataDir}`,
      kind: 'pglite',
      localServer: false,
      serverEnv: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = new URL(serverUrl);
  const name = `showdown_bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  // Needs a superuser; without it the flushes are still counted, only not timed.
  await admin(`ALTER DATABASE "${name}" SET track_wal_io_timing = on`).catch(() => undefined);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let statsClient: Promise<pg.Client> | undefined;
  const walFlushes = async (): Promise<WalFlushes | undefined> => {
    try {
      statsClient ??= (async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        return client;
      })();
      const { rows } = await (
        await statsClient
      ).query<{ count: string; ms: number; timed: string }>(
        `SELECT wal_sync AS count, wal_sync_time AS ms,
                current_setting('track_wal_io_timing') AS timed FROM pg_stat_wal`,
      );
      const row = rows[0];
      if (!row) return undefined;
      return { count: Number(row.count), ms: row.timed === 'on' ? Number(row.ms) : undefined };
    } catch {
      return undefined;
    }
  };
  return {
    label: `PostgreSQL ${base.hostname}:${base.port || 5432}/${name} (dropped afterwards)`,
    kind: 'postgres',
    localServer: ['localhost', '127.0.0.1', '[::1]', ''].includes(base.hostname),
    serverEnv: { DATABASE_URL: url.toString() },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 8 }),
    walFlushes,
    destroy: async () => {
      if (statsClient) await (await statsClient.catch(() => undefined))?.end();
      await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

export interface SeededUser {
  userId: number;
  accessToken: string;
  /** For a run longer than an access token lives (the soak): exchanged for a new pair. */
  refreshToken: string;
}

/**
 * Creates `count` users, each signed in (a session with its refresh token, as a login leaves
 * it), with access tokens signed by `jwtSecret`, the secret the server is then started with.
 */
export async function seedUsers(
  handle: DatabaseHandle,
  count: number,
  jwtSecret: string,
): Promise<SeededUser[]> {
  const { db } = handle;
  const ids: number[] = [];
  for (let from = 0; from < count; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - from) }, (_, i) => {
      const n = from + i;
      return {
        username: `Bench ${n + 1}`,
        countryCode: '+91',
        phoneNumber: String(6_000_000_000 + n),
      };
    });
    const rows = await db.insert(users).values(batch).returning({ id: users.id });
    ids.push(...rows.map((r) => r.id));
  }
  const tokens = new TokenService(db, jwtSecret, systemClock);
  const seeded: SeededUser[] = new Array(ids.length);
  await inPool(ids, 16, async (userId, index) => {
    const details = await tokens.issue(userId);
    seeded[index] = {
      userId,
      accessToken: details.access_token,
      refreshToken: details.refresh_token,
    };
  });
  return seeded;
}

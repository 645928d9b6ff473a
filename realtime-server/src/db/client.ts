import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { FairQueue } from './fair-queue.ts';
import { applyFunctionFiles, FUNCTIONS_FOLDER } from './sql-functions.ts';
import { serverRoot } from '../paths.ts';

export type Schema = typeof schema;
/** Drizzle's common PostgreSQL database type: both drivers fit it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a query can run on: the database or an open transaction. */
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'pg';
  close(): Promise<void>;
  /** Tells `listener` each wait for a database connection, in seconds. */
  observeWait(listener: (seconds: number) => void): void;
  /** The SQL function files this start applied (changed since the last start), by name. */
  functionFilesApplied: readonly string[];
  /** The embedded database only: writes its data directory to `file`, for `{ snapshot }`. */
  snapshot?(file: string): Promise<void>;
}

/**
 * What a start applies: the migrations (schema changes), then the SQL function files that
 * changed (db/sql-functions.ts); `functions: null` applies none (a test that rebuilds a database
 * as a former release left it).
 */
export interface SchemaSources {
  migrations: string;
  functions: string | null;
}

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; onPoolError?: (err: Error) => void }
  | { dataDir: string; loopback?: boolean }
  /** `snapshot`: a data directory written by `DatabaseHandle.snapshot`, loaded instead of initdb. */
  | { inMemory: true; loopback?: boolean; snapshot?: string };

export const SCHEMA_SOURCES: SchemaSources = {
  migrations: path.join(serverRoot, 'drizzle'),
  functions: FUNCTIONS_FOLDER,
};
/** Plain JavaScript, run as a file of its own: the server bundle does not contain it. */
const pgliteWorkerFile = path.join(serverRoot, 'src/db/pglite-worker.mjs');
/**
 * Any constant: serialises the migrations and the function files when several nodes start at once
 * on one server.
 */
const MIGRATION_LOCK_KEY = 727_274_601;

/**
 * How long an idle PostgreSQL connection is kept (pg's default is 10 s). Trading comes in bursts
 * (a trade phase opens after minutes of talk); a connection closed in the lull is reopened in
 * the burst, and each new backend starts cold (it forks, loads its caches, compiles the hot-path
 * functions and prepares their statements). On the 2-core benchmark machine, that stalled
 * every order in flight: the first 100 orders/s after a 10 s pause had p99 170–500 ms with
 * 10 s, 28–35 ms with the connections kept.
 */
export const IDLE_CONNECTION_MS = 5 * 60_000;

/**
 * Opens the database (PGlite embedded, or a PostgreSQL server), applies pending migrations and
 * then the SQL function files that changed.
 */
export async function openDatabase(
  options: DatabaseOptions,
  sources: SchemaSources = SCHEMA_SOURCES,
): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const max = options.poolSize ?? 20;
    // Connections go to clients in turn here too: a burst waits behind nobody's single request.
    const fair = new FairQueue(max);
    const pool = new FairPool(
      { connectionString: options.databaseUrl, max, idleTimeoutMillis: IDLE_CONNECTION_MS },
      fair,
    );
    // pg returns bigint (int8) as a string by default; every bigint here fits a JS number.
    // An idle client's connection dropped: pg replaces it; say so instead of swallowing it.
    pool.on('error', (err) => {
      if (options.onPoolError) options.onPoolError(err);
      else console.error('PostgreSQL pool error:', err.message);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const functionFilesApplied = await applySchema(pool, sources).catch(async (err: unknown) => {
      await pool.end().catch(() => {});
      throw err;
    });
    return {
      db,
      driver: 'pg',
      functionFilesApplied,
      close: () => pool.end(),
      observeWait: (listener) => (fair.onWait = listener),
    };
  }

  return openEmbedded(
    {
      dataDir: 'dataDir' in options ? path.resolve(options.dataDir) : undefined,
      snapshot: 'snapshot' in options ? options.snapshot : undefined,
      // node-postgres reaches no Unix socket on Windows: a loopback port there.
      loopback: options.loopback ?? process.platform === 'win32',
    },
    sources,
  );
}

/**
 * A start's schema step: the migrations, then the function files, under one advisory lock (of
 * nodes starting together, one applies them and the others find them applied); answers the
 * function files applied.
 */
export async function applySchema(pool: pg.Pool, sources: SchemaSources): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: sources.migrations });
    return sources.functions === null ? [] : await applyFunctionFiles(client, sources.functions);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

/**
 * The embedded database, off the main thread: a worker thread owns PGlite and serves it on a
 * Unix socket in a private temporary directory (or a loopback port: on Windows); this thread
 * uses node-postgres through one connection handed out fairly between clients (FairQueue), so a
 * burst from one client never holds the others back and the event loop keeps accepting
 * connections while PGlite works.
 */
async function openEmbedded(
  { dataDir, snapshot, loopback }: { dataDir?: string; snapshot?: string; loopback: boolean },
  sources: SchemaSources,
): Promise<DatabaseHandle> {
  // node-postgres reaches a Unix socket as a directory (host) and a port (the file's suffix).
  const socketDir = loopback ? undefined : mkdtempSync(path.join(tmpdir(), 'showdown-db-'));
  const removeSocketDir = () => socketDir && rmSync(socketDir, { recursive: true, force: true });
  const worker = new Worker(pgliteWorkerFile, {
    workerData: { dataDir, socketDir, snapshot },
    // The worker is plain JavaScript: it must not inherit the process's `--import` preloads
    // (tsx, a profiler's probe), which a worker thread cannot load and exits on.
    execArgv: [],
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database worker exited (${code})`)));
    worker.once('message', (m: { type: string; port: number }) => resolve(m.port));
  }).catch((err: unknown) => {
    removeSocketDir();
    throw err;
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  const fair = new FairQueue(1);
  const pool = new FairPool(
    { host: socketDir ?? '127.0.0.1', port, user: 'postgres', database: 'postgres', max: 1 },
    fair,
  );
  pool.on('error', () => undefined);
  let functionFilesApplied: string[];
  try {
    functionFilesApplied = await applySchema(pool, sources);
  } catch (err) {
    await pool.end().catch(() => {});
    await worker.terminate();
    removeSocketDir();
    throw err;
  }
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    driver: 'pglite',
    functionFilesApplied,
    observeWait: (listener) => (fair.onWait = listener),
    async snapshot(file: string) {
      const written = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage({ type: 'snapshot', file });
      await written;
    },
    async close() {
      await pool.end();
      const closed = new Promise<void>((resolve) => worker.once('message', () => resolve()));
      worker.postMessage({ type: 'close' });
      await closed;
      await worker.terminate();
      removeSocketDir();
    },
  };
}

/** A node-postgres pool whose connections are handed out by a FairQueue. */
class FairPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly fair: FairQueue,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ): void;
  override connect(callback?: unknown): Promise<pg.PoolClient> | void {
    // pg's own query() checks a connection out with a callback: its slot is already held.
    if (typeof callback === 'function') return super.connect(callback as never);
    return (async () => {
      const release = await this.fair.acquire();
      try {
        const client = await super.connect();
        const done = client.release.bind(client);
        client.release = (err?: Error | boolean) => {
          release();
          return done(err);
        };
        return client;
      } catch (err) {
        release();
        throw err;
      }
    })();
  }

  override query(...args: unknown[]): never {
    if (typeof args[args.length - 1] === 'function')
      throw new Error('FairPool.query takes no callback');
    return (async () => {
      const release = await this.fair.acquire();
      try {
        return await (super.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        release();
      }
    })() as never;
  }
}

/** Round-trip check for /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

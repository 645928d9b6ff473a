import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
import { isDatabaseUnavailable, isStorageFull, pgErrorCode } from './errors.ts';
import {
  DatabaseStoppedError,
  NEW_DATABASE_BYTES,
  STORAGE_RESERVE_BYTES,
  StorageFullError,
  isLowOnSpace,
  storageFullReason,
} from './storage.ts';
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
  /**
   * The embedded database only: why it cannot take writes now (its data directory's file system
   * full, its worker stopped), for /readyz; undefined while it can.
   */
  problem?(): string | undefined;
}

/** Where the embedded database says that it stopped, and that it is open again. */
export interface DatabaseLog {
  error(message: string): void;
  info(message: string): void;
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
  | { dataDir: string; loopback?: boolean; log?: DatabaseLog }
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
      log: 'log' in options ? options.log : undefined,
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

/** PostgreSQL's read_only_sql_transaction: a write in a read-only transaction. */
const READ_ONLY_SQLSTATE = '25006';
/** How often a stopped embedded database looks whether it can be opened again. */
const REOPEN_CHECK_MS = 1_000;

interface WorkerData {
  dataDir?: string;
  socketDir?: string;
  snapshot?: string;
}

/** A database worker that is serving: the thread and the port it listens on. */
async function startWorker(workerData: WorkerData): Promise<{ worker: Worker; port: number }> {
  const worker = new Worker(pgliteWorkerFile, {
    workerData,
    // The worker is plain JavaScript: it must not inherit the process's `--import` preloads
    // (tsx, a profiler's probe), which a worker thread cannot load and exits on.
    execArgv: [],
  });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the database worker exited (${code})`)));
    worker.once('message', (m: { type: string; port: number }) => resolve(m.port));
  });
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  return { worker, port };
}

/** The room a start needs: a new database's (initdb), or the reserve for one that exists. */
function roomToStart(dataDir: string): number {
  return existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))
    ? STORAGE_RESERVE_BYTES
    : NEW_DATABASE_BYTES;
}

function cannotStart(dataDir: string, cause?: unknown): StorageFullError {
  const reason = storageFullReason(dataDir, roomToStart(dataDir));
  return new StorageFullError(`The database cannot start: ${reason}.`, { cause });
}

/**
 * The embedded database's pool guard. While the data directory's file system is full, each
 * connection is handed out read-only: reads go on, and every write is refused whole before it
 * starts, instead of failing wherever PostgreSQL next needs a page or a log segment (which
 * aborts PGlite). A failed call's error gets its reason for the edge's answer: a write the
 * read-only guard refused, or a lost connection while the storage is full, is storage full; a
 * lost connection while the worker is stopped, the database stopped.
 */
function storageGuard(dataDir: string | undefined, stopped: () => string | undefined): PoolGuard {
  const full = () => dataDir !== undefined && isLowOnSpace(dataDir);
  const readOnlyNow = new WeakMap<pg.PoolClient, boolean>();
  return {
    async prepare(client) {
      const readOnly = full();
      if ((readOnlyNow.get(client) ?? false) === readOnly) return;
      await client.query(`SET default_transaction_read_only = ${readOnly ? 'on' : 'off'}`);
      readOnlyNow.set(client, readOnly);
    },
    explain(err) {
      if (isStorageFull(err)) return err;
      const readOnly = pgErrorCode(err) === READ_ONLY_SQLSTATE;
      if (!readOnly && !isDatabaseUnavailable(err)) return err;
      if (dataDir && (readOnly || full())) {
        return new StorageFullError(storageFullReason(dataDir), { cause: err });
      }
      const why = stopped();
      return why ? new DatabaseStoppedError(why, { cause: err }) : err;
    },
  };
}

/**
 * The embedded database, off the main thread: a worker thread owns PGlite and serves it on a
 * Unix socket in a private temporary directory (or a loopback port: on Windows); this thread
 * uses node-postgres through one connection handed out fairly between clients (FairQueue), so a
 * burst from one client never holds the others back and the event loop keeps accepting
 * connections while PGlite works.
 *
 * PGlite aborts (and its worker ends) when a write of its log fails, as on a full disk. The
 * process goes on: calls meanwhile fail as storage full (507) or the database unavailable (503),
 * and a new worker opens the same data directory once there is room again (PostgreSQL's crash
 * recovery replays the log: what was committed stays).
 */
async function openEmbedded(
  {
    dataDir,
    snapshot,
    loopback,
    log = { error: (m) => console.error(m), info: () => undefined },
  }: { dataDir?: string; snapshot?: string; loopback: boolean; log?: DatabaseLog },
  sources: SchemaSources,
): Promise<DatabaseHandle> {
  const full = () => dataDir !== undefined && isLowOnSpace(dataDir);
  // PGlite started on a full file system aborts without saying why: say it first.
  if (dataDir && isLowOnSpace(dataDir, roomToStart(dataDir))) throw cannotStart(dataDir);
  // node-postgres reaches a Unix socket as a directory (host) and a port (the file's suffix).
  const socketDir = loopback ? undefined : mkdtempSync(path.join(tmpdir(), 'showdown-db-'));
  const removeSocketDir = () => socketDir && rmSync(socketDir, { recursive: true, force: true });
  const workerData: WorkerData = { dataDir, socketDir, snapshot };
  let current = await startWorker(workerData).catch((err: unknown) => {
    removeSocketDir();
    throw full() ? cannotStart(dataDir!, err) : err;
  });
  /** Why the database is not serving, while its worker is gone. */
  let stopped: string | undefined;
  let closing = false;
  let reopenTimer: NodeJS.Timeout | undefined;

  const fair = new FairQueue(1);
  const pool = new FairPool(
    {
      host: socketDir ?? '127.0.0.1',
      port: current.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    },
    fair,
    storageGuard(dataDir, () => stopped),
  );
  pool.on('error', () => undefined);

  const reopen = async () => {
    reopenTimer = undefined;
    if (closing) return;
    if (!full()) {
      try {
        // The stopped worker's socket file is left behind; the new one listens on the same path.
        if (socketDir) rmSync(path.join(socketDir, '.s.PGSQL.5432'), { force: true });
        const next = await startWorker(workerData);
        if (closing) return void (await next.worker.terminate());
        current = next;
        (pool.options as { port?: number }).port = next.port;
        watch(next.worker);
        stopped = undefined;
        log.info('The embedded database is open again.');
        return;
      } catch (err) {
        stopped = full()
          ? storageFullReason(dataDir!)
          : `it could not be opened again (${String(err)})`;
      }
    }
    reopenTimer = setTimeout(() => void reopen(), REOPEN_CHECK_MS);
    reopenTimer.unref();
  };
  const watch = (worker: Worker) => {
    const onStop = (why: string) => {
      if (closing || stopped || current.worker !== worker) return;
      const storage = full();
      stopped = storage ? storageFullReason(dataDir!) : `its worker ended (${why})`;
      log.error(
        `The embedded database stopped: ${stopped}. ` +
          (storage
            ? 'Calls answer 507 (storage full) until there is room; then it opens again by itself.'
            : dataDir
              ? 'Calls answer 503 while it opens again.'
              : 'An in-memory database is lost with it.'),
      );
      // An in-memory database is gone with its worker: nothing to open again.
      if (dataDir) void reopen();
    };
    // An 'error' (PGlite's abort) comes before the thread's 'exit'; a new worker waits for
    // the exit, when nothing of the old one touches the data directory any more.
    let failure: string | undefined;
    worker.on('error', (err) => (failure = err.message));
    worker.on('exit', (code) => onStop(failure ?? `exit code ${code}`));
  };
  watch(current.worker);

  let functionFilesApplied: string[];
  try {
    functionFilesApplied = await applySchema(pool, sources);
  } catch (err) {
    closing = true;
    clearTimeout(reopenTimer);
    await pool.end().catch(() => {});
    await current.worker.terminate();
    removeSocketDir();
    throw full() ? cannotStart(dataDir!, err) : err;
  }
  /** The worker's answer to `message`, or its end: a stopped worker answers nothing. */
  const ask = (message: object) => {
    const { worker } = current;
    const answered = new Promise<void>((resolve) => {
      worker.once('message', () => resolve());
      worker.once('exit', () => resolve());
    });
    worker.postMessage(message);
    return answered;
  };
  return {
    db: drizzlePg(pool, { schema }) as unknown as Database,
    driver: 'pglite',
    functionFilesApplied,
    observeWait: (listener) => (fair.onWait = listener),
    problem: () => stopped ?? (full() ? storageFullReason(dataDir!) : undefined),
    async snapshot(file: string) {
      await ask({ type: 'snapshot', file });
    },
    async close() {
      closing = true;
      clearTimeout(reopenTimer);
      await pool.end();
      if (!stopped) await ask({ type: 'close' });
      await current.worker.terminate();
      removeSocketDir();
    },
  };
}

/** What the embedded database adds to its pool while its storage may run out. */
interface PoolGuard {
  /** A failed call's error with its reason (the storage full, the worker stopped). */
  explain(err: unknown): unknown;
  /** Runs on each connection as it is handed out, before the caller's queries. */
  prepare(client: pg.PoolClient): Promise<void>;
}

/**
 * A node-postgres pool whose connections are handed out by a FairQueue, each through `guard`
 * when there is one.
 */
class FairPool extends pg.Pool {
  private readonly watched = new WeakSet<pg.PoolClient>();

  constructor(
    config: pg.PoolConfig,
    private readonly fair: FairQueue,
    private readonly guard?: PoolGuard,
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
      let client: pg.PoolClient | undefined;
      try {
        client = await super.connect();
        const done = client.release.bind(client);
        client.release = (err?: Error | boolean) => {
          release();
          return done(err);
        };
        this.watchCheckedOut(client);
        if (this.guard) await this.guard.prepare(client);
        return client;
      } catch (err) {
        if (client) client.release(err instanceof Error ? err : true);
        else release();
        throw this.guard ? this.guard.explain(err) : err;
      }
    })();
  }

  override query(...args: unknown[]): never {
    if (typeof args[args.length - 1] === 'function')
      throw new Error('FairPool.query takes no callback');
    if (this.guard) {
      // Through connect(), so the guard prepares the connection for this query too.
      return (async () => {
        const client = await this.connect();
        let broken: Error | undefined;
        try {
          return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        } catch (err) {
          // A refusal keeps its connection; a lost connection is not given back to the pool.
          if (isDatabaseUnavailable(err)) broken = err as Error;
          throw err;
        } finally {
          client.release(broken);
        }
      })() as never;
    }
    return (async () => {
      const release = await this.fair.acquire();
      try {
        return await (super.query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        release();
      }
    })() as never;
  }

  /**
   * A connection lost while checked out (the database stopped, its worker ended) fails its
   * query, and node-postgres also emits 'error' on the client, where pg's pool listens only
   * while the client is idle: unheard, it would end the process. With a guard, the promised
   * queries fail with the explained error.
   */
  private watchCheckedOut(client: pg.PoolClient): void {
    if (this.watched.has(client)) return;
    this.watched.add(client);
    client.on('error', () => undefined);
    const guard = this.guard;
    if (!guard) return;
    // The class's query, looked up at each call (as a call on the client itself would).
    const proto = Object.getPrototypeOf(client) as { query: (...a: unknown[]) => unknown };
    client.query = ((...args: unknown[]) => {
      const result = proto.query.apply(client, args);
      return result instanceof Promise
        ? result.catch((err: unknown) => {
            throw guard.explain(err);
          })
        : result;
    }) as typeof client.query;
  }
}

/** Round-trip check for /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

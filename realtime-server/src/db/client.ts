import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';

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
}

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; onPoolError?: (err: Error) => void }
  | { dataDir: string }
  | { inMemory: true };

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);
/** Any constant: serialises migrations when several nodes start at once on one server. */
const MIGRATION_LOCK_KEY = 727_274_601;

/** Opens the database (PGlite embedded, or a PostgreSQL server) and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
    });
    // pg returns bigint (int8) as a string by default; every bigint here fits a JS number.
    // An idle client's connection dropped: pg replaces it; say so instead of swallowing it.
    pool.on('error', (err) => {
      if (options.onPoolError) options.onPoolError(err);
      else console.error('PostgreSQL pool error:', err.message);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return { db, driver: 'pg', close: () => pool.end() };
  }

  let client: PGlite;
  if ('dataDir' in options) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(path.join(options.dataDir, 'pglite'));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    close: () => client.close(),
  };
}

/** Round-trip check for /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  openDatabase,
  type Database,
  type DatabaseHandle,
  type SchemaSources,
} from '../../src/db/client.ts';
import { providedSnapshot } from './pglite-snapshot.ts';

export const testDriver = process.env.TEST_DRIVER === 'pg' ? 'pg' : 'pglite';

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is required for the PostgreSQL suite (e.g. postgres://postgres@127.0.0.1:5432/test)',
    );
  }
  return url;
}

/** Runs one statement on the server's maintenance connection (CREATE or DROP DATABASE). */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the server: its name and URL. */
export async function createServerDatabase(): Promise<{ name: string; url: string }> {
  const name = `showdown_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

/** Drops a database createServerDatabase made, whoever is still connected to it. */
export function dropServerDatabase(name: string): Promise<void> {
  return onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * A fresh database of its own, started with `sources` (by default the migrations and the SQL
 * function files): in-memory PGlite, or a new database on the server, dropped when closed.
 */
export async function createTestDatabase(
  sources?: SchemaSources,
): Promise<DatabaseHandle & { url?: string }> {
  if (testDriver === 'pglite') {
    // The default schema starts from the run's migrated snapshot; other sources from initdb.
    const snapshot = sources === undefined ? providedSnapshot() : undefined;
    return openDatabase({ inMemory: true, snapshot }, sources);
  }
  const { name, url } = await createServerDatabase();
  const handle = await openDatabase({ databaseUrl: url, poolSize: 30 }, sources);
  return {
    ...handle,
    url,
    driver: 'pg',
    async close() {
      await handle.close();
      await dropServerDatabase(name);
    },
  };
}

/**
 * Every row of every table, in a stable order: compared before and after rejected requests to
 * prove they changed nothing.
 */
export async function dumpDatabase(db: Database): Promise<string> {
  const names = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const out: Record<string, unknown> = {};
  for (const { table_name } of names.rows) {
    const rows = (await db.execute(
      sql.raw(`select * from "${table_name}" order by 1`),
    )) as unknown as { rows: unknown[] };
    out[table_name] = rows.rows;
  }
  return JSON.stringify(out);
}

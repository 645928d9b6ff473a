import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/db/client.ts';

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

/** A fresh, migrated database of its own: in-memory PGlite, or a new database on the server. */
export async function createTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  if (testDriver === 'pglite') return openDatabase({ inMemory: true });

  const base = new URL(serverUrl());
  const name = `showdown_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30 });
  return {
    ...handle,
    url: url.toString(),
    driver: 'pg',
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
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

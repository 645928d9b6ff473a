import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';

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

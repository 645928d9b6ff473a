/** A fresh, migrated database for one run: in-memory PGlite, or a new database on a server. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../realtime-server/src/db/client.ts';

export interface BenchDatabase extends DatabaseHandle {
  /** What to print: the driver and where, never a password. */
  label: string;
}

export async function openBenchDatabase(
  serverUrl: string | undefined,
  poolSize: number,
): Promise<BenchDatabase> {
  if (!serverUrl) {
    return { ...(await openDatabase({ inMemory: true })), label: 'PGlite, in memory' };
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
  const drop = () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: url.toString(), poolSize });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    ...handle,
    label: `PostgreSQL ${base.hostname}:${base.port || 5432}/${name} (pool ${poolSize}, dropped afterwards)`,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

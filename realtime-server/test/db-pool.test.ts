/**
 * The PostgreSQL pool keeps its connections through a lull between bursts of orders, so the next
 * burst does not wait for new, cold backends (IDLE_CONNECTION_MS says why). PostgreSQL only: the
 * embedded database is one in-process connection.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDLE_CONNECTION_MS, type DatabaseHandle } from '../src/db/client.ts';
import { createTestDatabase } from './helpers/database.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const poolOf = (handle: DatabaseHandle) => (handle.db as unknown as { $client: pg.Pool }).$client;

describe('the PostgreSQL connection pool', () => {
  it('keeps a burst’s connections through a lull of minutes, then lets them go', async () => {
    expect(database.driver).toBe('pg');
    const pool = poolOf(database);
    // The pool's idle timers start when a connection is given back: fake from here on.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await Promise.all(
      Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)),
    );
    const opened = pool.totalCount;
    expect(opened).toBeGreaterThanOrEqual(4);
    expect(pool.idleCount).toBe(opened);

    vi.advanceTimersByTime(60_000); // pg's default would have closed them after 10 s
    expect(pool.totalCount).toBe(opened);

    vi.advanceTimersByTime(IDLE_CONNECTION_MS);
    expect(pool.totalCount).toBe(0);
    vi.useRealTimers();
    // A closed pool connection is reopened on demand.
    await database.db.execute(sql`select 1`);
    expect(pool.totalCount).toBe(1);
  });
});

/**
 * The hot paths' one round trip: a call of a SQL function (realtime-server/sql/functions/, one
 * file each) as a named prepared statement on a pooled connection, straight through
 * node-postgres (no query builder). The single statement is its own transaction: a refusal rolls
 * back all it wrote.
 */
import pg from 'pg';
import { isSqlRefusalCode, type SqlRefusalCode } from '@showdown/shared/refusals';
import type { Database } from './client.ts';
import { pgErrorCode, isSerializationFailure } from './errors.ts';
import { expectRow } from './rows.ts';
import { retryDelayMs } from './transaction.ts';

/** One function call: `text` selects the function's jsonb answer as column `r`. */
export interface FunctionCall {
  /** The prepared statement's name: parsed once per connection, then only bound and run. */
  name: string;
  text: string;
  values: unknown[];
}

/**
 * The hot paths, one SQL function call each: one round trip as a named prepared statement. Each
 * answers jsonb; the game lock, the checks in requireSeat's order and every write happen in the
 * function, in one statement that a refusal rolls back whole.
 */
export const HOT_PATHS = {
  placeOrder: {
    // sql/functions/place_order_once.sql: showdown_place_order with the Idempotency-Key and the
    // request's fingerprint, its row written twice (the claim, the answer).
    name: 'showdown_place_order_once',
    text: 'select showdown_place_order_once($1::int, $2::int, $3::int, $4::int, $5::bigint, $6::varchar, $7::timestamptz, $8::varchar) as r',
  },
  updatePrice: {
    // sql/functions/update_price_undoable.sql: showdown_update_price, recording what its undo
    // needs.
    name: 'showdown_update_price_undoable',
    text: 'select showdown_update_price_undoable($1::int, $2::int, $3::int, $4::int, $5::timestamptz, $6::bigint, $7::bigint) as r',
  },
  givePayday: {
    // sql/functions/give_payday_undoable.sql: showdown_give_payday, recording its entry for an
    // undo.
    name: 'showdown_give_payday_undoable',
    text: 'select showdown_give_payday_undoable($1::int, $2::int, $3::int, $4::timestamptz) as r',
  },
} as const;

/** SQLSTATE the hot-path functions raise a refusal with; the message is a code of the list. */
export const REFUSAL_SQLSTATE = 'SD001';

/**
 * The refusal's code (e.g. 'STOCK_NOT_FOUND') when `err` is one a hot-path function raised with
 * a code of shared/refusals' list; any other error (an unknown code included) is no refusal.
 */
export function refusalKey(err: unknown): SqlRefusalCode | undefined {
  if (pgErrorCode(err) !== REFUSAL_SQLSTATE || !(err instanceof Error)) return undefined;
  return isSqlRefusalCode(err.message) ? err.message : undefined;
}

/** The node-postgres pool behind Drizzle (both drivers: PGlite is served over the same protocol). */
function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/**
 * Runs one function call and returns its answer, retrying a few times when PostgreSQL aborts it
 * for a deadlock or serialization failure, as inTransaction does.
 *
 * The connection is checked out and given back by hand rather than with pool.query: pg's pool
 * closes a connection whose query failed, and a refusal (a 409 or 422) is an everyday answer
 * that leaves the connection healthy. On the embedded database, a closed connection also breaks
 * the next query (the loopback server takes a single connection).
 */
export async function callFunction<T>(db: Database, call: FunctionCall): Promise<T> {
  const pool = poolOf(db);
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const result = await client.query<{ r: T }>(call);
      return expectRow(result.rows[0], call.name).r;
    } catch (err) {
      // An error the server answered leaves the connection usable (also when the pool gave it
      // its reason, as its cause: the embedded database's storage full); any other may not.
      const answered = (e: unknown) => e instanceof pg.DatabaseError;
      if (!answered(err) && !answered((err as { cause?: unknown }).cause)) broken = err as Error;
      if (attempt >= 5 || !isSerializationFailure(err)) throw err;
    } finally {
      client.release(broken);
    }
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
  }
}

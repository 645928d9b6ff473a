import type { Database, Tx } from './client.ts';
import { isSerializationFailure } from './errors.ts';

/**
 * Runs `work` in one transaction, retrying a few times when PostgreSQL aborts it for a
 * deadlock or serialization failure (the work is then re-run from the start, so it must not
 * have effects outside the database).
 */
export async function inTransaction<T>(
  db: Database,
  work: (tx: Tx) => Promise<T>,
  config?: Parameters<Database['transaction']>[1],
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work, config);
    } catch (err) {
      if (attempt >= 5 || !isSerializationFailure(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** How long to wait before retrying after attempt `attempt` failed: short, growing, jittered. */
export function retryDelayMs(attempt: number): number {
  return 5 * attempt + Math.random() * 20;
}

/** A consistent read-only view across several queries (a snapshot). */
export function readSnapshot<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(db, work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

import pg from 'pg';
import { dbClient } from '../../src/db/fair-queue.ts';

/**
 * Counts the statements this process sends to the database (each one a round trip), by the
 * client key the work runs under (`dbClient`: `user:<id>` for a socket's handlers and a
 * signed-in request). Work of no client (the phase sweeps) is not counted. Call `restore` after.
 */
export function countStatements() {
  const counts = new Map<string, number>();
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const key = dbClient.getStore()?.key;
    if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + 1);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    of: (key: string) => counts.get(key) ?? 0,
    /** Runs `work` under a key of its own and returns how many statements it sent. */
    async during(key: string, work: () => Promise<unknown>): Promise<number> {
      const before = counts.get(key) ?? 0;
      await dbClient.run({ key }, work);
      return (counts.get(key) ?? 0) - before;
    },
    /**
     * Waits until no statement has been sent under `key` for `quietMs` (work that runs after an
     * answer or a broadcast, such as a presence refresh's record, has landed), at most `timeoutMs`,
     * and returns the count then.
     */
    async settled(key: string, quietMs = 250, timeoutMs = 5000): Promise<number> {
      const deadline = Date.now() + timeoutMs;
      let seen = counts.get(key) ?? 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        const now = counts.get(key) ?? 0;
        if (now === seen) return now;
        if (Date.now() > deadline) throw new Error(`statements under ${key} never settled`);
        seen = now;
      }
    },
    restore() {
      pg.Client.prototype.query = original;
    },
  };
}

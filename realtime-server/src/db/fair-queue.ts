import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/** Who the current database work is for; set per request and per socket command. */
export interface DbClient {
  /** The line it waits in: `user:<id>`, a client address, a socket. */
  key: string;
  /** True once nobody can receive the answer any more (the client's connection closed). */
  gone?: () => boolean;
  /** Set when the work first gets a slot: from then on it runs to its end, gone or not. */
  started?: boolean;
}

export const dbClient = new AsyncLocalStorage<DbClient>();

/**
 * The work's client left before it reached the database: nothing was done, nothing is
 * answered. Under overload this keeps the database for requests someone still waits for,
 * instead of running the ones that timed out on the client (which a retry may repeat).
 */
export class ClientGoneError extends Error {
  constructor() {
    super('the client left before its work reached the database');
    this.name = 'ClientGoneError';
  }
}

/** Whether `err` (or an error it wraps, as a query builder may) is a ClientGoneError. */
export function isClientGone(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof ClientGoneError) return true;
  }
  return false;
}

const ANONYMOUS = 'anonymous';

/**
 * Hands out a fixed number of slots (the database connections) round-robin between clients:
 * each client waits in its own line and the lines take turns, so one client's burst of a
 * hundred requests delays another client's single request by at most one turn per slot,
 * not by the whole burst (a plain FIFO would put it behind all of them).
 */
export class FairQueue {
  private free: number;
  private readonly lines = new Map<string, Array<() => void>>();
  /** Told each granted slot's wait, in seconds (the `showdown_db_wait_seconds` histogram). */
  onWait: ((seconds: number) => void) | undefined;

  constructor(slots: number) {
    this.free = slots;
  }

  /**
   * Waits for a slot for the current client; call the returned function exactly once. Work
   * whose client is gone when its first slot comes up is refused (ClientGoneError) and the slot
   * goes to the next in turn; work that already had a slot is never cut short.
   */
  async acquire(who: DbClient = dbClient.getStore() ?? { key: ANONYMOUS }): Promise<() => void> {
    const refused = () => !who.started && who.gone?.() === true;
    if (refused()) throw new ClientGoneError();
    const asked = performance.now();
    if (this.free > 0 && this.lines.size === 0) {
      this.free -= 1;
    } else {
      await new Promise<void>((resolve) => {
        const line = this.lines.get(who.key);
        if (line) line.push(resolve);
        else this.lines.set(who.key, [resolve]);
      });
    }
    this.onWait?.((performance.now() - asked) / 1000);
    const release = this.releaser();
    if (refused()) {
      release();
      throw new ClientGoneError();
    }
    who.started = true;
    return release;
  }

  /** Clients waiting right now (for tests and diagnostics). */
  get waiting(): number {
    let n = 0;
    for (const line of this.lines.values()) n += line.length;
    return n;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.handOver();
    };
  }

  /** Gives the freed slot to the next line in turn (Map order; a served line goes last). */
  private handOver(): void {
    const next = this.lines.entries().next();
    if (next.done) {
      this.free += 1;
      return;
    }
    const [key, line] = next.value;
    const wake = line.shift()!;
    this.lines.delete(key);
    if (line.length > 0) this.lines.set(key, line);
    wake();
  }
}

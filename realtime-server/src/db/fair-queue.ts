import { AsyncLocalStorage } from 'node:async_hooks';

/** Who the current database work is for (a user or a client address); set per request. */
export const dbClientKey = new AsyncLocalStorage<string>();

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

  constructor(slots: number) {
    this.free = slots;
  }

  /** Waits for a slot for the current client; call the returned function exactly once. */
  async acquire(key: string = dbClientKey.getStore() ?? ANONYMOUS): Promise<() => void> {
    if (this.free > 0 && this.lines.size === 0) {
      this.free -= 1;
      return this.releaser();
    }
    await new Promise<void>((resolve) => {
      const line = this.lines.get(key);
      if (line) line.push(resolve);
      else this.lines.set(key, [resolve]);
    });
    return this.releaser();
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

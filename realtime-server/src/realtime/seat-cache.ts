/** Called with a seat that was just removed: (game id, user id). */
export type SeatRemovedBroadcast = (gameId: number, userId: number) => void;

export interface SeatCacheOptions {
  /** At most this many seats are kept; the least recently used go first. */
  maxEntries?: number;
  /** A seat is re-read from the database after this long, whatever this process heard. */
  ttlMs?: number;
  now?: () => number;
}

const DEFAULT_MAX_ENTRIES = 20_000;
const DEFAULT_TTL_MS = 5 * 60_000;

/**
 * Which users hold a seat in which game, as this process last read it: a socket's
 * `game:join` and a recovered socket's re-check answer from here instead of the database. Only
 * seats are kept, never their absence, so an outsider is always checked against the database.
 *
 * A removed seat is dropped on every process and node: the removal announces it here
 * (`removed`), which tells the others through the Socket.IO adapter (`connect`), as
 * SessionRevocations does for sessions. A check that began before a removal was heard is not
 * remembered (`mark`), so a read that raced the removal cannot put the seat back.
 */
export class SeatCache {
  private readonly seats = new Map<string, number>();
  private removals = 0;
  private broadcast: SeatRemovedBroadcast | undefined;
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: SeatCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  /** Whether the seat is known here (and not expired). */
  has(gameId: number, userId: number): boolean {
    const key = seatKey(gameId, userId);
    const expiresAt = this.seats.get(key);
    if (expiresAt === undefined) return false;
    this.seats.delete(key);
    if (expiresAt <= this.now()) return false;
    this.seats.set(key, expiresAt); // most recently used last
    return true;
  }

  /** Take it before reading a seat from the database; pass it to `remember`. */
  mark(): number {
    return this.removals;
  }

  /** Keeps a seat just read, unless a removal was heard since `mark` was taken. */
  remember(gameId: number, userId: number, mark: number): void {
    if (mark !== this.removals) return;
    const key = seatKey(gameId, userId);
    this.seats.delete(key);
    this.seats.set(key, this.now() + this.ttlMs);
    while (this.seats.size > this.maxEntries) {
      const oldest = this.seats.keys().next();
      if (oldest.done) break;
      this.seats.delete(oldest.value);
    }
  }

  /** Drops a seat this process found stale (the database said otherwise). */
  forget(gameId: number, userId: number): void {
    this.removals += 1;
    this.seats.delete(seatKey(gameId, userId));
  }

  /** How this process tells the others (set once the Socket.IO server and its adapter exist). */
  connect(broadcast: SeatRemovedBroadcast): void {
    this.broadcast = broadcast;
  }

  /** A seat removed on this process: dropped here, and the other processes are told. */
  removed(gameId: number, userId: number): void {
    this.forget(gameId, userId);
    this.broadcast?.(gameId, userId);
  }

  /** How many seats are kept (for tests and diagnostics). */
  get size(): number {
    return this.seats.size;
  }
}

function seatKey(gameId: number, userId: number): string {
  return `${gameId}:${userId}`;
}

import { describe, expect, it } from 'vitest';
import { SeatCache } from '../src/realtime/seat-cache.ts';

/** The per-process seat cache on its own; its use by the gateway: seat-lookups. */
describe('SeatCache', () => {
  it('keeps a seat read after its mark, and drops it when the seat is removed', () => {
    const told: Array<[number, number]> = [];
    const seats = new SeatCache();
    seats.connect((gameId, userId) => told.push([gameId, userId]));
    expect(seats.has(1, 10)).toBe(false);
    seats.remember(1, 10, seats.mark());
    seats.remember(1, 11, seats.mark());
    expect(seats.has(1, 10)).toBe(true);
    seats.removed(1, 10);
    expect(seats.has(1, 10)).toBe(false);
    expect(seats.has(1, 11)).toBe(true);
    expect(told).toEqual([[1, 10]]);
    // A removal heard from another process is dropped here and not announced again.
    seats.forget(1, 11);
    expect(seats.has(1, 11)).toBe(false);
    expect(told).toEqual([[1, 10]]);
  });

  it('does not keep a seat whose read began before a removal was heard', () => {
    const seats = new SeatCache();
    const mark = seats.mark();
    seats.forget(2, 20); // heard while the read was in flight
    seats.remember(2, 20, mark);
    expect(seats.has(2, 20)).toBe(false);
    seats.remember(2, 20, seats.mark());
    expect(seats.has(2, 20)).toBe(true);
  });

  it('is bounded: the least recently used seat goes first', () => {
    const seats = new SeatCache({ maxEntries: 2 });
    seats.remember(3, 1, seats.mark());
    seats.remember(3, 2, seats.mark());
    expect(seats.has(3, 1)).toBe(true); // 3:2 is now the least recently used
    seats.remember(3, 3, seats.mark());
    expect(seats.size).toBe(2);
    expect(seats.has(3, 2)).toBe(false);
    expect(seats.has(3, 1)).toBe(true);
    expect(seats.has(3, 3)).toBe(true);
  });

  it('reads a seat again once it is older than the time to live', () => {
    let now = 1_000;
    const seats = new SeatCache({ ttlMs: 500, now: () => now });
    seats.remember(4, 1, seats.mark());
    now += 499;
    expect(seats.has(4, 1)).toBe(true);
    now += 1;
    expect(seats.has(4, 1)).toBe(false);
    expect(seats.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isTradePhaseOpen, phaseSecondsLeft } from './phase.ts';

const now = Date.parse('2026-01-01T00:00:00Z');

describe('isTradePhaseOpen', () => {
  it('is open while the orderbook is on and the end is ahead', () => {
    expect(isTradePhaseOpen({ orderbookStatus: 1, endsAt: now + 1 }, now)).toBe(true);
    expect(isTradePhaseOpen({ orderbookStatus: 1, endsAt: new Date(now + 5000) }, now)).toBe(true);
    expect(
      isTradePhaseOpen({ orderbookStatus: 1, endsAt: new Date(now + 5000).toISOString() }, now),
    ).toBe(true);
  });
  it('is closed when off, without an end, at or past the end, or with an unreadable end', () => {
    expect(isTradePhaseOpen({ orderbookStatus: 0, endsAt: now + 5000 }, now)).toBe(false);
    expect(isTradePhaseOpen({ orderbookStatus: 1, endsAt: null }, now)).toBe(false);
    expect(isTradePhaseOpen({ orderbookStatus: 1, endsAt: now }, now)).toBe(false);
    expect(isTradePhaseOpen({ orderbookStatus: 1, endsAt: 'soon' }, now)).toBe(false);
  });
  it('counts whole seconds left, rounded up', () => {
    expect(phaseSecondsLeft({ orderbookStatus: 1, endsAt: now + 1500 }, now)).toBe(2);
    expect(phaseSecondsLeft({ orderbookStatus: 0, endsAt: now + 1500 }, now)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYDAY_INCREMENT_OPTIONS, PAYDAYS_PER_GAME } from './constants.ts';
import { canGivePayday, paydayCreditPaise } from './payday.ts';

describe('canGivePayday', () => {
  it('allows three paydays per game and refuses the fourth', () => {
    expect(PAYDAYS_PER_GAME).toBe(3);
    expect([0, 1, 2, 3, 4].map(canGivePayday)).toEqual([true, true, true, false, false]);
  });

  it('gives exactly PAYDAYS_PER_GAME paydays when the broker keeps asking', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (attempts) => {
        let given = 0;
        for (let i = 0; i < attempts; i += 1) if (canGivePayday(given)) given += 1;
        expect(given).toBe(Math.min(attempts, PAYDAYS_PER_GAME));
      }),
    );
  });

  it('throws a RangeError for a count that is not a non-negative integer', () => {
    expect(() => canGivePayday(-1)).toThrow(RangeError);
    expect(() => canGivePayday(1.5)).toThrow(RangeError);
  });
});

describe('paydayCreditPaise', () => {
  it('converts the increment in rupees to paise', () => {
    expect(PAYDAY_INCREMENT_OPTIONS.map(paydayCreditPaise)).toEqual([10000000, 30000000, 50000000]);
    expect(paydayCreditPaise(1000.5)).toBe(100050);
    expect(paydayCreditPaise(0)).toBe(0);
  });

  it('throws a RangeError for a negative or non-finite increment', () => {
    expect(() => paydayCreditPaise(-100)).toThrow(RangeError);
    expect(() => paydayCreditPaise(Number.NaN)).toThrow(RangeError);
  });

  it('is 100 × the rupees for every whole increment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (rupees) => {
        expect(paydayCreditPaise(rupees)).toBe(rupees * 100);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYDAYS_PER_GAME } from './constants.ts';
import { canGivePayday } from './payday.ts';

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

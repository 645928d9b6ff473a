import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRICE_CAP_PAISE, PRICE_FLOOR_PAISE } from './constants.ts';
import { applyPercentChange, exceedsPriceCap, signedPercent } from './pricing.ts';

describe('signedPercent', () => {
  it('keeps + and negates -', () => {
    expect(signedPercent('+', 5)).toBe(5);
    expect(signedPercent('-', 5)).toBe(-5);
    expect(signedPercent('-', 100)).toBe(-100);
  });
});

describe('applyPercentChange', () => {
  it.each([
    [10000, 10, 1, 11000],
    [10000, -10, 1, 9000],
    [12345, 5, 1, 12962], // 12962.25
    [12350, 5, 1, 12968], // 12967.5 rounds up
    [250, -1, 1, 248], // 247.5 rounds up
    [150, 1, 1, 152], // 151.5 rounds up
    [45000, 100, 1, 90000],
    [10000, 9, 2, 10450], // a mayhem mean of 4.5 %
    [10000, -9, 2, 9550],
    [333, 1, 3, 334], // 334.11
    [10001, -7, 2, 9651], // 9650.965
  ])('%i paise %s/%s %% → %i', (price, num, den, expected) => {
    expect(applyPercentChange(price, num, den)).toBe(expected);
  });

  it('never goes below ₹1', () => {
    expect(applyPercentChange(45000, -100)).toBe(PRICE_FLOOR_PAISE);
    expect(applyPercentChange(150, -50)).toBe(PRICE_FLOOR_PAISE);
    expect(applyPercentChange(100, -1)).toBe(PRICE_FLOOR_PAISE);
    expect(applyPercentChange(50, 1)).toBe(PRICE_FLOOR_PAISE);
    expect(applyPercentChange(10000, -300, 2)).toBe(PRICE_FLOOR_PAISE);
  });

  it('is exact where floating point is not', () => {
    // 9007199254740991 × 0.99 = 8917127262193581.09
    expect(applyPercentChange(Number.MAX_SAFE_INTEGER, -1)).toBe(8917127262193581);
  });

  it('throws a RangeError for bad input or an unsafe result', () => {
    expect(() => applyPercentChange(Number.MAX_SAFE_INTEGER, 1)).toThrow(RangeError);
    expect(() => applyPercentChange(10000, 5, 0)).toThrow(RangeError);
    expect(() => applyPercentChange(10000, 5, -2)).toThrow(RangeError);
    expect(() => applyPercentChange(10000, 4.5)).toThrow(RangeError);
    expect(() => applyPercentChange(100.5, 5)).toThrow(RangeError);
    expect(() => applyPercentChange(-100, 5)).toThrow(RangeError);
  });

  const price = fc.integer({ min: 0, max: 1e10 });
  const numerator = fc.integer({ min: -10_000, max: 10_000 });
  const denominator = fc.integer({ min: 1, max: 50 });

  it('is the exact product rounded half up, or the floor', () => {
    fc.assert(
      fc.property(price, numerator, denominator, (p, num, den) => {
        const result = BigInt(applyPercentChange(p, num, den));
        const scale = 100n * BigInt(den);
        const exact = BigInt(p) * (scale + BigInt(num)); // the true price × scale
        if (result === BigInt(PRICE_FLOOR_PAISE) && exact < result * scale) return;
        const twiceError = 2n * (result * scale - exact);
        // half up on a positive value: error in (-scale/2, scale/2]
        expect(twiceError > -scale && twiceError <= scale).toBe(true);
      }),
    );
  });

  it('never goes below the floor', () => {
    fc.assert(
      fc.property(price, numerator, denominator, (p, num, den) => {
        expect(applyPercentChange(p, num, den)).toBeGreaterThanOrEqual(PRICE_FLOOR_PAISE);
      }),
    );
  });

  it('is monotone in the percentage for the same price', () => {
    fc.assert(
      fc.property(
        price,
        fc.tuple(numerator, denominator),
        fc.tuple(numerator, denominator),
        (p, [n1, d1], [n2, d2]) => {
          const [lo, hi] =
            n1 * d2 <= n2 * d1
              ? [
                  [n1, d1],
                  [n2, d2],
                ]
              : [
                  [n2, d2],
                  [n1, d1],
                ];
          expect(applyPercentChange(p, lo[0]!, lo[1])).toBeLessThanOrEqual(
            applyPercentChange(p, hi[0]!, hi[1]),
          );
        },
      ),
    );
  });

  it('leaves the price unchanged at 0 % and agrees across equivalent fractions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1e10 }), numerator, denominator, (p, num, k) => {
        expect(applyPercentChange(p, 0)).toBe(p);
        expect(applyPercentChange(p, num * k, k)).toBe(applyPercentChange(p, num));
      }),
    );
  });
});

describe('the price cap', () => {
  it('is ₹1,00,00,000: above it is refused, at it is allowed', () => {
    expect(PRICE_CAP_PAISE).toBe(1_000_000_000);
    expect(exceedsPriceCap(PRICE_CAP_PAISE)).toBe(false);
    expect(exceedsPriceCap(PRICE_CAP_PAISE + 1)).toBe(true);
  });
});

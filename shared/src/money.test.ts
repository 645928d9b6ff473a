import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertSafeInteger,
  paiseToAmountText,
  paiseToRupees,
  roundHalfUpDiv,
  rupeesToPaise,
  scaleHalfUp,
  toSafeNumber,
} from './money.ts';

describe('roundHalfUpDiv', () => {
  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [0n, 7n, 0n],
    [6n, 3n, 2n],
    [1n, 1n, 1n],
  ])('%i / %i → %i', (n, d, q) => {
    expect(roundHalfUpDiv(n, d)).toBe(q);
  });

  it('handles products far beyond 2^53', () => {
    const big = 9007199254740991n * 9007199254740991n;
    expect(roundHalfUpDiv(big, 9007199254740991n)).toBe(9007199254740991n);
    expect(roundHalfUpDiv(big + 1n, 2n)).toBe((big + 1n) / 2n);
  });

  it('rejects a denominator that is not positive', () => {
    expect(() => roundHalfUpDiv(1n, 0n)).toThrow(RangeError);
    expect(() => roundHalfUpDiv(1n, -2n)).toThrow(RangeError);
  });

  it('is the nearest integer, ties away from zero, and odd in the numerator', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (n, d) => {
          const q = roundHalfUpDiv(n, d);
          const twiceError = 2n * (n - q * d);
          const absTwiceError = twiceError < 0n ? -twiceError : twiceError;
          expect(absTwiceError <= d).toBe(true);
          if (absTwiceError === d) {
            const absQd = q * d < 0n ? -(q * d) : q * d;
            const absN = n < 0n ? -n : n;
            expect(absQd > absN).toBe(true);
          }
          expect(roundHalfUpDiv(-n, d)).toBe(-q);
        },
      ),
    );
  });
});

describe('scaleHalfUp', () => {
  it('rounds from the decimal form, not the binary value', () => {
    expect(scaleHalfUp(1.005, 2)).toBe(101n);
    expect(scaleHalfUp(-1.005, 2)).toBe(-101n);
    expect(scaleHalfUp(1.004, 2)).toBe(100n);
    expect(scaleHalfUp(2.5, 0)).toBe(3n);
    expect(scaleHalfUp(-2.5, 0)).toBe(-3n);
  });

  it('understands exponent forms', () => {
    expect(scaleHalfUp(1e21, 2)).toBe(10n ** 23n);
    expect(scaleHalfUp(1.5e-7, 2)).toBe(0n);
    expect(scaleHalfUp(5e-7, 6)).toBe(1n);
    expect(scaleHalfUp(-0, 2)).toBe(0n);
  });

  it('rejects non-finite values and bad decimals', () => {
    expect(() => scaleHalfUp(Number.NaN, 2)).toThrow(RangeError);
    expect(() => scaleHalfUp(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => scaleHalfUp(1, -1)).toThrow(RangeError);
    expect(() => scaleHalfUp(1, 1.5)).toThrow(RangeError);
  });
});

describe('rupeesToPaise / paiseToRupees', () => {
  it.each([
    [450.5, 45050],
    [0.1, 10],
    [0.07, 7],
    [19.99, 1999],
    [1000000, 100000000],
    [-12.34, -1234],
    [0, 0],
  ])('%d rupees → %i paise', (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it('rounds more than 2 decimals half up on the magnitude', () => {
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(-2.345)).toBe(-235);
    expect(rupeesToPaise(2.344)).toBe(234);
  });

  it('throws for non-finite input and for results beyond a safe integer', () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise(1e14)).toThrow(RangeError);
  });

  it('divides by 100', () => {
    expect(paiseToRupees(45050)).toBe(450.5);
    expect(paiseToRupees(-1)).toBe(-0.01);
  });

  it('round-trips every paise amount with up to 15 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });
});

describe('toSafeNumber / assertSafeInteger', () => {
  it('accepts the safe range and rejects beyond it', () => {
    expect(toSafeNumber(9007199254740991n, 'x')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toSafeNumber(-9007199254740991n, 'x')).toBe(Number.MIN_SAFE_INTEGER);
    expect(() => toSafeNumber(9007199254740992n, 'x')).toThrow(RangeError);
    expect(() => toSafeNumber(-9007199254740992n, 'x')).toThrow(RangeError);
  });

  it('checks integers and, when asked, the sign', () => {
    expect(() => assertSafeInteger(3, 'x', true)).not.toThrow();
    expect(() => assertSafeInteger(-3, 'x')).not.toThrow();
    expect(() => assertSafeInteger(-3, 'x', true)).toThrow(RangeError);
    expect(() => assertSafeInteger(1.5, 'x')).toThrow(RangeError);
    expect(() => assertSafeInteger(2 ** 53, 'x')).toThrow(RangeError);
  });
});

describe('paiseToAmountText', () => {
  it('writes signed rupees with two decimals', () => {
    expect(paiseToAmountText(0)).toBe('0.00');
    expect(paiseToAmountText(450)).toBe('4.50');
    expect(paiseToAmountText(-9450)).toBe('-94.50');
    expect(paiseToAmountText(30000000)).toBe('300000.00');
    expect(() => paiseToAmountText(1.5)).toThrow(RangeError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatINR, formatSignedPercent, groupIndian } from './format.ts';

describe('groupIndian', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['12345', '12,345'],
    ['123456', '1,23,456'],
    ['1234567', '12,34,567'],
    ['10000000', '1,00,00,000'],
    ['123456789012', '1,23,45,67,89,012'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupIndian(digits)).toBe(grouped);
  });

  it('throws a RangeError for anything but digits', () => {
    expect(() => groupIndian('')).toThrow(RangeError);
    expect(() => groupIndian('-12')).toThrow(RangeError);
    expect(() => groupIndian('1.5')).toThrow(RangeError);
  });

  it('keeps the digits and groups three, then twos', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,30}$/), (digits) => {
        const grouped = groupIndian(digits);
        expect(grouped.replaceAll(',', '')).toBe(digits);
        expect(grouped).toMatch(/^(\d{1,3}|\d{1,2}(,\d{2})*,\d{3})$/);
      }),
    );
  });
});

describe('formatINR', () => {
  it.each([
    [450.5, '₹450.50'],
    [500000, '₹5,00,000.00'],
    [-1234.565, '-₹1,234.57'],
    [1.005, '₹1.01'],
    [-1.005, '-₹1.01'],
    [0, '₹0.00'],
    [-0.001, '₹0.00'],
    [0.005, '₹0.01'],
    [10000000, '₹1,00,00,000.00'],
    [1e21, '₹1,00,00,00,00,00,00,00,00,00,000.00'],
  ])('%d → %s', (rupees, text) => {
    expect(formatINR(rupees)).toBe(text);
  });

  it('rounds to whole rupees with decimals 0 and may drop the symbol', () => {
    expect(formatINR(1234.5, { decimals: 0 })).toBe('₹1,235');
    expect(formatINR(1234.49, { decimals: 0 })).toBe('₹1,234');
    expect(formatINR(-1234.5, { decimals: 0 })).toBe('-₹1,235');
    expect(formatINR(500000, { symbol: false })).toBe('5,00,000.00');
    expect(formatINR(-2.5, { decimals: 0, symbol: false })).toBe('-3');
  });

  it('throws a RangeError for non-finite input', () => {
    expect(() => formatINR(Number.NaN)).toThrow(RangeError);
    expect(() => formatINR(Number.NEGATIVE_INFINITY)).toThrow(RangeError);
  });

  const strip = (text: string) => text.replaceAll(',', '').replace('₹', '');

  it('round-trips every paise amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(1e15 - 1), max: 1e15 - 1 }), (paise) => {
        expect(Number(strip(formatINR(paise / 100)))).toBe(paise / 100);
        expect(Number(strip(formatINR(paise / 100, { symbol: false })))).toBe(paise / 100);
      }),
    );
  });

  it('gives the digits of the value rounded half up from its decimal form', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.integer({ min: 0, max: 999 }),
        (negative, whole, thousandths) => {
          const text = `${negative ? '-' : ''}${whole}.${String(thousandths).padStart(3, '0')}`;
          const exact = whole * 1000n + BigInt(thousandths);
          const hundredths = exact / 10n + (exact % 10n >= 5n ? 1n : 0n);
          const units = exact / 1000n + (exact % 1000n >= 500n ? 1n : 0n);
          const sign = (n: bigint) => (negative && n > 0n ? '-' : '');
          expect(strip(formatINR(Number(text)))).toBe(
            `${sign(hundredths)}${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`,
          );
          expect(strip(formatINR(Number(text), { decimals: 0 }))).toBe(`${sign(units)}${units}`);
        },
      ),
    );
  });
});

describe('formatSignedPercent', () => {
  it.each([
    [5, '+5%'],
    [-3, '-3%'],
    [4.5, '+4.5%'],
    [-3.5, '-3.5%'],
    [0, '0%'],
    [-3.333, '-3.33%'],
    [4.125, '+4.13%'],
    [0.1, '+0.1%'],
    [100, '+100%'],
  ])('%d → %s', (p, text) => {
    expect(formatSignedPercent(p)).toBe(text);
  });

  it('throws a RangeError for non-finite input', () => {
    expect(() => formatSignedPercent(Number.NaN)).toThrow(RangeError);
  });

  it('always shows the sign of a non-zero integer percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (p) => {
        expect(formatSignedPercent(p)).toBe(p === 0 ? '0%' : `${p > 0 ? '+' : ''}${p}%`);
      }),
    );
  });
});

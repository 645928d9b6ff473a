import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAYHEM_PERCENTAGES } from './constants.ts';
import type { MayhemPick } from './mayhem.ts';
import { averageMayhem, validateMayhemResponse } from './mayhem.ts';
import { applyPercentChange } from './pricing.ts';

describe('validateMayhemResponse', () => {
  const list = { stockIds: [1, 2, 3], percentages: [5, -3, 9] };

  it('accepts picks of listed companies with listed percentages', () => {
    expect(validateMayhemResponse(list, [{ stock_id: 2, percentage: -3 }])).toBeNull();
    expect(
      validateMayhemResponse(list, [
        { stock_id: 1, percentage: 9 },
        { stock_id: 3, percentage: 9 }, // a percentage may be given twice
        { stock_id: 2, percentage: 5 },
      ]),
    ).toBeNull();
  });

  it('refuses an empty response', () => {
    expect(validateMayhemResponse(list, [])).toBe('MAYHEM_EMPTY');
  });

  it('refuses a company outside the list', () => {
    expect(validateMayhemResponse(list, [{ stock_id: 4, percentage: 5 }])).toBe(
      'MAYHEM_STOCK_NOT_LISTED',
    );
  });

  it('refuses a percentage outside the list', () => {
    expect(validateMayhemResponse(list, [{ stock_id: 1, percentage: 7 }])).toBe(
      'MAYHEM_PERCENTAGE_NOT_LISTED',
    );
    expect(validateMayhemResponse(list, [{ stock_id: 1, percentage: -5 }])).toBe(
      'MAYHEM_PERCENTAGE_NOT_LISTED',
    );
  });

  it('refuses a company picked twice', () => {
    expect(
      validateMayhemResponse(list, [
        { stock_id: 1, percentage: 5 },
        { stock_id: 1, percentage: 9 },
      ]),
    ).toBe('MAYHEM_DUPLICATE_STOCK');
  });

  it('reports the first problem in pick order', () => {
    expect(
      validateMayhemResponse(list, [
        { stock_id: 1, percentage: 7 },
        { stock_id: 9, percentage: 5 },
      ]),
    ).toBe('MAYHEM_PERCENTAGE_NOT_LISTED');
  });

  const listAndResponse = fc
    .record({
      stockIds: fc.uniqueArray(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }),
      percentages: fc.uniqueArray(fc.constantFrom(...MAYHEM_PERCENTAGES), {
        minLength: 1,
        maxLength: 8,
      }),
    })
    .chain((l) =>
      fc.tuple(
        fc.constant(l),
        fc.shuffledSubarray(l.stockIds, { minLength: 1 }).chain((ids) =>
          fc.tuple(
            ...ids.map((stock_id) =>
              fc.record({
                stock_id: fc.constant(stock_id),
                percentage: fc.constantFrom(...l.percentages),
              }),
            ),
          ),
        ),
      ),
    );

  it('accepts every well-formed response and rejects it once a pick is spoiled', () => {
    fc.assert(
      fc.property(listAndResponse, fc.nat(), ([l, response], at) => {
        expect(validateMayhemResponse(l, response)).toBeNull();
        const index = at % response.length;
        const spoiled = (pick: Partial<MayhemPick>) =>
          response.map((p, i) => (i === index ? { ...p, ...pick } : p));
        expect(validateMayhemResponse(l, spoiled({ stock_id: 21 }))).toBe(
          'MAYHEM_STOCK_NOT_LISTED',
        );
        expect(validateMayhemResponse(l, spoiled({ percentage: 2 }))).toBe(
          'MAYHEM_PERCENTAGE_NOT_LISTED',
        );
        expect(validateMayhemResponse(l, [...response, response[index]!])).toBe(
          'MAYHEM_DUPLICATE_STOCK',
        );
      }),
    );
  });
});

describe('averageMayhem', () => {
  it('averages each company over the investors who picked it, sorted by company', () => {
    expect(
      averageMayhem([
        [
          { stock_id: 2, percentage: -3 },
          { stock_id: 1, percentage: 5 },
        ],
        [{ stock_id: 1, percentage: 4 }],
        [
          { stock_id: 3, percentage: 9 },
          { stock_id: 2, percentage: -4 },
        ],
      ]),
    ).toEqual([
      { stock_id: 1, sum: 9, count: 2, percentage: 4.5 },
      { stock_id: 2, sum: -7, count: 2, percentage: -3.5 },
      { stock_id: 3, sum: 9, count: 1, percentage: 9 },
    ]);
  });

  it('rounds the display percentage half up to 2 decimals, keeping the sign', () => {
    const picks = (stock_id: number, values: number[]) =>
      values.map((percentage) => [{ stock_id, percentage }]);
    const result = averageMayhem([
      ...picks(1, [-1, -5, -4]), // -10/3
      ...picks(2, [6, 7, 7]), // 20/3
      ...picks(3, [1, 0, 0, 0, 0, 0, 0, 0]), // 1/8 = 0.125
      ...picks(4, [-1, 0, 0, 0, 0, 0, 0, 0]), // -0.125
    ]);
    expect(result.map((r) => r.percentage)).toEqual([-3.33, 6.67, 0.13, -0.13]);
  });

  it('leaves out companies nobody picked and handles no responses', () => {
    expect(averageMayhem([])).toEqual([]);
    expect(averageMayhem([[], []])).toEqual([]);
  });

  it('throws a RangeError for a percentage that is not an integer', () => {
    expect(() => averageMayhem([[{ stock_id: 1, percentage: 4.5 }]])).toThrow(RangeError);
  });

  it('applies the exact mean, not the rounded display value', () => {
    // mean of 1 and 0 and 0 = 1/3 %: on ₹3,000.00 exact gives 301000, rounded 0.33 % gives 300990
    const [row] = averageMayhem([
      [{ stock_id: 1, percentage: 1 }],
      [{ stock_id: 1, percentage: 0 }],
      [{ stock_id: 1, percentage: 0 }],
    ]);
    expect(row).toBeDefined();
    expect(applyPercentChange(300000, row!.sum, row!.count)).toBe(301000);
  });

  const responses = fc.array(
    fc.uniqueArray(
      fc.record({
        stock_id: fc.integer({ min: 1, max: 8 }),
        percentage: fc.constantFrom(...MAYHEM_PERCENTAGES),
      }),
      { selector: (p) => p.stock_id, maxLength: 8 },
    ),
    { maxLength: 7 },
  );

  it('counts every pick once, per company, in stock_id order', () => {
    fc.assert(
      fc.property(responses, (rs) => {
        const result = averageMayhem(rs);
        const picks = rs.flat();
        expect(result.reduce((total, r) => total + r.count, 0)).toBe(picks.length);
        expect(result.map((r) => r.stock_id)).toEqual(
          [...new Set(picks.map((p) => p.stock_id))].sort((a, b) => a - b),
        );
        for (const r of result) {
          const mine = picks.filter((p) => p.stock_id === r.stock_id).map((p) => p.percentage);
          expect(r.count).toBe(mine.length);
          expect(r.sum).toBe(mine.reduce((a, b) => a + b, 0));
          expect(Math.abs(r.percentage - r.sum / r.count)).toBeLessThanOrEqual(0.005 + 1e-9);
          expect(r.percentage).toBeGreaterThanOrEqual(Math.min(...mine));
          expect(r.percentage).toBeLessThanOrEqual(Math.max(...mine));
        }
      }),
    );
  });
});

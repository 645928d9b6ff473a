import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Holding } from './trading.ts';
import { buy, marketValuePaise, netWorthPaise, profitLossPaise, sell } from './trading.ts';

const EMPTY: Holding = { quantity: 0, investedPaise: 0 };

describe('buy', () => {
  it('moves the cost from cash to the invested amount', () => {
    expect(buy(100000, EMPTY, 45000, 2)).toEqual({
      ok: true,
      cashPaise: 10000,
      holding: { quantity: 2, investedPaise: 90000 },
      amountPaise: 90000,
    });
    expect(buy(10000, { quantity: 2, investedPaise: 90000 }, 5000, 1)).toEqual({
      ok: true,
      cashPaise: 5000,
      holding: { quantity: 3, investedPaise: 95000 },
      amountPaise: 5000,
    });
  });

  it('may spend every paisa but not one more', () => {
    expect(buy(90000, EMPTY, 45000, 2)).toMatchObject({ ok: true, cashPaise: 0 });
    expect(buy(89999, EMPTY, 45000, 2)).toEqual({ ok: false, error: 'INSUFFICIENT_FUNDS' });
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses quantity %d',
    (quantity) => {
      expect(buy(1e9, EMPTY, 100, quantity)).toEqual({ ok: false, error: 'INVALID_QUANTITY' });
    },
  );

  it('refuses an order whose cost exceeds 2^53 as insufficient funds', () => {
    expect(buy(Number.MAX_SAFE_INTEGER, EMPTY, 100000, 2 ** 52)).toEqual({
      ok: false,
      error: 'INSUFFICIENT_FUNDS',
    });
  });

  it('throws a RangeError for malformed cash, holding or price', () => {
    expect(() => buy(-1, EMPTY, 100, 1)).toThrow(RangeError);
    expect(() => buy(1.5, EMPTY, 100, 1)).toThrow(RangeError);
    expect(() => buy(1000, { quantity: -1, investedPaise: 0 }, 100, 1)).toThrow(RangeError);
    expect(() => buy(1000, { quantity: 1, investedPaise: 0.5 }, 100, 1)).toThrow(RangeError);
    expect(() => buy(1000, EMPTY, 0, 1)).toThrow(RangeError);
    expect(() => buy(1000, EMPTY, 10.5, 1)).toThrow(RangeError);
  });
});

describe('sell', () => {
  it('credits the proceeds and removes the average cost, rounded half up', () => {
    const first = sell(0, { quantity: 3, investedPaise: 100 }, 50, 1);
    expect(first).toEqual({
      ok: true,
      cashPaise: 50,
      holding: { quantity: 2, investedPaise: 67 }, // removes 33.33 → 33
      amountPaise: 50,
    });
    expect(sell(50, { quantity: 2, investedPaise: 67 }, 50, 1)).toEqual({
      ok: true,
      cashPaise: 100,
      holding: { quantity: 1, investedPaise: 33 }, // removes 33.5 → 34
      amountPaise: 50,
    });
  });

  it('leaves exactly nothing invested when every share is sold', () => {
    expect(sell(0, { quantity: 3, investedPaise: 100 }, 70, 3)).toEqual({
      ok: true,
      cashPaise: 210,
      holding: { quantity: 0, investedPaise: 0 },
      amountPaise: 210,
    });
  });

  it('refuses more shares than held, and bad quantities', () => {
    expect(sell(0, { quantity: 3, investedPaise: 100 }, 50, 4)).toEqual({
      ok: false,
      error: 'INSUFFICIENT_SHARES',
    });
    expect(sell(0, EMPTY, 50, 1)).toEqual({ ok: false, error: 'INSUFFICIENT_SHARES' });
    expect(sell(0, { quantity: 3, investedPaise: 100 }, 50, 0)).toEqual({
      ok: false,
      error: 'INVALID_QUANTITY',
    });
    expect(sell(0, { quantity: 3, investedPaise: 100 }, 50, 1.5)).toEqual({
      ok: false,
      error: 'INVALID_QUANTITY',
    });
  });

  it('computes invested × quantity exactly beyond 2^53', () => {
    // 2 × 9007199254740991 / 3 = 6004799503160660.67 → 6004799503160661
    const result = sell(0, { quantity: 3, investedPaise: Number.MAX_SAFE_INTEGER }, 1, 2);
    expect(result).toMatchObject({
      ok: true,
      holding: { quantity: 1, investedPaise: 3002399751580330 },
    });
  });

  it('throws a RangeError when the cash would pass a safe integer', () => {
    expect(() => sell(Number.MAX_SAFE_INTEGER, { quantity: 1, investedPaise: 0 }, 1, 1)).toThrow(
      RangeError,
    );
  });
});

describe('valuation', () => {
  const holding = { quantity: 2, investedPaise: 90000 };

  it('values a holding and its profit or loss', () => {
    expect(marketValuePaise(holding, 50000)).toBe(100000);
    expect(profitLossPaise(holding, 50000)).toBe(10000);
    expect(profitLossPaise(holding, 40000)).toBe(-10000);
    expect(profitLossPaise(EMPTY, 40000)).toBe(0);
  });

  it('adds cash and positions into net worth', () => {
    expect(
      netWorthPaise(1000, [
        { quantity: 2, pricePaise: 500 },
        { quantity: 3, pricePaise: 100 },
      ]),
    ).toBe(2300);
    expect(netWorthPaise(1000, [])).toBe(1000);
  });

  it('throws a RangeError past a safe integer', () => {
    expect(() => marketValuePaise({ quantity: 2 ** 30, investedPaise: 0 }, 2 ** 30)).toThrow(
      RangeError,
    );
    expect(() => netWorthPaise(Number.MAX_SAFE_INTEGER, [{ quantity: 1, pricePaise: 1 }])).toThrow(
      RangeError,
    );
  });
});

describe('trading properties', () => {
  const price = fc.integer({ min: 1, max: 1_000_000 });
  const quantity = fc.integer({ min: 1, max: 10_000 });
  const holding = fc
    .integer({ min: 0, max: 10_000 })
    .chain((q) =>
      fc.record({ quantity: fc.constant(q), investedPaise: fc.integer({ min: 0, max: 1e10 }) }),
    );

  it('refuses a buy exactly when the cost exceeds the cash', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), holding, price, quantity, (c, h, p, q) => {
        expect(buy(c, h, p, q).ok).toBe(q * p <= c);
      }),
    );
  });

  it('a buy then a sell of the same quantity at the same price restores cash and quantity', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), holding, price, quantity, (extra, h, p, q) => {
        const cash = q * p + extra;
        const bought = buy(cash, h, p, q);
        if (!bought.ok) throw new Error('buy refused');
        const sold = sell(bought.cashPaise, bought.holding, p, q);
        if (!sold.ok) throw new Error('sell refused');
        expect(sold.cashPaise).toBe(cash);
        expect(sold.holding.quantity).toBe(h.quantity);
      }),
    );
  });

  it('…and restores the holding exactly when it was bought at that price', () => {
    // With average cost the round trip only restores `invested` when the holding's average
    // equals the trade price (always true for an empty holding).
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.integer({ min: 0, max: 10_000 }),
        price,
        quantity,
        (extra, held, p, q) => {
          const start = { quantity: held, investedPaise: held * p };
          const cash = q * p + extra;
          const bought = buy(cash, start, p, q);
          if (!bought.ok) throw new Error('buy refused');
          const sold = sell(bought.cashPaise, bought.holding, p, q);
          if (!sold.ok) throw new Error('sell refused');
          expect(sold).toEqual({ ok: true, cashPaise: cash, holding: start, amountPaise: q * p });
        },
      ),
    );
  });

  // Small orders against a large purse so that most of a generated sequence executes.
  const order = fc.record({
    side: fc.constantFrom('buy', 'sell'),
    quantity: fc.integer({ min: 1, max: 200 }),
  });
  const sequencePrice = fc.integer({ min: 1, max: 100_000 });

  it('never makes cash, quantity or invested negative over any sequence of orders', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.array(fc.tuple(order, sequencePrice), { maxLength: 60 }),
        (startCash, orders) => {
          let cash = startCash;
          let h: Holding = EMPTY;
          for (const [{ side, quantity: q }, p] of orders) {
            const result = (side === 'buy' ? buy : sell)(cash, h, p, q);
            if (!result.ok) continue;
            cash = result.cashPaise;
            h = result.holding;
            expect(cash).toBeGreaterThanOrEqual(0);
            expect(h.quantity).toBeGreaterThanOrEqual(0);
            expect(h.investedPaise).toBeGreaterThanOrEqual(0);
            if (h.quantity === 0) expect(h.investedPaise).toBe(0);
          }
        },
      ),
    );
  });

  it('conserves cash + invested, and cash + market value, at a constant price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        sequencePrice,
        fc.array(order, { maxLength: 60 }),
        (startCash, p, orders) => {
          let cash = startCash;
          let h: Holding = EMPTY;
          for (const { side, quantity: q } of orders) {
            const result = (side === 'buy' ? buy : sell)(cash, h, p, q);
            if (!result.ok) continue;
            cash = result.cashPaise;
            h = result.holding;
            expect(cash + h.investedPaise).toBe(startCash);
            expect(netWorthPaise(cash, [{ quantity: h.quantity, pricePaise: p }])).toBe(startCash);
            expect(profitLossPaise(h, p)).toBe(0);
          }
        },
      ),
    );
  });

  it('a sale keeps cash + market value and never leaves more invested than before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), holding, price, quantity, (c, h, p, q) => {
        const result = sell(c, h, p, q);
        if (!result.ok) {
          expect(result.error).toBe('INSUFFICIENT_SHARES');
          expect(q).toBeGreaterThan(h.quantity);
          return;
        }
        expect(c + marketValuePaise(h, p)).toBe(
          result.cashPaise + marketValuePaise(result.holding, p),
        );
        expect(result.holding.investedPaise).toBeLessThanOrEqual(h.investedPaise);
        expect(result.holding.investedPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

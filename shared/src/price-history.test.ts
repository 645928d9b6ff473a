import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lastMove, pointsOf } from './price-history.ts';
import type { PricePoint } from './protocol.ts';

const p = (stock_id: number, price: number, minute: number): PricePoint => ({
  stock_id,
  price,
  at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
  cause: minute === 0 ? 'opening' : 'update',
});

describe('price history reads', () => {
  it("picks one company's points and its last move", () => {
    const history = [p(1, 450, 0), p(2, 280, 0), p(1, 506.25, 1), p(2, 257.6, 2), p(1, 465.75, 3)];
    expect(pointsOf(history, 2).map((x) => x.price)).toEqual([280, 257.6]);
    expect(lastMove(history, 1)).toEqual({
      previous: 506.25,
      price: 465.75,
      percent: -8,
      at: history[4]!.at,
    });
    expect(lastMove(history, 2)?.percent).toBe(-8);
    expect(lastMove([p(3, 1250, 0)], 3)).toBeNull();
  });

  it('rounds the percentage half up to two decimals', () => {
    expect(lastMove([p(1, 300, 0), p(1, 337.5, 1)], 1)?.percent).toBe(12.5);
    expect(lastMove([p(1, 3, 0), p(1, 4, 1)], 1)?.percent).toBe(33.33);
  });

  it('a move by a whole percentage reads back as that percentage', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 200_000 }),
        fc.integer({ min: -99, max: 100 }),
        (paise, pct) => {
          const next = (paise * (100 + pct)) / 100;
          fc.pre(Number.isInteger(next) && next > 0);
          const move = lastMove([p(1, paise / 100, 0), p(1, next / 100, 1)], 1);
          expect(move?.percent).toBe(pct);
        },
      ),
    );
  });
});

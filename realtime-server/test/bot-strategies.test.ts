/**
 * The bots' pure parts: whatever the market and the purse, a strategy asks only for what the
 * game's rules allow (an order `shared/`'s buy or sell accepts, a mayhem answer its check
 * accepts); the same seed draws the same choices; the bot broker's script is a whole game.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_STRATEGIES, MAYHEM_PERCENTAGES, PAYDAYS_PER_GAME } from '@showdown/shared/constants';
import { validateMayhemResponse } from '@showdown/shared/mayhem';
import { buy, sell } from '@showdown/shared/trading';
import {
  brokerScript,
  chooseMayhemList,
  choosePriceMove,
  mayhemRound,
} from '../src/bots/broker-script.ts';
import { seededRandom } from '../src/bots/random.ts';
import { chooseMayhemAnswer, chooseOrder } from '../src/bots/strategies.ts';

const stockIds = [1, 2, 3, 4, 5, 6];
const market = fc.record({
  prices: fc.array(fc.integer({ min: 100, max: 5_000_000 }), { minLength: 6, maxLength: 6 }),
  moves: fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 6, maxLength: 6 }),
});
const purse = fc.record({
  cash: fc.integer({ min: 0, max: 5_000_000_000 }),
  held: fc.array(
    fc.record({
      quantity: fc.integer({ min: 0, max: 5000 }),
      invested: fc.integer({ min: 1, max: 1e9 }),
    }),
    { minLength: 6, maxLength: 6 },
  ),
});

function sight(m: { prices: number[]; moves: number[] }) {
  return {
    prices: new Map(stockIds.map((id, i) => [id, m.prices[i]!])),
    lastMoves: new Map(stockIds.map((id, i) => [id, m.moves[i]!])),
  };
}

function wallet(p: { cash: number; held: Array<{ quantity: number; invested: number }> }) {
  return {
    cashPaise: p.cash,
    holdings: new Map(
      stockIds.map((id, i) => [
        id,
        {
          quantity: p.held[i]!.quantity,
          investedPaise: p.held[i]!.quantity ? p.held[i]!.invested : 0,
        },
      ]),
    ),
  };
}

describe('a bot investor', () => {
  it('only ever asks for an order the rules accept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_STRATEGIES),
        market,
        purse,
        fc.integer(),
        (strategy, m, p, seed) => {
          const s = sight(m);
          const w = wallet(p);
          const order = chooseOrder(strategy, s, w, seededRandom(seed));
          if (!order) return;
          const price = s.prices.get(order.stock_id)!;
          const held = w.holdings.get(order.stock_id)!;
          const result =
            order.trade_type === 0
              ? buy(w.cashPaise, held, price, order.quantity)
              : sell(w.cashPaise, held, price, order.quantity);
          expect(result.ok).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('only ever gives a mayhem answer the rules accept', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BOT_STRATEGIES),
        fc.uniqueArray(fc.constantFrom(...stockIds), { minLength: 1, maxLength: 6 }),
        fc.uniqueArray(fc.constantFrom(...MAYHEM_PERCENTAGES), { minLength: 1, maxLength: 6 }),
        purse,
        fc.integer(),
        (strategy, ids, percentages, p, seed) => {
          const list = { stockIds: ids, percentages };
          const answer = chooseMayhemAnswer(strategy, list, wallet(p), seededRandom(seed));
          expect(answer).not.toBeNull();
          expect(validateMayhemResponse(list, answer!.stocks)).toBeNull();
        },
      ),
    );
  });

  it('plays alike from the same seed, and differently from another', () => {
    const s = sight({
      prices: [10000, 20000, 30000, 40000, 50000, 60000],
      moves: [5, -3, 0, 2, -8, 1],
    });
    const w = wallet({
      cash: 50_000_000,
      held: stockIds.map(() => ({ quantity: 10, invested: 100000 })),
    });
    const play = (seed: number) =>
      Array.from({ length: 40 }, (_, tick) =>
        chooseOrder('momentum', s, w, seededRandom(seed, tick, 1)),
      );
    expect(play(3)).toEqual(play(3));
    expect(play(3)).not.toEqual(play(4));
  });
});

describe('the bot broker', () => {
  it('plays whole rounds: two price moves, a phase and a payday each, one mayhem, then the end', () => {
    for (const rounds of [1, 2, 3]) {
      const script = brokerScript(rounds);
      const kinds = script.map((s) => s.kind);
      expect(kinds[0]).toBe('start');
      expect(kinds.at(-1)).toBe('end');
      expect(kinds.filter((k) => k === 'price')).toHaveLength(2 * rounds);
      expect(kinds.filter((k) => k === 'open')).toHaveLength(rounds);
      expect(kinds.filter((k) => k === 'payday')).toHaveLength(Math.min(rounds, PAYDAYS_PER_GAME));
      expect(kinds.filter((k) => k === 'mayhem')).toHaveLength(1);
      // The list is laid before its round's phase and averaged after it.
      const round = mayhemRound(rounds);
      const open = script.findIndex((s) => s.kind === 'open' && s.round === round);
      expect(kinds.indexOf('mayhem')).toBeLessThan(open);
      expect(kinds.indexOf('average')).toBeGreaterThan(open);
    }
  });

  it('moves a price by 1–10 % and lays a list the rules accept', () => {
    fc.assert(
      fc.property(market, fc.integer(), (m, seed) => {
        const random = seededRandom(seed);
        const move = choosePriceMove(sight(m).prices, random);
        expect(stockIds).toContain(move.stock_id);
        expect(move.value).toBeGreaterThanOrEqual(1);
        expect(move.value).toBeLessThanOrEqual(10);
        const list = chooseMayhemList(stockIds, random);
        expect(new Set(list.stock_ids).size).toBe(3);
        expect(list.percentage).toHaveLength(3);
        for (const p of list.percentage) expect(MAYHEM_PERCENTAGES).toContain(p);
      }),
    );
  });
});

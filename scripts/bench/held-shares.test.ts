import { describe, expect, it } from 'vitest';
import { MSG } from '@showdown/shared/messages';
import { HeldShares, refusalOf } from './held-shares.ts';

describe("the generator's held shares", () => {
  it('offers a sell only of a confirmed share no order in flight is selling', () => {
    const held = new HeldShares();
    expect(held.sellable()).toEqual([]);
    expect(held.reserve(3, 1)).toBe(false);
    held.bought(3, 1);
    held.bought(5, 2);
    expect(held.sellable()).toEqual([3, 5]);
    // Two orders in flight cannot both sell the one share of company 3.
    expect(held.reserve(3, 1)).toBe(true);
    expect(held.sellable()).toEqual([5]);
    expect(held.reserve(3, 1)).toBe(false);
    expect(held.reserve(5, 3)).toBe(false);
    expect(held.reserve(5, 0)).toBe(false);
    // A refused sell gives its share back; a sold one does not.
    held.release(3, 1);
    expect(held.sellable()).toEqual([3, 5]);
  });

  it('never sells more than it bought, in any interleaving', () => {
    const held = new HeldShares();
    let owned = 0;
    let selling = 0;
    for (let i = 0; i < 2_000; i++) {
      const r = (i * 7_919) % 10;
      if (r < 4) {
        held.bought(1, 1);
        owned += 1;
      } else if (r < 8 && held.reserve(1, 1)) selling += 1;
      else if (selling > 0) {
        // A sell answered: sold.
        selling -= 1;
        owned -= 1;
      }
      expect(selling).toBeLessThanOrEqual(owned);
    }
  });
});

describe('refusalOf', () => {
  it("names a refusal of the game's rules by its code", () => {
    const refused = (status: number, message: string) => ({
      status,
      body: { error: { code: 'VALIDATION', message } },
    });
    expect(refusalOf(refused(422, MSG.INSUFFICIENT_SHARES))).toBe('INSUFFICIENT_SHARES');
    expect(refusalOf(refused(422, MSG.INSUFFICIENT_FUNDS))).toBe('INSUFFICIENT_FUNDS');
    expect(refusalOf(refused(409, MSG.TRADE_PHASE_OFF))).toBe('TRADE_PHASE_OFF');
  });

  it('is no refusal for a success, a server fault, a rate limit or another message', () => {
    expect(refusalOf({ status: 200, body: {} })).toBeUndefined();
    expect(refusalOf({ status: 500, body: { error: { message: MSG.INTERNAL } } })).toBeUndefined();
    expect(
      refusalOf({ status: 429, body: { error: { message: MSG.INSUFFICIENT_FUNDS } } }),
    ).toBeUndefined();
    expect(refusalOf({ status: 401, body: { error: { message: MSG.INVALID_TOKEN } } })).toBe(
      undefined,
    );
    expect(refusalOf({ status: 422 })).toBeUndefined();
  });
});

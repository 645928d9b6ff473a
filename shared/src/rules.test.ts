import { describe, expect, it } from 'vitest';
import { PAYDAYS_PER_GAME, PRICE_CAP_PAISE, UNDO_WINDOW_SECONDS } from './constants.ts';
import {
  applyMayhem,
  givePayday,
  movePrice,
  placeOrder,
  undo,
  type GameFacts,
  type PlaceOrder,
} from './rules.ts';

const BROKER = 1;
const INVESTOR = 2;
const AT = 1_000_000;

/** A running game with its phase open: a broker (Investor & Broker) and an investor. */
function game(): GameFacts {
  return {
    gameId: 7,
    status: 2,
    orderbookStatus: 1,
    phaseEndsAtMs: AT + 120_000,
    phaseRemainingMs: null,
    paydaysGiven: 0,
    paydayPaise: 100_000,
    prices: { 1: 301, 2: 10_000 },
    seats: {
      [BROKER]: { role: 3, cashPaise: 50_000, contributedPaise: 50_000, holdings: {} },
      [INVESTOR]: { role: 2, cashPaise: 50_000, contributedPaise: 50_000, holdings: {} },
    },
    keys: {},
    lastAction: null,
  };
}

const buy = (quantity: number, more: Partial<PlaceOrder> = {}): PlaceOrder => ({
  userId: INVESTOR,
  gameId: 7,
  nowMs: AT,
  stockId: 1,
  side: 'buy',
  quantity,
  key: null,
  ...more,
});

const refusal = (result: { ok: boolean; refusal?: string }) => (result.ok ? null : result.refusal);

describe('placeOrder', () => {
  it('checks in the SQL function order: game, seat, pause, phase, stock, quantity, cash', () => {
    const paused = { ...game(), phaseEndsAtMs: null, phaseRemainingMs: 30_000 };
    expect(refusal(placeOrder(paused, buy(0, { stockId: 99 })))).toBe('TRADE_PHASE_PAUSED');
    expect(refusal(placeOrder(paused, buy(1, { userId: 99 })))).toBe('NOT_IN_GAME');
    expect(refusal(placeOrder(paused, buy(1, { gameId: 8 })))).toBe('GAME_NOT_FOUND');
    expect(refusal(placeOrder({ ...game(), orderbookStatus: 0 }, buy(0)))).toBe('TRADE_PHASE_OFF');
    expect(refusal(placeOrder(game(), buy(0, { stockId: 99 })))).toBe('STOCK_NOT_FOUND');
    expect(refusal(placeOrder(game(), buy(0)))).toBe('INVALID_QUANTITY');
    expect(refusal(placeOrder(game(), buy(1_000)))).toBe('INSUFFICIENT_FUNDS');
    const completed = { ...game(), status: 3 };
    expect(refusal(placeOrder(completed, buy(1)))).toBe('GAME_COMPLETED');
    const broker = {
      ...game(),
      seats: { ...game().seats, [BROKER]: { ...game().seats[BROKER]!, role: 1 } },
    };
    expect(refusal(placeOrder(broker, buy(1, { userId: BROKER })))).toBe('INVESTOR_ONLY');
    expect(refusal(placeOrder({ ...game(), status: 1 }, buy(1)))).toBe('GAME_NOT_RUNNING');
  });

  it('answers a key used again with its first answer, and refuses it for another order or game', () => {
    const first = placeOrder(game(), buy(2, { key: 'k' }));
    if (!first.ok) throw new Error(first.refusal);
    expect(first.facts.seats[INVESTOR]!.cashPaise).toBe(50_000 - 602);
    const again = placeOrder(first.facts, buy(2, { key: 'k', nowMs: AT + 999_999 }));
    expect(again).toEqual({
      ok: true,
      facts: first.facts,
      answer: { replayed: true, facts: first.answer.facts },
    });
    expect(refusal(placeOrder(first.facts, buy(3, { key: 'k' })))).toBe('IDEMPOTENCY_KEY_MISMATCH');
    expect(refusal(placeOrder(first.facts, buy(2, { key: 'k', gameId: 8 })))).toBe(
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});

describe('movePrice, givePayday, applyMayhem and undo', () => {
  it('moves a price to the paisa, refuses the cap, and undoes it within the window', () => {
    const moved = movePrice(game(), {
      userId: BROKER,
      gameId: 7,
      nowMs: AT,
      stockId: 1,
      percent: -50,
    });
    if (!moved.ok) throw new Error(moved.refusal);
    expect(moved.answer).toEqual({ previousPaise: 301, pricePaise: 151 });
    const capped = { ...game(), prices: { 1: PRICE_CAP_PAISE } };
    expect(
      refusal(movePrice(capped, { userId: BROKER, gameId: 7, nowMs: AT, stockId: 1, percent: 1 })),
    ).toBe('PRICE_CAP');
    expect(
      refusal(
        movePrice(game(), { userId: INVESTOR, gameId: 7, nowMs: AT, stockId: 1, percent: 1 }),
      ),
    ).toBe('BROKER_ONLY');
    const late = undo(moved.facts, {
      userId: BROKER,
      gameId: 7,
      nowMs: AT + UNDO_WINDOW_SECONDS * 1000 + 1,
    });
    expect(refusal(late)).toBe('UNDO_TOO_LATE');
    const undone = undo(moved.facts, { userId: BROKER, gameId: 7, nowMs: AT });
    expect(undone.ok && undone.facts.prices[1]).toBe(301);
    expect(undone.ok && refusal(undo(undone.facts, { userId: BROKER, gameId: 7, nowMs: AT }))).toBe(
      'UNDO_NOTHING',
    );
  });

  it('credits every investor seat a payday, at most three, and an order makes it final', () => {
    let facts = game();
    for (let i = 0; i < PAYDAYS_PER_GAME; i++) {
      const given = givePayday(facts, { userId: BROKER, gameId: 7, nowMs: AT });
      if (!given.ok) throw new Error(given.refusal);
      facts = given.facts;
    }
    expect(facts.seats[INVESTOR]!.cashPaise).toBe(50_000 + 3 * 100_000);
    expect(refusal(givePayday(facts, { userId: BROKER, gameId: 7, nowMs: AT }))).toBe(
      'PAYDAY_LIMIT',
    );
    const ordered = placeOrder(facts, buy(1));
    expect(
      ordered.ok && refusal(undo(ordered.facts, { userId: BROKER, gameId: 7, nowMs: AT })),
    ).toBe('UNDO_ORDER_PLACED');
  });

  it('moves each picked company by the exact mean, stopped at the cap', () => {
    const facts = { ...game(), prices: { 1: 10_000, 2: PRICE_CAP_PAISE - 1 } };
    const responses = [
      [
        { stock_id: 1, percentage: -1 },
        { stock_id: 2, percentage: 16 },
      ],
      [{ stock_id: 1, percentage: 16 }],
    ];
    const result = applyMayhem(facts, { userId: BROKER, gameId: 7, nowMs: AT, responses });
    if (!result.ok) throw new Error(result.refusal);
    // 10 000 × 107.5 % = 10 750; the second stops at the cap.
    expect(result.facts.prices).toEqual({ 1: 10_750, 2: PRICE_CAP_PAISE });
    expect(result.facts.lastAction?.kind).toBe('mayhem');
  });
});

import { assertSafeInteger, roundHalfUpDiv, toSafeNumber } from './money.ts';
import type { RefusalCode } from './refusals.ts';

/** One investor's position in one company: shares held and their average-cost basis. */
export interface Holding {
  quantity: number;
  investedPaise: number;
}

/** Why a trade was refused: codes of the one refusal list (the SQL order raises the same). */
export type TradeError = Extract<
  RefusalCode,
  'INVALID_QUANTITY' | 'INSUFFICIENT_FUNDS' | 'INSUFFICIENT_SHARES'
>;

/** The new cash and holding after a trade, with the amount that changed hands, or the refusal. */
export type TradeResult =
  | { ok: true; cashPaise: number; holding: Holding; amountPaise: number }
  | { ok: false; error: TradeError };

function assertTradeInputs(cashPaise: number, holding: Holding, pricePaise: number): void {
  assertSafeInteger(cashPaise, 'cashPaise', true);
  assertSafeInteger(holding.quantity, 'holding.quantity', true);
  assertSafeInteger(holding.investedPaise, 'holding.investedPaise', true);
  assertSafeInteger(pricePaise, 'pricePaise', true);
  if (pricePaise === 0) throw new RangeError('pricePaise must be positive');
}

function isValidQuantity(quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity > 0;
}

/**
 * Buys `quantity` shares at `pricePaise`: needs cash ≥ quantity × price; the cost leaves the
 * cash and joins the invested amount. Throws a RangeError for malformed cash, holding or price.
 */
export function buy(
  cashPaise: number,
  holding: Holding,
  pricePaise: number,
  quantity: number,
): TradeResult {
  assertTradeInputs(cashPaise, holding, pricePaise);
  if (!isValidQuantity(quantity)) return { ok: false, error: 'INVALID_QUANTITY' };
  const cost = BigInt(quantity) * BigInt(pricePaise);
  if (cost > BigInt(cashPaise)) return { ok: false, error: 'INSUFFICIENT_FUNDS' };
  return {
    ok: true,
    cashPaise: toSafeNumber(BigInt(cashPaise) - cost, 'cash'),
    holding: {
      quantity: toSafeNumber(BigInt(holding.quantity) + BigInt(quantity), 'quantity'),
      investedPaise: toSafeNumber(BigInt(holding.investedPaise) + cost, 'invested'),
    },
    amountPaise: toSafeNumber(cost, 'amount'),
  };
}

/**
 * Sells `quantity` shares at `pricePaise`: needs that many shares; the proceeds join the cash
 * and the invested amount drops by its average-cost share, round_half_up(invested × quantity /
 * held), reaching exactly 0 when every share is sold.
 */
export function sell(
  cashPaise: number,
  holding: Holding,
  pricePaise: number,
  quantity: number,
): TradeResult {
  assertTradeInputs(cashPaise, holding, pricePaise);
  if (!isValidQuantity(quantity)) return { ok: false, error: 'INVALID_QUANTITY' };
  if (quantity > holding.quantity) return { ok: false, error: 'INSUFFICIENT_SHARES' };
  const proceeds = BigInt(quantity) * BigInt(pricePaise);
  const invested = BigInt(holding.investedPaise);
  // Selling every share removes invested × n / n = invested exactly, so nothing is left over.
  const removed = roundHalfUpDiv(invested * BigInt(quantity), BigInt(holding.quantity));
  return {
    ok: true,
    cashPaise: toSafeNumber(BigInt(cashPaise) + proceeds, 'cash'),
    holding: { quantity: holding.quantity - quantity, investedPaise: Number(invested - removed) },
    amountPaise: toSafeNumber(proceeds, 'amount'),
  };
}

/** Market value of a holding at `pricePaise`: quantity × price. */
export function marketValuePaise(holding: Holding, pricePaise: number): number {
  return toSafeNumber(BigInt(holding.quantity) * BigInt(pricePaise), 'market value');
}

/** Unrealised profit or loss of a holding at `pricePaise`: quantity × price − invested. */
export function profitLossPaise(holding: Holding, pricePaise: number): number {
  return toSafeNumber(
    BigInt(holding.quantity) * BigInt(pricePaise) - BigInt(holding.investedPaise),
    'profit/loss',
  );
}

/** Net worth: cash plus every position valued at its price. */
export function netWorthPaise(
  cashPaise: number,
  positions: ReadonlyArray<{ quantity: number; pricePaise: number }>,
): number {
  let total = BigInt(cashPaise);
  for (const { quantity, pricePaise } of positions) {
    total += BigInt(quantity) * BigInt(pricePaise);
  }
  return toSafeNumber(total, 'net worth');
}

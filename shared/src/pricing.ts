import { PRICE_CAP_PAISE, PRICE_FLOOR_PAISE } from './constants.ts';
import { assertSafeInteger, roundHalfUpDiv, toSafeNumber } from './money.ts';

/** The percentage as a signed number: ('+', 5) → 5, ('-', 5) → -5. */
export function signedPercent(operation: '+' | '-', value: number): number {
  return operation === '-' ? -value : value;
}

/**
 * The price after a change of (percentNumerator / percentDenominator) %, computed exactly:
 * price × (100·den + num) / (100·den), rounded half up to the paisa, never below ₹1.
 * The fraction form carries mayhem means such as 9/2 % without rounding them first.
 */
export function applyPercentChange(
  pricePaise: number,
  percentNumerator: number,
  percentDenominator = 1,
): number {
  assertSafeInteger(pricePaise, 'pricePaise', true);
  assertSafeInteger(percentNumerator, 'percentNumerator');
  assertSafeInteger(percentDenominator, 'percentDenominator');
  if (percentDenominator <= 0) {
    throw new RangeError(`percentDenominator must be positive, got ${percentDenominator}`);
  }
  const scale = 100n * BigInt(percentDenominator);
  const factor = scale + BigInt(percentNumerator);
  const next = roundHalfUpDiv(BigInt(pricePaise) * factor, scale);
  const floor = BigInt(PRICE_FLOOR_PAISE);
  return toSafeNumber(next < floor ? floor : next, 'new price');
}

/** Whether a price is past the cap of ₹1,00,00,000. */
export function exceedsPriceCap(pricePaise: number): boolean {
  return pricePaise > PRICE_CAP_PAISE;
}

/** An amount of money in integer paise (₹1 = 100 paise); plain so database numbers fit as they are. */
export type Paise = number;

/** Returns `value` as a number, or throws a RangeError naming `what` if it is not a safe integer. */
export function toSafeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`${what} is not a safe integer: ${value}`);
  }
  return Number(value);
}

/** Throws a RangeError unless `value` is a safe integer (and ≥ 0 when `nonNegative`). */
export function assertSafeInteger(value: number, what: string, nonNegative = false): void {
  if (!Number.isSafeInteger(value) || (nonNegative && value < 0)) {
    throw new RangeError(
      `${what} must be a ${nonNegative ? 'non-negative ' : ''}safe integer, got ${value}`,
    );
  }
}

/** Integer division rounded half up on the magnitude, keeping the sign (-5/2 → -3). */
export function roundHalfUpDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError(`denominator must be positive, got ${denominator}`);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  if ((magnitude % denominator) * 2n >= denominator) quotient += 1n;
  return negative ? -quotient : quotient;
}

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/;

/**
 * `value × 10^decimals` rounded half up on the magnitude, as a bigint. Rounds from the
 * shortest decimal form of the number (what `String(value)` prints), so 1.005 at 2 decimals
 * gives 101 although the double 1.005 is slightly below 1.005.
 */
export function scaleHalfUp(value: number, decimals: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`value must be finite, got ${value}`);
  if (!Number.isSafeInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  const match = DECIMAL_PATTERN.exec(String(value));
  if (!match) throw new RangeError(`unexpected number form: ${String(value)}`);
  const [, sign = '', integerPart = '0', fractionPart = '', exponentPart = '0'] = match;
  const digits = BigInt(integerPart + fractionPart);
  const shift = Number(exponentPart) - fractionPart.length + decimals;
  const magnitude =
    shift >= 0 ? digits * 10n ** BigInt(shift) : roundHalfUpDiv(digits, 10n ** BigInt(-shift));
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * Rupees to integer paise: exact for amounts with at most 2 decimals; more decimals are
 * rounded half up. Throws a RangeError for non-finite input or a result beyond a safe integer.
 */
export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`rupees must be finite, got ${rupees}`);
  return toSafeNumber(scaleHalfUp(rupees, 2), 'paise');
}

/** Integer paise to rupees (paise / 100). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** A paise amount as signed rupees with two decimals, e.g. -9450 → '-94.50' (the wire's text form). */
export function paiseToAmountText(paise: number): string {
  assertSafeInteger(paise, 'paise');
  return `${paise < 0 ? '-' : ''}${(Math.abs(paise) / 100).toFixed(2)}`;
}

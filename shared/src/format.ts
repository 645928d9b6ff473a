import { scaleHalfUp } from './money.ts';

/** Groups a string of digits the Indian way: last three, then pairs ('1234567' → '12,34,567'). */
export function groupIndian(integerDigits: string): string {
  if (!/^\d+$/.test(integerDigits)) {
    throw new RangeError(`expected only digits, got '${integerDigits}'`);
  }
  if (integerDigits.length <= 3) return integerDigits;
  const head = integerDigits.slice(0, -3);
  const tail = integerDigits.slice(-3);
  const pairs = head.replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${tail}`;
}

/**
 * An amount of rupees as INR with Indian grouping, rounded half up on the magnitude from the
 * number's decimal form: 450.5 → '₹450.50', -1234.565 → '-₹1,234.57', 1.005 → '₹1.01'.
 * Defaults: 2 decimals, with the ₹ symbol. Throws a RangeError for non-finite input.
 */
export function formatINR(
  rupees: number,
  options: { decimals?: 0 | 2; symbol?: boolean } = {},
): string {
  const { decimals = 2, symbol = true } = options;
  const scaled = scaleHalfUp(rupees, decimals);
  const magnitude = scaled < 0n ? -scaled : scaled;
  const unit = 10n ** BigInt(decimals);
  const whole = groupIndian((magnitude / unit).toString());
  const fraction = decimals > 0 ? `.${(magnitude % unit).toString().padStart(decimals, '0')}` : '';
  return `${scaled < 0n ? '-' : ''}${symbol ? '₹' : ''}${whole}${fraction}`;
}

/**
 * A percentage with its sign and at most 2 decimals, trailing zeros dropped: '+5%', '-3%',
 * '+4.5%'; zero is '0%'.
 */
export function formatSignedPercent(p: number): string {
  const hundredths = scaleHalfUp(p, 2);
  if (hundredths === 0n) return '0%';
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  const whole = (magnitude / 100n).toString();
  const fraction = (magnitude % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return `${hundredths < 0n ? '-' : '+'}${whole}${fraction ? `.${fraction}` : ''}%`;
}

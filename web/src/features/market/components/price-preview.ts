import { ROLE } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { paiseToRupees, rupeesToPaise } from '@showdown/shared/money';
import { signedPercent } from '@showdown/shared/pricing';
import { refusalMessage } from '@showdown/shared/refusals';
import { movePrice, PREVIEW, previewFacts } from '@showdown/shared/rules';
import { t } from '../../../i18n';
import type { PriceEntry } from './price-keypad';

/** What a broker's command would do, by its rule: the outcome, or the server's refusal. */
export interface CommandPreview {
  text: string;
  refused: boolean;
}

/**
 * Previews moving `price` (rupees) by the keypad's entry with the price update's own rule
 * (movePrice): rounded to the paisa, never below ₹1, refused past the cap. Null until the entry
 * has an operation and a value.
 */
export function previewPrice(
  price: number,
  { operation, value }: PriceEntry,
): CommandPreview | null {
  if (operation === null || !(value > 0) || !(price > 0)) return null;
  const result = movePrice(previewFacts({ role: ROLE.BROKER, pricePaise: rupeesToPaise(price) }), {
    ...PREVIEW,
    percent: signedPercent(operation, value),
  });
  if (!result.ok) return { text: t(refusalMessage(result.refusal)), refused: true };
  const next = formatINR(paiseToRupees(result.answer.pricePaise));
  return { text: t('New price: {price}', { price: next }), refused: false };
}

import { ROLE } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { paiseToRupees, rupeesToPaise } from '@showdown/shared/money';
import { refusalMessage } from '@showdown/shared/refusals';
import { givePayday, PREVIEW, previewFacts } from '@showdown/shared/rules';
import { t } from '../../../i18n';
import type { CommandPreview } from './price-preview';

/**
 * Previews the broker's payday with its own rule (givePayday) over the game's settings: the
 * amount each investor is credited, or the refusal once every payday of the game is given.
 */
export function previewPayday(settings: {
  payday_increment: number;
  paydays_given: number;
  paydays_total: number;
}): CommandPreview {
  const facts = {
    ...previewFacts({ role: ROLE.BROKER, pricePaise: 0 }),
    paydayPaise: rupeesToPaise(settings.payday_increment),
    paydaysGiven: settings.paydays_given,
  };
  const result = givePayday(facts, PREVIEW, settings.paydays_total);
  if (!result.ok) return { text: t(refusalMessage(result.refusal)), refused: true };
  const amount = formatINR(paiseToRupees(result.answer.amountPaise));
  return { text: t('Each investor gets {amount}.', { amount }), refused: false };
}

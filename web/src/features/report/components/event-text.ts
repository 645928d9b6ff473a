import type { ReportEvent } from '@showdown/shared/api';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import { msg, t } from '../../../i18n';

type Of<K extends ReportEvent['kind']> = Extract<ReportEvent, { kind: K }>;
type PriceMoved = Pick<Of<'price_update'>, 'company' | 'price_before' | 'price_after'>;

/** A price update's sentence: rose, fell or stayed. */
function priceUpdateText(e: PriceMoved): string {
  const values = {
    company: e.company,
    before: formatINR(e.price_before),
    after: formatINR(e.price_after),
  };
  if (e.price_after > e.price_before) return t('{company} rose from {before} to {after}', values);
  if (e.price_after < e.price_before) return t('{company} fell from {before} to {after}', values);
  return t('{company} stayed at {after}', values);
}

/** Each side of a trade, for one share and for several (Hindi's verb agrees with the number). */
const TRADE_TEXT = {
  0: {
    one: msg('{name} bought 1 share of {company} at {price}'),
    many: msg('{name} bought {quantity} shares of {company} at {price}'),
  },
  1: {
    one: msg('{name} sold 1 share of {company} at {price}'),
    many: msg('{name} sold {quantity} shares of {company} at {price}'),
  },
} as const;

function tradeText(e: Of<'trade'>): string {
  const text = TRADE_TEXT[e.trade_type][e.quantity === 1 ? 'one' : 'many'];
  return t(text, {
    name: e.username,
    quantity: e.quantity,
    company: e.company,
    price: formatINR(e.price),
  });
}

function undoText(e: Of<'undo'>): string {
  if (e.undone === 'payday') return t('Payday of {amount} undone', { amount: formatINR(e.amount) });
  const values = { company: e.company, price: formatINR(e.price_after) };
  return e.undone === 'mayhem'
    ? t('Market mayhem on {company} undone: back to {price}', values)
    : t('Price update of {company} undone: back to {price}', values);
}

/**
 * A report event as one sentence in the reader's language: each kind is one whole message with
 * placeholders, so a translation orders the words as its language does.
 */
export function eventText(e: ReportEvent): string {
  switch (e.kind) {
    case 'start':
      return t('Game started');
    case 'price_update':
      return priceUpdateText(e);
    case 'mayhem':
      return t('Market mayhem moved {company} by {percent} to {price}', {
        company: e.company,
        percent: formatSignedPercent(e.percentage),
        price: formatINR(e.price_after),
      });
    case 'payday':
      return t('Each investor received a payday of {amount}', { amount: formatINR(e.amount) });
    case 'trade':
      return tradeText(e);
    case 'undo':
      return undoText(e);
  }
}

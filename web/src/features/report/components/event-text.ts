import { msg, t } from '../../../i18n';

/** The words of the shared report's event labels that a Hindi reader sees translated. */
const EVENT_WORDS = [
  msg('Game started'),
  msg('Market mayhem:'),
  msg('Payday'),
  msg('bought'),
  msg('sold'),
  // The broker's undo: 'Undone: Price update, Ganga Pharma ₹2,580 → ₹2,450'.
  msg('Undone:'),
  msg('PAYDAY'),
  msg('Price update'),
  msg('Market mayhem'),
];

/** An event's label ('Asha bought 4 Tandoor Motors') with its words in the current language. */
export function eventText(label: string): string {
  return EVENT_WORDS.reduce(
    (text, word) => text.replace(new RegExp(`(^|\\s)${word}(?=[\\s,]|$)`), `$1${t(word)}`),
    label,
  );
}

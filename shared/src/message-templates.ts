/**
 * Server messages with a value in them (a count of seconds, an amount, company names): one
 * English template each, filled by the server and matched back by the web, which shows the
 * template's translation with the same values (`{name}` placeholders, as the web's t() has them).
 */
export const MSG_TEMPLATE = {
  BROKER_CLAIM_TOO_EARLY:
    'The broker has been offline for less than {limit} seconds. Try again in {seconds} s.',
  UNDONE_PAYDAY: 'Undone: payday of {amount}',
  UNDONE_MAYHEM: 'Undone: market mayhem on {companies}',
  UNDONE_PRICE_BACK: 'Undone: price update of {companies} (back to {price})',
  UNDONE_PRICE: 'Undone: price update of {companies}',
} as const;

export type MessageValues = Record<string, string | number>;

/** The template with its {placeholders} filled. */
export function fillTemplate(template: string, values: MessageValues): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Matcher {
  template: string;
  names: string[];
  regex: RegExp;
}

let matchers: Matcher[] | null = null;

/** A pattern per template, made on first use (no work when the module is only imported). */
const compileMatchers = (): Matcher[] =>
  Object.values(MSG_TEMPLATE).map((template) => {
    const names: string[] = [];
    const pattern = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { template, names, regex: new RegExp(`^${pattern}$`) };
  });

/** The template a filled message came from, with its values; null for any other text. */
export function matchTemplate(
  message: string,
): { template: string; values: Record<string, string> } | null {
  matchers ??= compileMatchers();
  for (const { template, names, regex } of matchers) {
    const found = regex.exec(message);
    if (found) {
      return {
        template,
        values: Object.fromEntries(names.map((name, i) => [name, found[i + 1]!])),
      };
    }
  }
  return null;
}

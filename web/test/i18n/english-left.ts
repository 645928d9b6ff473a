import { COMPANIES } from '@showdown/shared/catalogue';

/** What may stay in Latin letters on a Hindi screen: the brand, companies, people, acronyms. */
const ALLOWED = [
  'The Showdown',
  ...COMPANIES.map((c) => c.name),
  'OTP',
  'QR',
  'CSV',
  // The language switch names each language in itself.
  'English',
  // The social networks the leaderboard links to.
  'Instagram',
  'YouTube',
];

/** Texts and the attributes a reader or voice control announces, of `root` and below. */
function announcedTexts(root: HTMLElement): string[] {
  const texts = [root.textContent ?? ''];
  for (const element of root.querySelectorAll('*')) {
    for (const name of ['aria-label', 'aria-description', 'title', 'alt', 'placeholder']) {
      const value = element.getAttribute(name);
      if (value) texts.push(value);
    }
  }
  return texts;
}

/**
 * The English words left in `root` once the allowed ones, the given names (players), addresses and codes (anything with a digit, e.g. 'AB12') are taken out.
 */
export function englishLeft(names: readonly string[], root: HTMLElement = document.body): string[] {
  const allowed = [...ALLOWED, ...names].sort((a, b) => b.length - a.length);
  const left = new Set<string>();
  for (let text of announcedTexts(root)) {
    text = text.replace(/https?:\/\/\S+/g, ' ');
    for (const word of allowed) text = text.split(word).join(' ');
    for (const [word] of text.matchAll(/[A-Za-z][A-Za-z0-9_'’-]*/g)) {
      if (word.length > 1 && !/\d/.test(word)) left.add(word);
    }
  }
  return [...left];
}

/**
 * The app's languages (English and Hindi) through Lingui's runtime (@lingui/core).
 *
 * A message's id is its English text, exactly as the screen shows it: English needs no catalogue
 * (the id is the text), so nothing more loads for it. The Hindi catalogue (`catalogues/hi.ts`) is a
 * chunk of its own, loaded on demand when Hindi is chosen (so /login stays within its budget),
 * with the Devanagari font the app ships (devanagari-font.ts).
 *
 * How a screen uses it: `import { t } from '…/i18n'`, then `t('Login')` where the English literal
 * was, and `t('{name} goes first!', { name })` for a text with a value in it. A text defined away
 * from where it is shown (a constant, a tab list) is marked `msg('Market Monitor')` and shown with
 * `t(LABEL)`. The whole tree re-renders when the language changes (LanguageRoot). A server
 * `message` the web shows goes through `t()` too: a known one (shared/src/messages.ts) has its
 * Hindi text, any other stays as the server sent it.
 */
import { i18n } from '@lingui/core';
import type { matchTemplate as MatchTemplate } from '@showdown/shared/message-templates';

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language's own name, as the Profile switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

const STORAGE_KEY = 'showdown.language';

type Compiled = string | (string | [string])[];

/** '{name} goes first!' → ['', ['name'], ' goes first!'] (Lingui's compiled form). */
export function compile(text: string): Compiled {
  const parts = text.split(/\{(\w+)\}/);
  if (parts.length === 1) return [text];
  return parts.map((part, index) => (index % 2 === 1 ? [part] : part));
}

const english = new Map<string, Compiled>();

function compiledEnglish(id: string): Compiled {
  let message = english.get(id);
  if (!message) english.set(id, (message = compile(id)));
  return message;
}

i18n.load('en', {});
i18n.activate('en');

/** A text in the current language; `values` fill its {placeholders}. */
export function t(id: string, values?: Record<string, string | number>): string {
  return i18n._(id, values, { message: compiledEnglish(id) as unknown as string });
}

/**
 * A server's message in the current language: a known one by its text, one with values in it
 * (shared/src/message-templates.ts, e.g. an undo's label) by its template, any other as sent.
 */
export function serverText(message: string): string {
  const filled = templates(message);
  return filled ? t(filled.template, filled.values) : t(message);
}

/** Marks a text defined away from where it is shown (shown later with `t(TEXT)`). */
export const msg = <T extends string>(text: T): T => text;

export const currentLanguage = (): Language => (i18n.locale === 'hi' ? 'hi' : 'en');

/** The browser's choice: Hindi for any 'hi…' language, English otherwise. */
export function browserLanguage(
  languages: readonly string[] = navigator.languages ?? [],
): Language {
  const first = languages[0] ?? navigator.language ?? 'en';
  return first.toLowerCase().startsWith('hi') ? 'hi' : 'en';
}

/** The language chosen in Profile (kept on this device), else the browser's. */
export function preferredLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'hi') return saved;
  } catch {
    // storage unavailable: the browser's language
  }
  return browserLanguage();
}

/**
 * Finds a server message's template. Loaded with a translation (off the first screen's
 * JavaScript): in English a filled template already reads as its text.
 */
let templates: typeof MatchTemplate = () => null;

const loaders: Record<Language, () => Promise<Record<string, string>>> = {
  en: () => Promise.resolve({}),
  hi: async () => {
    // The catalogue and the Devanagari font (devanagari-font.ts) are fetched side by side.
    const [catalogue] = await Promise.all([
      import('./catalogues/hi'),
      import('./devanagari-font').then((font) => font.loadDevanagariFont()),
    ]);
    templates = catalogue.matchTemplate;
    return catalogue.hi;
  },
};

const loaded = new Set<Language>(['en']);

/** Loads the language's catalogue (once) and switches every screen to it. */
export async function activateLanguage(language: Language): Promise<void> {
  if (!loaded.has(language)) {
    const catalogue = await loaders[language]();
    i18n.load(
      language,
      Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compile(text)])),
    );
    loaded.add(language);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** Profile's switch: activates the language and keeps it on this device. */
export async function chooseLanguage(language: Language): Promise<void> {
  await activateLanguage(language);
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not kept: this tab still shows it
  }
}

/** Subscribes to language changes (returns the unsubscribe). */
export const onLanguageChange = (listener: () => void): (() => void) => i18n.on('change', listener);

/** A finishing position: the English ordinal ('1st') in English, '#1' in Hindi. */
export const rankText = (rank: number, english: string): string =>
  currentLanguage() === 'hi' ? `#${rank}` : english;

/** Clock options for a shown time: Hindi reads the 24-hour clock (no Latin 'am'/'pm'). */
export const clockOptions = (): Intl.DateTimeFormatOptions =>
  currentLanguage() === 'hi' ? { hourCycle: 'h23' } : {};

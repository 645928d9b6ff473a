/**
 * The Vite environment, parsed once; a bad value throws a message naming every bad key.
 * Written without zod on purpose: this module is part of every page's first JavaScript, and
 * zod would add about 22 KiB gzipped to /login for six URLs (its first-JavaScript budget).
 */
const DEFAULTS = {
  /** API and Socket.IO origin; '' means the page's own origin. */
  VITE_API_URL: '',
  VITE_SHOP_URL: 'https://shop.theshowdown.example',
  VITE_HOW_TO_PLAY_URL: 'https://shop.theshowdown.example/how-to-play.pdf',
  VITE_SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/theshowdowngame',
  VITE_SOCIAL_X_URL: 'https://x.com/theshowdowngame',
  VITE_SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@theshowdowngame',
};

export type Env = { [K in keyof typeof DEFAULTS]: string };

const isUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Parses the Vite environment; an empty string means "not set" for every key but the API origin. */
export function parseEnv(source: Record<string, unknown>): Env {
  const problems: string[] = [];
  const env = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as Array<keyof Env>) {
    const value = source[key];
    if (value === undefined || (value === '' && key !== 'VITE_API_URL')) continue;
    if (typeof value !== 'string') {
      problems.push(`${key}: must be a string`);
    } else if (value === '' || isUrl(value)) {
      env[key] = value;
    } else {
      problems.push(`${key}: Invalid URL`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid environment configuration:\n${problems.join('\n')}`);
  }
  return env;
}

export const env: Env = parseEnv(import.meta.env as Record<string, unknown>);

/** The pages `npm run lighthouse` measures, its command line, and the run it reports. */
import type { PageSummary } from './summary.ts';

/** The board the measured game sits on (the TV's page and the QR code's link name it). */
export const BOARD_CODE = 'LH35';

export interface PageToMeasure {
  /** Short name for --pages and the JSON's file name. */
  name: string;
  /** The path (with query) Lighthouse loads. */
  path: string;
  preset: PageSummary['preset'];
  /** A returning player: the tokens and the stored profile are in place before the load. */
  signedIn: boolean;
}

/**
 * A newcomer's first pages on a phone (the login, the board QR code's link, the profile after
 * signing in) and the table's TV.
 */
export const PAGES: readonly PageToMeasure[] = [
  { name: 'login', path: '/login', preset: 'mobile', signedIn: false },
  { name: 'qr', path: `/showDown?code=${BOARD_CODE}`, preset: 'mobile', signedIn: false },
  { name: 'profile', path: '/profile', preset: 'mobile', signedIn: true },
  { name: 'tv', path: `/spectate/${BOARD_CODE}`, preset: 'desktop', signedIn: false },
];

export interface LighthouseSettings {
  pages: PageToMeasure[];
  /** Lighthouse runs a page; the table shows the run with the median performance score. */
  runs: number;
  skipBuild: boolean;
  outDir: string | undefined;
}

export const USAGE = `usage: npm run lighthouse -- [options]

  --pages a,b     only these pages [${PAGES.map((p) => p.name).join(',')}]
  --runs N        runs of each page; the table shows the median run by performance [1]
  --skip-build    use the build already in web/dist and realtime-server/dist
  --out DIR       write the JSON reports into DIR [lighthouse-results/<time>]

environment: CHROMIUM_PATH [/usr/bin/chromium]`;

export class UsageError extends Error {}

export function parseLighthouseArgs(argv: readonly string[]): LighthouseSettings {
  const settings: LighthouseSettings = {
    pages: [...PAGES],
    runs: 1,
    skipBuild: false,
    outDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--'))
        throw new UsageError(`${flag} needs a value`);
      return next;
    };
    if (flag === '--skip-build') settings.skipBuild = true;
    else if (flag === '--out') settings.outDir = value();
    else if (flag === '--runs') {
      const runs = Number(value());
      if (!Number.isInteger(runs) || runs < 1)
        throw new UsageError('--runs needs a whole number ≥ 1');
      settings.runs = runs;
    } else if (flag === '--pages') {
      const names = value().split(',');
      const unknown = names.filter((name) => !PAGES.some((p) => p.name === name));
      if (unknown.length > 0) throw new UsageError(`unknown page(s): ${unknown.join(', ')}`);
      settings.pages = PAGES.filter((p) => names.includes(p.name));
    } else throw new UsageError(`unknown option ${flag}`);
  }
  return settings;
}

/** Of several runs of one page, the one with the median performance score (Lighthouse's advice). */
export function medianRun<T extends { scores: { performance: number | null } }>(
  runs: readonly T[],
): T {
  if (runs.length === 0) throw new Error('no run to choose from');
  const sorted = [...runs].sort(
    (a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1),
  );
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

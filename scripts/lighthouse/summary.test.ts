import { describe, expect, it } from 'vitest';
import { medianRun, parseLighthouseArgs, PAGES, UsageError } from './pages.ts';
import { notes, summarize, table, type LighthouseResult } from './summary.ts';

const result = (performance: number, extra: Partial<LighthouseResult> = {}): LighthouseResult => ({
  lighthouseVersion: '13.5.0',
  finalDisplayedUrl: 'http://127.0.0.1:1/login',
  categories: {
    performance: { score: performance, auditRefs: [{ id: 'total-blocking-time', weight: 30 }] },
    accessibility: {
      score: 0.98,
      auditRefs: [
        { id: 'landmark-one-main', weight: 3 },
        { id: 'color-contrast', weight: 7 },
        { id: 'an-informative-one', weight: 0 },
      ],
    },
    'best-practices': { score: 1, auditRefs: [] },
    seo: { score: null },
  },
  audits: {
    'largest-contentful-paint': { score: 0.9, numericValue: 2512.4 },
    'total-blocking-time': { score: 0.4, numericValue: 687.6 },
    'cumulative-layout-shift': { score: 1, numericValue: 0.0031 },
    'first-contentful-paint': { score: 1, numericValue: 900 },
    'landmark-one-main': { score: 0 },
    'color-contrast': { score: 1 },
    'an-informative-one': { score: 0 },
  },
  ...extra,
});

describe('summarize', () => {
  it('reads the four scores out of 100, the metrics, and the weighted audits that failed', () => {
    const row = summarize('/login', 'mobile', result(0.734));
    expect(row.scores).toEqual({
      performance: 73,
      accessibility: 98,
      'best-practices': 100,
      seo: null,
    });
    expect([row.lcpMs, row.tbtMs, row.cls, row.fcpMs]).toEqual([2512.4, 687.6, 0.0031, 900]);
    // Performance's own weighted audits are the metrics; an audit of weight 0 is not scored.
    expect(row.failing).toEqual(['accessibility/landmark-one-main']);
    expect(row.error).toBeNull();
  });

  it('keeps the run-time error Lighthouse reported', () => {
    const failed = result(0, { runtimeError: { code: 'NO_FCP', message: 'no paint' } });
    expect(summarize('/tv', 'desktop', failed).error).toBe('NO_FCP: no paint');
  });
});

describe('table and notes', () => {
  it('prints one Markdown row a page, with units, and notes the failures', () => {
    const rows = [summarize('/login', 'mobile', result(0.73))];
    const lines = table(rows).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\| page \(preset\) +\| performance \| accessibility \|/);
    expect(lines[2]!.split('|').map((cell) => cell.trim())).toEqual([
      '',
      '`/login` (mobile)',
      '73',
      '98',
      '100',
      '–',
      '0.9 s',
      '2.5 s',
      '688 ms',
      '0.003',
      '',
    ]);
    expect(notes(rows)).toEqual(['/login: failed accessibility/landmark-one-main']);
  });
});

describe('arguments', () => {
  it('measures every page once by default', () => {
    expect(parseLighthouseArgs([])).toEqual({
      pages: [...PAGES],
      runs: 1,
      skipBuild: false,
      outDir: undefined,
    });
  });

  it('takes pages by name, runs, the output folder and --skip-build', () => {
    const settings = parseLighthouseArgs(['--pages', 'tv,login', '--runs', '3', '--skip-build']);
    expect(settings.pages.map((p) => p.name)).toEqual(['login', 'tv']);
    expect(settings.runs).toBe(3);
    expect(settings.skipBuild).toBe(true);
    expect(parseLighthouseArgs(['--out', 'x']).outDir).toBe('x');
  });

  it('refuses unknown pages and options, and a run count that is not a whole number', () => {
    expect(() => parseLighthouseArgs(['--pages', 'login,home'])).toThrow(UsageError);
    expect(() => parseLighthouseArgs(['--runs', '0'])).toThrow(UsageError);
    expect(() => parseLighthouseArgs(['--runs'])).toThrow(UsageError);
    expect(() => parseLighthouseArgs(['--fast'])).toThrow(UsageError);
  });

  it('phones get the mobile preset, the TV the desktop one; only the profile is signed in', () => {
    expect(PAGES.map((p) => [p.name, p.preset, p.signedIn])).toEqual([
      ['login', 'mobile', false],
      ['qr', 'mobile', false],
      ['profile', 'mobile', true],
      ['tv', 'desktop', false],
    ]);
  });
});

describe('medianRun', () => {
  it('picks the run with the median performance (the lower middle of an even count)', () => {
    const run = (performance: number | null) => ({ scores: { performance }, id: performance });
    expect(medianRun([run(80), run(95), run(60)]).id).toBe(80);
    expect(medianRun([run(80), run(95), run(60), run(70)]).id).toBe(70);
    expect(medianRun([run(null), run(50)]).id).toBe(null);
    expect(() => medianRun([])).toThrow();
  });
});

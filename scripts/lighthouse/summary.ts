/** What `npm run lighthouse` reads from each Lighthouse result, and the table it prints. */

/** The four categories the table shows, in its order. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The metrics the table shows, by Lighthouse's audit id. */
const METRICS = {
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  fcp: 'first-contentful-paint',
} as const;

/** The part of a Lighthouse result (LHR) this script reads. */
export interface LighthouseResult {
  lighthouseVersion: string;
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: Partial<
    Record<Category, { score: number | null; auditRefs?: { id: string; weight: number }[] }>
  >;
  audits: Record<string, { score: number | null; numericValue?: number }>;
}

export interface PageSummary {
  page: string;
  preset: 'mobile' | 'desktop';
  /** Each category's score, 0–100 (null when Lighthouse could not score it). */
  scores: Record<Category, number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  /** The weighted audits of accessibility, best practices and SEO that did not pass. */
  failing: string[];
  /** Where Lighthouse landed (a redirect shows here). */
  finalUrl: string | null;
  error: string | null;
}

const score = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);

const metric = (result: LighthouseResult, id: string) => result.audits[id]?.numericValue ?? null;

/** One page's row: the four scores, LCP/TBT/CLS/FCP and the audits that failed. */
export function summarize(
  page: string,
  preset: PageSummary['preset'],
  result: LighthouseResult,
): PageSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, score(result.categories[category]?.score)]),
  ) as Record<Category, number | null>;
  // Performance's weighted audits are the metrics, which the table shows.
  const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    (result.categories[category]?.auditRefs ?? [])
      .filter(({ id, weight }) => {
        const audited = result.audits[id]?.score;
        return weight > 0 && audited !== null && audited !== undefined && audited < 1;
      })
      .map(({ id }) => `${category}/${id}`),
  );
  return {
    page,
    preset,
    scores,
    lcpMs: metric(result, METRICS.lcp),
    tbtMs: metric(result, METRICS.tbt),
    cls: metric(result, METRICS.cls),
    fcpMs: metric(result, METRICS.fcp),
    failing,
    finalUrl: result.finalDisplayedUrl ?? null,
    error: result.runtimeError
      ? `${result.runtimeError.code}: ${result.runtimeError.message}`
      : null,
  };
}

const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(1)} s`);
const millis = (ms: number | null) => (ms === null ? '–' : `${Math.round(ms)} ms`);
const points = (value: number | null) => (value === null ? '–' : String(value));

/** The table, as Markdown (it reads as well on a terminal as in docs/performance.md). */
export function table(rows: readonly PageSummary[]): string {
  const header = [
    'page (preset)',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
  ];
  const lines = rows.map((row) => [
    `\`${row.page}\` (${row.preset})`,
    ...CATEGORIES.map((category) => points(row.scores[category])),
    seconds(row.fcpMs),
    seconds(row.lcpMs),
    millis(row.tbtMs),
    row.cls === null ? '–' : row.cls.toFixed(3),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    format(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(format),
  ].join('\n');
}

/** Under the table: per page, the audits that failed and any error or redirect. */
export function notes(rows: readonly PageSummary[]): string[] {
  return rows.flatMap((row) => [
    ...(row.error ? [`${row.page}: ERROR ${row.error}`] : []),
    ...(row.failing.length > 0 ? [`${row.page}: failed ${row.failing.join(', ')}`] : []),
  ]);
}

/** Small helpers for figures and tables. */
import type { Distribution } from './ipc.ts';

/** Nearest-rank percentiles of a list of milliseconds. */
export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1]!,
  };
}

export function tally(into: Record<string, number>, key: string, by = 1): void {
  into[key] = (into[key] ?? 0) + by;
}

export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;

export const count = (value: number) => Math.round(value).toLocaleString('en-US');

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const perSecond = (value: number, unit: string) =>
  `${Number.isFinite(value) ? value.toFixed(value >= 100 ? 0 : 1) : '–'} ${unit}/s`;

export const percentiles = (d: Distribution) =>
  d.count === 0
    ? 'none'
    : `p50 ${ms(d.p50)} · p95 ${ms(d.p95)} · p99 ${ms(d.p99)} · max ${ms(d.max)} (n=${count(d.count)})`;

export const tallyText = (t: Record<string, number>) => {
  const entries = Object.entries(t).sort((a, b) => b[1] - a[1]);
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k}: ${count(v)}`).join(', ');
};

/** A two-column Markdown table under a title. */
export function printTable(title: string, rows: ReadonlyArray<readonly [string, string]>): void {
  const left = Math.max('measure'.length, ...rows.map(([k]) => k.length));
  const right = Math.max('value'.length, ...rows.map(([, v]) => v.length));
  const line = (k: string, v: string) => `| ${k.padEnd(left)} | ${v.padEnd(right)} |`;
  console.log(`\n${title}\n`);
  console.log(line('measure', 'value'));
  console.log(`|${'-'.repeat(left + 2)}|${'-'.repeat(right + 2)}|`);
  for (const [k, v] of rows) console.log(line(k, v));
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function inPool<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Process CPU over a wall-clock span, in percent of one core. */
export function cpuMeter(): () => number {
  const startCpu = process.cpuUsage();
  const startWall = performance.now();
  return () => {
    const used = process.cpuUsage(startCpu);
    const wallMs = performance.now() - startWall;
    return wallMs > 0 ? ((used.user + used.system) / 1000 / wallMs) * 100 : 0;
  };
}

/** One step of the order-rate search. */
export interface RateStep {
  rate: number;
  completedPerSecond: number;
  p99: number;
  errors: number;
}

/**
 * The highest offered rate that still met the target: p99 within `p99LimitMs`, no errors, and
 * (open loop) at least 95 % of the offered rate completed. 0 when none did.
 */
export function maxPassingRate(steps: readonly RateStep[], p99LimitMs: number): number {
  let best = 0;
  for (const step of steps) {
    const passed =
      step.errors === 0 && step.p99 <= p99LimitMs && step.completedPerSecond >= 0.95 * step.rate;
    if (passed && step.rate > best) best = step.rate;
  }
  return best;
}

/** The rates a step search tries: from `start`, each `factor` times the last, `count` of them. */
export function rateSteps(start: number, factor: number, count: number): number[] {
  const steps: number[] = [];
  let rate = start;
  for (let i = 0; i < count; i++) {
    steps.push(Math.round(rate));
    rate *= factor;
  }
  return steps;
}

/**
 * CPU used between two readings of several processes (pid → cumulative CPU, in any one unit), over
 * the processes read at both: one that missed a reading, or was replaced, counts for nothing
 * rather than for its whole life.
 */
export function cpuUsedBetween(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): number {
  let used = 0;
  for (const [pid, cpu] of after) {
    const start = before.get(pid);
    if (start !== undefined) used += cpu - start;
  }
  return used;
}

/** Several processes' CPU, summed, in percent of one core over a wall-clock span. */
export function cpuPercent(cpuMicros: number, wallMs: number): number {
  return wallMs > 0 ? (cpuMicros / 1000 / wallMs) * 100 : 0;
}

/** How a page's first-render JavaScript is found: shared with the build's report (web/). */
export { pageScriptsGzipBytes, type ManifestChunk } from '../../web/build/initial-js.ts';

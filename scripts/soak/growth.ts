/**
 * The soak's figures and its verdict: each interval's line, and whether the server grew past
 * the stated bound between its first reading and its last (both taken after a full GC).
 */
import { count, mib, ms } from '../bench/stats.ts';

/** One interval of the run: the server's memory and its delays over the interval. */
export interface SoakReading {
  /** Seconds since the games started. */
  at: number;
  rss: number;
  heapUsed: number;
  loopP99Ms: number;
  /** From a price's time on the server to its arrival on the game's TV socket. */
  fanoutP99Ms: number;
  fanoutCount: number;
  gamesEnded: number;
  botCommands: number;
  botRefusals: number;
}

/** Memory after a full GC of every server process (summed over them). */
export interface MemoryReading {
  rss: number;
  heapUsed: number;
}

const MiB = 1024 * 1024;

/**
 * The bound: from the first interval's reading to the last, both after a full GC, the server's
 * JavaScript heap may grow by at most half plus 32 MiB and its resident set by at most half plus
 * 128 MiB (the embedded database's cache and WebAssembly memory are in the resident set and grow
 * with the data before they settle). More is a leak the soak reports.
 */
export const GROWTH_BOUND = {
  heap: { factor: 1.5, plusBytes: 32 * MiB },
  rss: { factor: 1.5, plusBytes: 128 * MiB },
} as const;

export const BOUND_TEXT = `heap after GC ≤ 1.5 × the first reading + 32 MiB; RSS after GC ≤ 1.5 × the first reading + 128 MiB`;

export function growthProblems(first: MemoryReading, last: MemoryReading): string[] {
  const problems: string[] = [];
  const check = (name: 'heap' | 'rss', from: number, to: number) => {
    const bound = GROWTH_BOUND[name];
    const limit = from * bound.factor + bound.plusBytes;
    if (to > limit) {
      problems.push(
        `${name === 'heap' ? 'heap used' : 'RSS'} grew from ${mib(from)} to ${mib(to)} (bound ${mib(limit)})`,
      );
    }
  };
  check('heap', first.heapUsed, last.heapUsed);
  check('rss', first.rss, last.rss);
  return problems;
}

const clock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

/** The line printed for an interval. */
export function readingLine(r: SoakReading): string {
  return [
    `[${clock(r.at)}]`,
    `RSS ${mib(r.rss)}`,
    `heap ${mib(r.heapUsed)}`,
    `loop p99 ${ms(r.loopP99Ms)}`,
    `fan-out p99 ${ms(r.fanoutP99Ms)} (n=${count(r.fanoutCount)})`,
    `games ended ${count(r.gamesEnded)}`,
    `bot commands ${count(r.botCommands)} (${count(r.botRefusals)} refused)`,
  ].join(' · ');
}

/** A Prometheus counter's value from /metrics text, summed over its label sets (0 if absent). */
export function metricSum(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || line.startsWith('#')) continue;
    const match = /^([a-z_]+)(\{[^}]*\})?\s+([0-9.e+-]+)$/.exec(line.trim());
    if (!match || match[1] !== name) continue;
    const set = match[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => set.includes(`${k}="${v}"`))) {
      total += Number(match[3]);
    }
  }
  return total;
}

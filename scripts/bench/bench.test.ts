import { describe, expect, it } from 'vitest';
import { parseBenchArgs, UsageError } from './args.ts';
import { phaseKeeper, phaseOutlasts } from './orders.ts';
import { cpuUsedBetween, distribution, maxPassingRate, rateSteps } from './stats.ts';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
    expect(distribution(values)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(distribution([7])).toEqual({ count: 1, p50: 7, p95: 7, p99: 7, max: 7 });
    expect(distribution([]).count).toBe(0);
  });

  it('finds the highest rate that met p99, errors and completion', () => {
    const steps = [
      { rate: 100, completedPerSecond: 100, p99: 10, errors: 0 },
      { rate: 160, completedPerSecond: 159, p99: 40, errors: 0 },
      { rate: 256, completedPerSecond: 250, p99: 49, errors: 1 },
      { rate: 410, completedPerSecond: 300, p99: 30, errors: 0 },
      { rate: 656, completedPerSecond: 650, p99: 80, errors: 0 },
    ];
    expect(maxPassingRate(steps, 50)).toBe(160);
    expect(maxPassingRate([], 50)).toBe(0);
    expect(rateSteps(100, 1.6, 4)).toEqual([100, 160, 256, 410]);
  });
});

describe('server CPU over a step', () => {
  it('counts only the processes read at both ends', () => {
    const before = new Map([
      [10, 5_000_000],
      [11, 1_000_000],
    ]);
    // 11 did not answer at the end; 12 is new (a replaced or late process): neither counts.
    const after = new Map([
      [10, 6_500_000],
      [12, 9_000_000],
    ]);
    expect(cpuUsedBetween(before, after)).toBe(1_500_000);
    expect(cpuUsedBetween(new Map(), after)).toBe(0);
  });
});

describe('bench arguments', () => {
  it('defaults: full on file-backed PGlite, one process', () => {
    const s = parseBenchArgs([], {}, 8);
    expect(s).toMatchObject({ mode: 'full', games: 1000, workers: 1, nodes: 1, orderRate: 300 });
  });

  it('--quick, PostgreSQL: 100 games, WORKERS from the CPUs unless set', () => {
    const env = { DATABASE_URL: 'postgres://u@h/db' };
    expect(parseBenchArgs(['--quick'], env, 4)).toMatchObject({
      mode: 'quick',
      games: 100,
      workers: 4,
      orderRate: 1000,
    });
    expect(parseBenchArgs(['--quick', '--workers=2'], env, 4).workers).toBe(2);
    expect(parseBenchArgs([], { ...env, WORKERS: '3' }, 4).workers).toBe(3);
  });

  it('--smoke: three games for a few seconds, JSON where --out says', () => {
    expect(parseBenchArgs(['--smoke', '--out', '/tmp/x'], {}, 2)).toMatchObject({
      mode: 'smoke',
      games: 3,
      steps: 1,
      outDir: '/tmp/x',
    });
    expect(parseBenchArgs([], {}, 2).outDir).toBeUndefined();
    expect(() => parseBenchArgs(['--smoke', '--quick'], {}, 2)).toThrow(/do not go together/);
  });

  it('refuses what cannot run', () => {
    expect(() => parseBenchArgs(['--workers', '2'], {}, 4)).toThrow(UsageError);
    expect(() => parseBenchArgs(['--nodes', '2'], { DATABASE_URL: 'postgres://h/d' }, 4)).toThrow(
      /REDIS_URL/,
    );
    expect(() => parseBenchArgs(['--games', '0'], {}, 4)).toThrow(/--games/);
    expect(() => parseBenchArgs(['--bogus'], {}, 4)).toThrow(/unknown option/);
    expect(() => parseBenchArgs([], { DATABASE_URL: 'mysql://x' }, 4)).toThrow(/DATABASE_URL/);
  });
});

describe('the orders step', () => {
  it('opens the phases again before a step they would not outlast (30 s to spare)', () => {
    const now = 1_000_000;
    // No phase yet (0), or one that ends before the step and its margin: open again.
    expect(phaseOutlasts(0, now, 10_000)).toBe(false);
    expect(phaseOutlasts(now + 39_999, now, 10_000)).toBe(false);
    expect(phaseOutlasts(now + 40_000, now, 10_000)).toBe(true);
    expect(phaseOutlasts(now + 180_000, now, 22_000)).toBe(true);
  });

  it('opens every phase before the first step, and closes and reopens them before one they would not outlast', async () => {
    let now = 1_000_000;
    const opened: boolean[] = [];
    const keep = phaseKeeper(
      async (closeFirst) => {
        opened.push(closeFirst);
        return now + 180_000;
      },
      () => now,
    );
    expect(await keep(10_000)).toBe(true);
    expect(opened).toEqual([false]);
    now += 100_000; // 80 s left: a 10 s step and its 30 s margin fit
    expect(await keep(10_000)).toBe(false);
    now += 45_000; // 35 s left
    expect(await keep(10_000)).toBe(true);
    expect(opened).toEqual([false, true]);
  });
});

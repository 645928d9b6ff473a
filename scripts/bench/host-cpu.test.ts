import { describe, expect, it } from 'vitest';
import {
  hostCpuBetween,
  parsePidStat,
  parseProcStat,
  readHostCpu,
  readProcessCpuMs,
} from './host-cpu.ts';

describe('the machine CPU over a step', () => {
  it('reads the busy and total jiffies of all cores from /proc/stat', () => {
    const text = 'cpu  100 5 50 800 40 0 5 0 0 0\ncpu0 50 2 25 400 20 0 2 0 0 0\nintr 1 2\n';
    // busy: user + nice + system + irq + softirq + steal; idle and iowait are not busy.
    expect(parseProcStat(text)).toEqual({ busy: 160, total: 1000 });
    expect(parseProcStat('intr 1 2\n')).toBeUndefined();
  });

  it('reads a process name with spaces and parentheses, and its utime + stime', () => {
    const fields = ['S', ...Array.from({ length: 10 }, () => '0'), '120', '30', '0', '0'];
    expect(parsePidStat(`42 (postgres) ${fields.join(' ')}`)).toEqual({
      name: 'postgres',
      jiffies: 150,
    });
    expect(parsePidStat(`43 (a (b) c) ${fields.join(' ')}`)).toEqual({
      name: 'a (b) c',
      jiffies: 150,
    });
    expect(parsePidStat('garbage')).toBeUndefined();
  });

  it('counts PostgreSQL processes seen at both ends, in percent of one core', () => {
    const before = {
      busy: 1_000,
      total: 4_000,
      postgres: new Map([
        [1, 5_000],
        [2, 1_000],
      ]),
    };
    // Over 2 s of a 2-core machine (400 jiffies at 100 Hz): 300 busy. Pid 2 ended and 3
    // started in between: only pid 1's 1,500 ms of CPU count.
    const after = {
      busy: 1_300,
      total: 4_400,
      postgres: new Map([
        [1, 6_500],
        [3, 800],
      ]),
    };
    const use = hostCpuBetween(before, after, 2_000);
    expect(use.machinePercent).toBeCloseTo(75);
    expect(use.postgresPercent).toBeCloseTo(75);
  });

  it.runIf(process.platform === 'linux')('reads this machine', () => {
    const reading = readHostCpu();
    expect(reading).toBeDefined();
    expect(reading!.total).toBeGreaterThan(reading!.busy);
  });

  it.runIf(process.platform === 'linux')(
    'reads another process’s CPU finer than a jiffy (a quiet relay in a short step)',
    () => {
      const before = readProcessCpuMs(process.pid)!;
      const until = performance.now() + 2;
      while (performance.now() < until) {
        // two milliseconds of work: less than one 10 ms jiffy
      }
      const used = readProcessCpuMs(process.pid)! - before;
      expect(used).toBeGreaterThan(0.5);
      expect(used).toBeLessThan(1_000);
    },
  );
});

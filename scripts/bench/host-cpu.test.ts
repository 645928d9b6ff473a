import { describe, expect, it } from 'vitest';
import {
  hostCpuBetween,
  parsePidStat,
  parseProcStat,
  readHostCpu,
  readMainThreadRuns,
  readProcessCpuMs,
  readThreadCpuMs,
  threadCpuBetween,
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

describe('the server CPU by thread', () => {
  it('splits each process into its main thread, its busiest other thread and the rest', () => {
    const before = new Map([
      [
        10,
        new Map([
          [10, 100],
          [11, 1_000],
          [12, 50],
          [13, 20],
        ]),
      ],
      [
        20,
        new Map([
          [20, 0],
          [21, 0],
        ]),
      ],
      // Read at the start only (a process replaced in between): left out.
      [30, new Map([[30, 5_000]])],
    ]);
    const after = new Map([
      // Thread 13 ended (left out); 14 started in between and counts from zero.
      [
        10,
        new Map([
          [10, 400],
          [11, 1_900],
          [12, 80],
          [14, 10],
        ]),
      ],
      [
        20,
        new Map([
          [20, 200],
          [21, 30],
        ]),
      ],
      // Read at the end only: left out.
      [40, new Map([[40, 7_000]])],
    ]);
    expect(threadCpuBetween(before, after)).toEqual({
      mainMs: 300 + 200,
      busiestOtherMs: 900 + 30,
      restMs: 30 + 10,
    });
  });

  it.runIf(process.platform === 'linux')(
    'reads a worker thread’s CPU apart from the main thread’s',
    async () => {
      const { Worker } = await import('node:worker_threads');
      // A worker that spins until this process has used 300 ms of CPU more (the main thread
      // waits meanwhile, so nearly all of it is the worker's), says so, and stays alive until it
      // is terminated: a thread that has exited is no longer in /proc to be read. CPU, not wall
      // time: on a busy machine 300 ms of wall time may give the worker far less than that.
      const worker = new Worker(
        `const { parentPort } = require('node:worker_threads');
         const start = process.cpuUsage();
         const spent = () => { const u = process.cpuUsage(start); return (u.user + u.system) / 1000; };
         while (spent() < 300) {}
         parentPort.postMessage('done');
         parentPort.on('message', () => undefined);`,
        { eval: true },
      );
      const started = readThreadCpuMs(process.pid)!;
      await new Promise((resolve) => worker.once('message', resolve));
      const ended = readThreadCpuMs(process.pid)!;
      await worker.terminate();
      expect(started.has(process.pid)).toBe(true);
      const use = threadCpuBetween(
        new Map([[process.pid, started]]),
        new Map([[process.pid, ended]]),
      );
      // The spinning thread is the busiest other one: most of its 300 ms, more than the main's.
      expect(use.busiestOtherMs).toBeGreaterThan(150);
      expect(use.busiestOtherMs).toBeGreaterThan(use.mainMs);
    },
  );

  it.runIf(process.platform === 'linux')(
    'counts the main thread’s runs: each wake-up from a wait is one more',
    async () => {
      const before = readMainThreadRuns(process.pid)!;
      // Twenty waits of 5 ms: the main thread sleeps in the event loop and is woken for each.
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
      const after = readMainThreadRuns(process.pid)!;
      expect(before).toBeGreaterThan(0);
      expect(after - before).toBeGreaterThanOrEqual(20);
      expect(readMainThreadRuns(2 ** 22 + 1)).toBeUndefined(); // no such process
    },
  );
});

/**
 * The machine's CPU over a measured step, read from Linux's /proc: how busy all its cores were,
 * and how much of it PostgreSQL's own processes (every process named `postgres`: backends, WAL
 * writer, checkpointer) used. With the generators, the server and a local PostgreSQL on the
 * same cores, these say whether a step was limited by the server or by the machine. Elsewhere
 * (no /proc) every reading is undefined and the figures are left out.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { cpuUsedBetween } from './stats.ts';

export interface HostCpuReading {
  /** Jiffies all cores spent busy (not idle or waiting on I/O), and in all. */
  busy: number;
  total: number;
  /** CPU milliseconds of the processes named `postgres`, by pid. */
  postgres: Map<number, number>;
}

export interface HostCpuUse {
  /** The busy share of the whole machine, 0–100 %. */
  machinePercent: number;
  /** PostgreSQL's processes, in percent of one core. */
  postgresPercent: number;
}

/** The fields of /proc/stat's `cpu` line: busy is all but idle and iowait. */
export function parseProcStat(text: string): { busy: number; total: number } | undefined {
  const line = text.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return undefined;
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  if (fields.length < 5 || fields.some((n) => !Number.isFinite(n))) return undefined;
  const total = fields.reduce((s, n) => s + n, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: total - idle, total };
}

/**
 * A process's name and CPU jiffies (utime + stime) from /proc/<pid>/stat. The name is in
 * parentheses and may itself hold spaces or parentheses, so the fields are counted from the last
 * closing one.
 */
export function parsePidStat(text: string): { name: string; jiffies: number } | undefined {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // After the name: state is field 3 of the man page, utime 14 and stime 15.
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
  return { name: text.slice(open + 1, close), jiffies: utime + stime };
}

/** Jiffies per second (USER_HZ): what `getconf CLK_TCK` says, 100 on every common Linux. */
let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

/**
 * One process's CPU so far in milliseconds by thread id, if it can be read: from each thread's
 * /proc/<pid>/task/<tid>/schedstat in nanoseconds (a short step of a quiet process uses less
 * than one 10 ms jiffy). The main thread's id is the pid.
 */
export function readThreadCpuMs(pid: number): Map<number, number> | undefined {
  const threads = new Map<number, number>();
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const nanos = Number(
          fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0],
        );
        if (Number.isFinite(nanos)) threads.set(Number(task), nanos / 1e6);
      } catch {
        // the thread ended meanwhile
      }
    }
  } catch {
    return undefined; // the process ended, or no /proc
  }
  return threads.size > 0 ? threads : undefined;
}

/**
 * How many times a process's main thread has been put on a CPU so far, if it can be read (Linux):
 * the third field of /proc/<pid>/task/<pid>/schedstat, which counts each wake-up from a wait
 * (the event loop's epoll) and each return after the thread was preempted.
 */
export function readMainThreadRuns(pid: number): number | undefined {
  try {
    const runs = Number(
      fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ')[2],
    );
    return Number.isFinite(runs) ? runs : undefined;
  } catch {
    return undefined; // the process ended, or no /proc
  }
}

/**
 * One process's CPU so far in milliseconds (another process: the relay), if it can be read:
 * the sum over its threads (V8's helpers, libuv's pool), else from its jiffies.
 */
export function readProcessCpuMs(pid: number): number | undefined {
  const threads = readThreadCpuMs(pid);
  if (threads) {
    let ms = 0;
    for (const used of threads.values()) ms += used;
    if (ms > 0) return ms;
  }
  try {
    const proc = parsePidStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return proc ? (proc.jiffies / clockTicks()) * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** CPU milliseconds of a set of processes over a window, by kind of thread. */
export interface ThreadCpuUse {
  /** The processes' main threads (the event loops). */
  mainMs: number;
  /**
   * Each process's busiest other thread: on PGlite the embedded database's worker thread
   * (PGlite's WebAssembly and its socket server), on PostgreSQL one of V8's helpers.
   */
  busiestOtherMs: number;
  /** All their other threads: V8's garbage-collector and compiler helpers, libuv's pool. */
  restMs: number;
}

/**
 * How the CPU of processes (by pid: their threads' readings) split between two readings. Only
 * processes read at both ends count; a thread that started in between counts from zero.
 */
export function threadCpuBetween(
  before: Map<number, Map<number, number>>,
  after: Map<number, Map<number, number>>,
): ThreadCpuUse {
  const use: ThreadCpuUse = { mainMs: 0, busiestOtherMs: 0, restMs: 0 };
  for (const [pid, threadsAfter] of after) {
    const threadsBefore = before.get(pid);
    if (!threadsBefore) continue;
    let busiest = 0;
    let others = 0;
    for (const [tid, ms] of threadsAfter) {
      const used = Math.max(0, ms - (threadsBefore.get(tid) ?? 0));
      if (tid === pid) use.mainMs += used;
      else {
        others += used;
        busiest = Math.max(busiest, used);
      }
    }
    use.busiestOtherMs += busiest;
    use.restMs += others - busiest;
  }
  return use;
}

export function readHostCpu(): HostCpuReading | undefined {
  let stat;
  try {
    stat = parseProcStat(fs.readFileSync('/proc/stat', 'utf8'));
  } catch {
    return undefined;
  }
  if (!stat) return undefined;
  const postgres = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let text;
    try {
      text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    const proc = parsePidStat(text);
    if (proc?.name === 'postgres') {
      const pid = Number(entry);
      postgres.set(pid, readProcessCpuMs(pid) ?? (proc.jiffies / clockTicks()) * 1000);
    }
  }
  return { ...stat, postgres };
}

/**
 * The machine's busy share and PostgreSQL's CPU between two readings over `wallMs`. Backends
 * that started or ended in between count only for the part both readings saw.
 */
export function hostCpuBetween(
  before: HostCpuReading,
  after: HostCpuReading,
  wallMs: number,
): HostCpuUse {
  const total = after.total - before.total;
  const postgresMs = cpuUsedBetween(before.postgres, after.postgres);
  return {
    machinePercent: total > 0 ? ((after.busy - before.busy) / total) * 100 : NaN,
    postgresPercent: wallMs > 0 ? (postgresMs / wallMs) * 100 : NaN,
  };
}

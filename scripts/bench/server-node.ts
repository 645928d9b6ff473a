/** The server under test: its nodes' processes, their probes, and CPU over a measured window. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { epochNow, root, sleep, tsxLoader } from './common.ts';
import type { BenchDatabase, WalFlushes } from './database.ts';
import {
  hostCpuBetween,
  readHostCpu,
  readMainThreadRuns,
  readProcessCpuMs,
  readThreadCpuMs,
  threadCpuBetween,
  type HostCpuReading,
} from './host-cpu.ts';
import { cpuPercent, cpuUsedBetween } from './stats.ts';

interface ProbeReading {
  pid: number;
  rss: number;
  heapUsed: number;
  /** The main thread's memory outside its JS heap: Buffers, sockets' queued writes. */
  external?: number;
  /** Worker threads' committed heap and external memory (memory readings only). */
  threadBytes?: number;
  cpuMicros: number;
  loopP99Ms: number;
  loopMaxMs: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

/**
 * The environment a measuring run starts the compiled server with: its database, the JWT secret
 * the seeded tokens were signed with, quiet logs, OTPs on the console, the generators' addresses
 * trusted, and Redis (on a stream of this run's own) when several nodes share it.
 */
export function measuredServerEnv(
  database: BenchDatabase,
  jwtSecret: string,
  redisUrl: string | undefined,
  run: 'bench' | 'soak',
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...database.serverEnv,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    OTP_SENDER: 'console',
    TRUST_PROXY: 'true',
    ...extra,
    ...(redisUrl
      ? {
          REDIS_URL: redisUrl,
          REDIS_STREAM_NAME: `showdown:${run}:${randomBytes(4).toString('hex')}`,
        }
      : {}),
  };
}

/** A window's server CPU by thread, each in percent of one core (ThreadCpuUse's kinds). */
export interface ThreadPercent {
  main: number;
  busiestOther: number;
  rest: number;
}

/** One server node: its process (the cluster primary with WORKERS > 1) and its probes. */
export class ServerNode {
  private constructor(
    readonly url: string,
    private readonly child: ChildProcess,
    private readonly probeDir: string,
    private readonly expectedProbes: number,
  ) {}

  static async start(
    env: Record<string, string>,
    workers: number,
    profileDir?: string,
  ): Promise<ServerNode> {
    const port = await freePort();
    const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-probe-'));
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--enable-source-maps',
        // tsx only loads the TypeScript probe: the server itself is the compiled bundle.
        '--import',
        tsxLoader,
        '--import',
        pathToFileURL(path.join(import.meta.dirname, 'probe.ts')).href,
        path.join(root, 'realtime-server/dist/main.js'),
      ],
      {
        cwd: path.join(root, 'realtime-server'),
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          WORKERS: String(workers),
          BENCH_PROBE_DIR: probeDir,
          ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}),
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    const node = new ServerNode(
      `http://127.0.0.1:${port}`,
      child,
      probeDir,
      workers > 1 ? workers + 1 : 1,
    );
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      if (Date.now() > deadline) throw new Error('the server did not answer /healthz in 120 s');
      const healthy = await fetch(`${node.url}/healthz`, { signal: AbortSignal.timeout(2_000) })
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy && node.probePorts().length >= node.expectedProbes) return node;
      await sleep(250);
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private probePorts(): number[] {
    return fs
      .readdirSync(this.probeDir)
      .filter((f) => f.endsWith('.json'))
      .map(
        (f) =>
          (JSON.parse(fs.readFileSync(path.join(this.probeDir, f), 'utf8')) as { port: number })
            .port,
      );
  }

  /** Every process of the node: `/gc` collects first (the server runs with --expose-gc). */
  async read(what: 'read' | 'gc' | 'reset' = 'read'): Promise<ProbeReading[]> {
    const readings = await Promise.all(
      this.probePorts().map((port) =>
        fetch(`http://127.0.0.1:${port}/${what === 'read' ? '' : what}`, {
          signal: AbortSignal.timeout(10_000),
        })
          .then((r) => r.json() as Promise<ProbeReading>)
          .catch(() => undefined),
      ),
    );
    return readings.filter((r): r is ProbeReading => r !== undefined && 'pid' in r);
  }

  /** Starts, or stops and writes, the CPU profile of every process of the node. */
  async profile(action: 'start' | 'stop', name = ''): Promise<void> {
    await Promise.all(
      this.probePorts().map((port) =>
        fetch(`http://127.0.0.1:${port}/profile/${action}?name=${encodeURIComponent(name)}`, {
          signal: AbortSignal.timeout(60_000),
        }).then(async (r) => {
          if (!r.ok) throw new Error(`profile ${action}: ${r.status} ${await r.text()}`);
        }),
      ),
    );
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
    fs.rmSync(this.probeDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** All readings of all nodes, summed (memory, CPU) or worst (event-loop delay). */
export async function readAll(nodes: ServerNode[], what: 'read' | 'gc' | 'reset' = 'read') {
  const readings = (await Promise.all(nodes.map((n) => n.read(what)))).flat();
  return {
    rss: readings.reduce((s, r) => s + r.rss, 0),
    heapUsed: readings.reduce((s, r) => s + r.heapUsed, 0),
    external: readings.reduce((s, r) => s + (r.external ?? 0), 0),
    threadBytes: readings.reduce((s, r) => s + (r.threadBytes ?? 0), 0),
    cpuMicros: readings.reduce((s, r) => s + r.cpuMicros, 0),
    cpuByPid: new Map(readings.map((r) => [r.pid, r.cpuMicros])),
    loopP99Ms: Math.max(0, ...readings.map((r) => r.loopP99Ms)),
    gcMaxMs: Math.max(0, ...readings.map((r) => r.gcMaxMs ?? 0)),
    gcTotalMs: readings.reduce((s, r) => s + (r.gcTotalMs ?? 0), 0),
    processes: readings.length,
  };
}

/** The threads' CPU of each process (by pid) that can be read. */
function readThreads(pids: Iterable<number>): Map<number, Map<number, number>> {
  const threads = new Map<number, Map<number, number>>();
  for (const pid of pids) {
    const reading = readThreadCpuMs(pid);
    if (reading) threads.set(pid, reading);
  }
  return threads;
}

/** Each process's main-thread runs so far (see readMainThreadRuns), where they can be read. */
function readRuns(pids: Iterable<number>): Map<number, number> {
  const runs = new Map<number, number>();
  for (const pid of pids) {
    const reading = readMainThreadRuns(pid);
    if (reading !== undefined) runs.set(pid, reading);
  }
  return runs;
}

/**
 * Server CPU, event-loop delay and GC over a measured window that starts at `fromEpoch`, with
 * the machine's busy share, PostgreSQL's CPU (a server on this machine) and WAL flushes, and the
 * CPU of one other process (`otherPid`: the relay).
 */
export function measureServer(
  nodes: ServerNode[],
  fromEpoch: number,
  database: BenchDatabase,
  otherPid?: number,
) {
  interface Start {
    cpu: Map<number, number>;
    threads: Map<number, Map<number, number>>;
    runs: Map<number, number>;
    otherMs?: number;
    host?: HostCpuReading;
    wal?: WalFlushes;
    at: number;
  }
  let start: Promise<Start> | undefined;
  const timer = setTimeout(
    () => {
      start = Promise.all([readAll(nodes, 'reset'), database.walFlushes?.()]).then(([r, wal]) => ({
        cpu: r.cpuByPid,
        threads: readThreads(r.cpuByPid.keys()),
        runs: readRuns(r.cpuByPid.keys()),
        host: readHostCpu(),
        otherMs: otherPid === undefined ? undefined : readProcessCpuMs(otherPid),
        wal,
        at: epochNow(),
      }));
    },
    Math.max(0, fromEpoch - epochNow()),
  );
  return async () => {
    clearTimeout(timer);
    const begun: Start = start
      ? await start
      : { cpu: new Map(), threads: new Map(), runs: new Map(), at: epochNow() };
    const [end, wal] = await Promise.all([readAll(nodes), database.walFlushes?.()]);
    const threadsEnd = readThreads(end.cpuByPid.keys());
    const runsEnd = readRuns(end.cpuByPid.keys());
    const host = readHostCpu();
    const otherMs = otherPid === undefined ? undefined : readProcessCpuMs(otherPid);
    const wallMs = epochNow() - begun.at;
    // Only processes read at both ends: a probe that did not answer in time (an overloaded
    // process) or a process that was replaced would otherwise add or remove its whole life.
    const used = cpuUsedBetween(begun.cpu, end.cpuByPid);
    const threads = threadCpuBetween(begun.threads, threadsEnd);
    const threadPercent = (ms: number) =>
      start && begun.threads.size > 0 ? cpuPercent(ms * 1000, wallMs) : NaN;
    const machine = begun.host && host ? hostCpuBetween(begun.host, host, wallMs) : undefined;
    const flushes = begun.wal && wal ? wal.count - begun.wal.count : NaN;
    const flushMs =
      begun.wal?.ms !== undefined && wal?.ms !== undefined ? wal.ms - begun.wal.ms : NaN;
    return {
      cpuPercent: start ? cpuPercent(used, wallMs) : NaN,
      /** The same CPU by thread (Linux only, else NaN), each in percent of one core. */
      threadPercent: {
        main: threadPercent(threads.mainMs),
        busiestOther: threadPercent(threads.busiestOtherMs),
        rest: threadPercent(threads.restMs),
      },
      /**
       * How often the processes' main threads were put on a CPU, a second (each wake-up of an
       * event loop, and each return after a preemption), summed (Linux only, else NaN).
       */
      // The runs' growth, summed over the processes read at both ends as the CPU is.
      mainRunsPerSecond:
        start && begun.runs.size > 0 && wallMs > 0
          ? (cpuUsedBetween(begun.runs, runsEnd) / wallMs) * 1000
          : NaN,
      /** The other process (the relay), in percent of one core. */
      otherPercent:
        begun.otherMs !== undefined && otherMs !== undefined
          ? cpuPercent((otherMs - begun.otherMs) * 1000, wallMs)
          : NaN,
      machinePercent: machine?.machinePercent ?? NaN,
      postgresPercent: database.localServer && machine ? machine.postgresPercent : NaN,
      walFlushesPerSecond: wallMs > 0 ? (flushes / wallMs) * 1000 : NaN,
      walFlushMeanMs: flushes > 0 ? flushMs / flushes : NaN,
      loopP99Ms: end.loopP99Ms,
      gcMaxMs: end.gcMaxMs,
      gcTotalMs: end.gcTotalMs,
    };
  };
}

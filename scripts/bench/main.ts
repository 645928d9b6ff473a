/**
 * `npm run bench`: an honest load benchmark of the real server.
 *
 * It builds the web app and starts the server as `npm start` does (its own process or
 * processes: `WORKERS`, `--nodes` over Redis), on a file-backed PGlite in a temporary directory
 * or a fresh database on `DATABASE_URL`. It seats G games (a broker, six investors and two
 * spectators each; users and sessions are seeded in the database, the games are set up through
 * the REST API), connects every socket from several generator processes, and drives them
 * open-loop at fixed rates, measuring every latency from the action's scheduled time after an
 * uncounted warm-up:
 *   1. fan-out: each broker updates a price once a second, staggered across the second;
 *   2. orders: investors trade at a fixed total rate, then a short step search for the highest
 *      rate with p99 ≤ 50 ms;
 *   3. baseline: the same fan-out through a bare Socket.IO relay, in this run;
 *   4. the ledger of every player reconciled against the recorded trades and paydays.
 * It prints a table and writes bench-results/<ISO time>-<mode>-<database>.json. It asserts no
 * timing: a failed reconciliation exits 1, a run that cannot complete exits 2.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseBenchArgs, UsageError, type BenchSettings } from './args.ts';
import {
  prepareBenchDatabase,
  seedUsers,
  type BenchDatabase,
  type SeededUser,
  type WalFlushes,
} from './database.ts';
import type {
  Command,
  FanoutResult,
  GamePlan,
  OrdersResult,
  Ready,
  Reply,
  Request,
  Results,
} from './ipc.ts';
import { reconcileLedger } from './ledger.ts';
import { hostCpuBetween, readHostCpu, readProcessCpuMs, type HostCpuReading } from './host-cpu.ts';
import { profileLine, summariseProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import {
  count,
  cpuPercent,
  cpuUsedBetween,
  distribution,
  inPool,
  pageScriptsGzipBytes,
  type ManifestChunk,
  maxPassingRate,
  ms,
  percentiles,
  printTable,
  rateSteps,
  tally,
  tallyText,
  type RateStep,
} from './stats.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const INVESTORS_PER_GAME = 6;
const P99_TARGET_MS = 50;
/** A generator that sends this late (p99), or burns this much CPU, limits the run itself. */
const GENERATOR_LAG_LIMIT_MS = 10;
const GENERATOR_CPU_LIMIT = 90;

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const epochNow = () => performance.timeOrigin + performance.now();

/** A forked helper process with a typed request/answer channel. */
class Generator {
  private nextId = 1;
  private pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(`generator: ${message.error}`));
    });
    child.on('exit', (code, signal) => {
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`a generator exited (${signal ?? code})`));
      }
      this.pending.clear();
    });
  }

  static async start(): Promise<Generator> {
    const child = fork(path.join(import.meta.dirname, 'generator.ts'), [], {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('a generator did not start')), 30_000);
      child.once('message', (_message: Ready) => {
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => reject(new Error(`a generator exited (${code})`)));
    });
    return new Generator(child);
  }

  run<K extends Command['type']>(
    command: Extract<Command, { type: K }>,
    timeoutMs: number,
  ): Promise<Results[K]> {
    const id = this.nextId++;
    return new Promise<Results[K]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`generator: '${command.type}' got no answer in ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as Results[K]);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
      this.child.send({ id, command } satisfies Request);
    });
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill();
  }
}

interface ProbeReading {
  pid: number;
  rss: number;
  heapUsed: number;
  /** Worker threads' committed heap and external memory (memory readings only). */
  threadBytes?: number;
  cpuMicros: number;
  loopP99Ms: number;
  loopMaxMs: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

/** One server node: its process (the cluster primary with WORKERS > 1) and its probes. */
class ServerNode {
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
async function readAll(nodes: ServerNode[], what: 'read' | 'gc' | 'reset' = 'read') {
  const readings = (await Promise.all(nodes.map((n) => n.read(what)))).flat();
  return {
    rss: readings.reduce((s, r) => s + r.rss, 0),
    heapUsed: readings.reduce((s, r) => s + r.heapUsed, 0),
    threadBytes: readings.reduce((s, r) => s + (r.threadBytes ?? 0), 0),
    cpuMicros: readings.reduce((s, r) => s + r.cpuMicros, 0),
    cpuByPid: new Map(readings.map((r) => [r.pid, r.cpuMicros])),
    loopP99Ms: Math.max(0, ...readings.map((r) => r.loopP99Ms)),
    gcMaxMs: Math.max(0, ...readings.map((r) => r.gcMaxMs ?? 0)),
    gcTotalMs: readings.reduce((s, r) => s + (r.gcTotalMs ?? 0), 0),
    processes: readings.length,
  };
}

/**
 * Server CPU, event-loop delay and GC over a measured window that starts at `fromEpoch`, with
 * the machine's busy share, PostgreSQL's CPU (a server on this machine) and WAL flushes, and the
 * CPU of one other process (`otherPid`: the relay).
 */
function measureServer(
  nodes: ServerNode[],
  fromEpoch: number,
  database: BenchDatabase,
  otherPid?: number,
) {
  interface Start {
    cpu: Map<number, number>;
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
    const begun: Start = start ? await start : { cpu: new Map(), at: epochNow() };
    const [end, wal] = await Promise.all([readAll(nodes), database.walFlushes?.()]);
    const host = readHostCpu();
    const otherMs = otherPid === undefined ? undefined : readProcessCpuMs(otherPid);
    const wallMs = epochNow() - begun.at;
    // Only processes read at both ends: a probe that did not answer in time (an overloaded
    // process) or a process that was replaced would otherwise add or remove its whole life.
    const used = cpuUsedBetween(begun.cpu, end.cpuByPid);
    const machine = begun.host && host ? hostCpuBetween(begun.host, host, wallMs) : undefined;
    const flushes = begun.wal && wal ? wal.count - begun.wal.count : NaN;
    const flushMs =
      begun.wal?.ms !== undefined && wal?.ms !== undefined ? wal.ms - begun.wal.ms : NaN;
    return {
      cpuPercent: start ? cpuPercent(used, wallMs) : NaN,
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

interface Answer {
  status: number;
  body: any;
}

async function rest(
  url: string,
  method: string,
  token: string,
  body?: unknown,
  forwardedFor?: string,
): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(120_000),
  }).catch((err: unknown) => {
    // fetch says only "fetch failed": name the cause (a reset, a refused connection…).
    const cause = err instanceof Error ? (err.cause as Error | undefined) : undefined;
    throw new Error(`${method} ${url}: ${cause?.message ?? String(err)}`, { cause: err });
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * An idempotent setup call, tried again (up to three times) when the connection failed: a
 * pooled keep-alive connection the server closed while idle fails the next request on it.
 */
async function idempotentOk(what: string, call: () => Promise<Answer>): Promise<any> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await expectOk(what, call());
    } catch (err) {
      const network = err instanceof Error && err.cause !== undefined;
      if (!network || attempt >= 3) throw err;
      await sleep(500);
    }
  }
}

async function expectOk(what: string, answer: Promise<Answer>): Promise<any> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) {
    throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  }
  return body.data;
}

/** Waits (at most 30 s) until the server answers /healthz promptly again after a step. */
async function drained(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let prompt = 0;
  while (prompt < 3 && Date.now() < deadline) {
    const t0 = performance.now();
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => r.ok)
      .catch(() => false);
    prompt = ok && performance.now() - t0 < 20 ? prompt + 1 : 0;
    await sleep(200);
  }
}

/** A board code for game `index` (4 × [A-Z0-9], distinct for every index below 36^4). */
const boardCode = (index: number) =>
  ((index * 7_919 + 1_000) % 36 ** 4).toString(36).toUpperCase().padStart(4, '0');

/** Seats one game through the REST API and starts it. */
async function setUpGame(
  url: string,
  index: number,
  broker: SeededUser,
  investors: SeededUser[],
  spectators: number,
): Promise<GamePlan> {
  const code = boardCode(index);
  // Each table is its own venue: lobby creation is limited per IP, not for the whole run.
  const ip = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const joined = await expectOk(
    'join',
    rest(`${url}/api/game/join`, 'POST', broker.accessToken, { code, create: true }, ip),
  );
  const gameId = joined.game_id as number;
  const game = `${url}/api/game/${gameId}`;
  await expectOk(
    'broker role',
    rest(`${game}/select-role`, 'POST', broker.accessToken, { role: 1 }, ip),
  );
  for (const investor of investors) {
    await expectOk(
      'investor join',
      rest(`${url}/api/game/join`, 'POST', investor.accessToken, { code }, ip),
    );
    await expectOk(
      'investor role',
      rest(`${game}/select-role`, 'POST', investor.accessToken, { role: 2 }, ip),
    );
  }
  await expectOk(
    'settings',
    rest(`${game}/settings`, 'POST', broker.accessToken, {
      starting_funds: 500000,
      payday_increment: 100000,
      trade_phase_duration: 180,
    }),
  );
  await expectOk('start', rest(`${game}/start`, 'POST', broker.accessToken));
  // A payday in every game, so that the ledger's reconciliation covers paydays too.
  await expectOk('payday', rest(`${game}/payday`, 'PUT', broker.accessToken));
  return {
    gameId,
    code,
    index,
    brokerToken: broker.accessToken,
    investorTokens: investors.map((i) => i.accessToken),
    spectators,
  };
}

/** The module of the /login route (web/src/app/router.tsx). */
const LOGIN_ROUTE_MODULE = 'src/features/auth/components/login-screen.tsx';

/**
 * The gzipped size of the JavaScript /login needs before it renders: the entry with its static
 * imports and the route's module with its own (from the build manifest), each file gzipped.
 */
function loginJsGzipKiB(): number {
  const dist = path.join(root, 'web/dist');
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const read = (file: string) => fs.readFileSync(path.join(dist, file));
  return pageScriptsGzipBytes(manifest, [LOGIN_ROUTE_MODULE], read) / 1024;
}

/** The summary of the busiest process's profile of one step (the primary only relays). */
function busiestProfile(dir: string, name: string): ProfileSummary | undefined {
  let busiest: ProfileSummary | undefined;
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith(`${name}-`) || !file.endsWith('.cpuprofile')) continue;
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const summary = summariseProfile(profile);
    if (!busiest || summary.busy_ms > busiest.busy_ms) busiest = summary;
  }
  return busiest;
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round1 = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);

function machineFacts() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpu_model: cpus[0]?.model.trim() ?? 'cpu',
    memory_gib: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}

function mergeFanout(results: FanoutResult[]) {
  const failures: Record<string, number> = {};
  for (const r of results)
    for (const [k, v] of Object.entries(r.updateFailures)) tally(failures, k, v);
  return {
    latency: distribution(results.flatMap((r) => r.latencies)),
    sameNode: distribution(results.flatMap((r) => r.sameNode)),
    otherNodes: distribution(results.flatMap((r) => r.otherNodes)),
    sendLag: distribution(results.flatMap((r) => r.sendLag)),
    updatesSent: results.reduce((s, r) => s + r.updatesSent, 0),
    missing: results.reduce((s, r) => s + r.missing, 0),
    failures,
    generatorCpu: Math.max(...results.map((r) => r.cpuPercent)),
  };
}

function mergeOrders(results: OrdersResult[], measureMs: number) {
  const errors: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.errors)) tally(errors, k, v);
  const unanswered = results.reduce((s, r) => s + r.unanswered, 0);
  if (unanswered > 0) tally(errors, 'unanswered at the end of the step', unanswered);
  const ok = results.reduce((s, r) => s + r.ok, 0);
  return {
    offered: results.reduce((s, r) => s + r.offered, 0),
    sent: results.reduce((s, r) => s + r.sent, 0),
    ok,
    completedPerSecond: ok / (measureMs / 1000),
    latency: distribution(results.flatMap((r) => r.latencies)),
    sendLag: distribution(results.flatMap((r) => r.sendLag)),
    errors,
    errorCount: Object.values(errors).reduce((s, v) => s + v, 0),
    okTotal: results.reduce((s, r) => s + r.okTotal, 0),
    unknownTotal: results.reduce((s, r) => s + r.unknownTotal, 0),
    portfolioEvents: results.reduce((s, r) => s + r.portfolioEvents, 0),
    generatorCpu: Math.max(...results.map((r) => r.cpuPercent)),
    generatorCpuTotal: results.reduce((sum, r) => sum + r.cpuPercent, 0),
  };
}

/**
 * A step's CPU (the server's processes, PostgreSQL's, the busiest generator, and the machine)
 * and the server's pauses (event-loop delay, garbage collection).
 */
interface StepCpu {
  server: {
    cpuPercent: number;
    postgresPercent: number;
    machinePercent: number;
    loopP99Ms: number;
    gcMaxMs: number;
    gcTotalMs: number;
    walFlushesPerSecond: number;
    walFlushMeanMs: number;
  };
  generatorCpu: number;
}
type StepRecord = RateStep & { generatorBound: boolean; cpu: ReturnType<typeof cpuFigures> };

function cpuFigures(step: StepCpu) {
  return {
    server_percent: round1(step.server.cpuPercent),
    database_percent: round1(step.server.postgresPercent),
    busiest_generator_percent: round1(step.generatorCpu),
    machine_percent: round1(step.server.machinePercent),
    event_loop_p99_ms: round1(step.server.loopP99Ms),
    gc_max_pause_ms: round1(step.server.gcMaxMs),
    gc_total_ms: round1(step.server.gcTotalMs),
    wal_flushes_per_s: round1(step.server.walFlushesPerSecond),
    wal_flush_mean_ms: round1(step.server.walFlushMeanMs),
  };
}

const microsText = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(0)} µs`);

const percent = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(0)} %`);

function cpuText(step: StepCpu): string {
  const flushes = step.server.walFlushesPerSecond;
  const wal = Number.isNaN(flushes)
    ? ''
    : ` · WAL flushes ${flushes.toFixed(0)}/s${Number.isNaN(step.server.walFlushMeanMs) ? '' : `, mean ${ms(step.server.walFlushMeanMs)}`}`;
  const db = Number.isNaN(step.server.postgresPercent)
    ? ''
    : ` · PostgreSQL ${percent(step.server.postgresPercent)}`;
  return `CPU: server ${percent(step.server.cpuPercent)}${db} · generator ${percent(step.generatorCpu)} · machine ${percent(step.server.machinePercent)} busy · event loop p99 ${ms(step.server.loopP99Ms)} · GC ${ms(step.server.gcTotalMs)}, longest ${ms(step.server.gcMaxMs)}${wal}`;
}

const generatorBound = (sendLagP99: number, cpu: number) =>
  sendLagP99 > GENERATOR_LAG_LIMIT_MS || cpu > GENERATOR_CPU_LIMIT;

async function run(settings: BenchSettings, cleanups: Array<() => Promise<void>>): Promise<number> {
  const runStarted = performance.now();
  const machine = machineFacts();
  console.log('The Showdown load benchmark');
  console.log(
    `machine:  ${machine.os} · ${machine.cpus} × ${machine.cpu_model} · ${machine.memory_gib} GiB · node ${machine.node}`,
  );
  console.log(
    `load avg: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the start`,
  );

  // The compiled server always (what npm start runs); the web app unless skipped. Each is
  // rebuilt only when its inputs changed.
  const targets = settings.skipBuild ? ['server'] : ['web', 'server'];
  console.log(`build:    node scripts/build.mjs ${targets.join(' ')} (as npm start does)`);
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...targets], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the build failed');
  const loginKiB = loginJsGzipKiB();

  const database: BenchDatabase = await prepareBenchDatabase(settings.databaseUrl);
  cleanups.push(() => database.destroy());
  const databaseName = database.kind;
  const jwtSecret = randomBytes(32).toString('hex');
  const seatsPerGame = 1 + INVESTORS_PER_GAME;
  const seeding = await database.open();
  const seedStarted = performance.now();
  const seeded = await seedUsers(seeding, settings.games * seatsPerGame, jwtSecret);
  await seeding.close();
  console.log(
    `database: ${database.label} · ${count(seeded.length)} users signed in (seeded) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const serverEnv: Record<string, string> = {
    ...database.serverEnv,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    OTP_SENDER: 'console',
    TRUST_PROXY: 'true',
  };
  if (settings.redisUrl) {
    serverEnv.REDIS_URL = settings.redisUrl;
    serverEnv.REDIS_STREAM_NAME = `showdown:bench:${randomBytes(4).toString('hex')}`;
  }
  const nodes: ServerNode[] = [];
  cleanups.unshift(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });
  const profileDir = settings.profile
    ? path.resolve(
        root,
        settings.outDir ?? 'bench-results',
        `profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`,
      )
    : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  for (let i = 0; i < settings.nodes; i++) {
    nodes.push(await ServerNode.start(serverEnv, settings.workers, profileDir));
  }
  /** Runs a step under the CPU profiler of every server process, when --profile asks. */
  const profiled = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    if (!profileDir) return step();
    const started = await Promise.all(nodes.map((n) => n.profile('start'))).then(
      () => true,
      (err: unknown) => {
        console.warn(`  (${name} profile not started: ${String(err)})`);
        return false;
      },
    );
    if (!started) return step();
    try {
      return await step();
    } finally {
      // A profile that cannot be written costs its summary, not the run's measurements.
      await Promise.all(nodes.map((n) => n.profile('stop', name))).catch((err: unknown) =>
        console.warn(`  (${name} profile not written: ${String(err)})`),
      );
    }
  };
  const restUrl = nodes[0]!.url;
  console.log(
    `server:   ${settings.nodes} node(s) × WORKERS=${settings.workers} at ${nodes.map((n) => n.url).join(', ')} (realtime-server/dist/main.js, LOG_LEVEL=warn)`,
  );

  const generators = await Promise.all(
    Array.from({ length: settings.generators }, () => Generator.start()),
  );
  cleanups.unshift(async () => {
    await Promise.all(generators.map((g) => g.run({ type: 'close' }, 5_000).catch(() => null)));
    for (const g of generators) g.stop();
  });

  // Setup, not measured: every game seated and started through the REST API.
  const setupStarted = performance.now();
  const plans: GamePlan[] = new Array(settings.games);
  await inPool(
    Array.from({ length: settings.games }, (_, i) => i),
    24,
    async (i) => {
      const seats = seeded.slice(i * seatsPerGame, (i + 1) * seatsPerGame);
      plans[i] = await setUpGame(restUrl, i, seats[0]!, seats.slice(1), settings.spectators);
    },
  );
  console.log(
    `setup:    ${settings.games} games seated and started in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const share = (g: number) => plans.filter((_, i) => i % settings.generators === g);

  // 1. Sockets.
  const before = await readAll(nodes, 'gc');
  const connects = await Promise.all(
    generators.map((gen, g) =>
      gen.run(
        { type: 'connect', urls: nodes.map((n) => n.url), games: share(g), target: 'server' },
        600_000,
      ),
    ),
  );
  const after = await readAll(nodes, 'gc');
  const connected = connects.reduce((s, c) => s + c.connected, 0);
  const planned = connects.reduce((s, c) => s + c.planned, 0);
  const connectFailures: Record<string, number> = {};
  for (const c of connects)
    for (const [k, v] of Object.entries(c.failures)) tally(connectFailures, k, v);
  const perSocket = (bytes: number) => (connected > 0 ? bytes / connected / 1024 : NaN);
  const rssPerSocket = perSocket(after.rss - before.rss);
  const heapPerSocket = perSocket(after.heapUsed - before.heapUsed);
  // On PGlite the embedded database runs in a worker thread of the server process: its memory
  // is in the RSS, and the probe's GC does not collect it. The RSS less that thread's growth.
  const dbThreadKiBPerSocket = perSocket(after.threadBytes - before.threadBytes);
  const rssLessDbThread = perSocket(
    after.rss - before.rss - (after.threadBytes - before.threadBytes),
  );
  console.log(
    `sockets:  ${count(connected)} / ${count(planned)} connected and joined in ${(Math.max(...connects.map((c) => c.elapsedMs)) / 1000).toFixed(1)} s`,
  );

  // 2. Fan-out: one price update per game per second, staggered.
  const fanoutTiming = {
    warmupMs: settings.warmupSeconds * 1000,
    measureMs: settings.fanoutSeconds * 1000,
  };
  const runFanout = async (
    target: 'server' | 'relay',
    activeGames = settings.games,
    timing = fanoutTiming,
    relayPid?: number,
  ) => {
    const startEpochMs = epochNow() + 1_500;
    const server = measureServer(
      target === 'server' ? nodes : [],
      startEpochMs + timing.warmupMs,
      database,
      relayPid,
    );
    const results = await Promise.all(
      generators.map((gen) =>
        gen.run(
          {
            type: 'fanout',
            restUrl,
            target,
            totalGames: settings.games,
            activeGames,
            startEpochMs,
            ...timing,
          },
          timing.warmupMs + timing.measureMs + 120_000,
        ),
      ),
    );
    return { ...mergeFanout(results), server: await server() };
  };
  // How many tables this server carries: a step search over update rates (some of the games
  // updating, once a second each) for the highest with fan-out p99 ≤ 50 ms and nothing lost.
  const fanoutSteps: StepRecord[] = [];
  const socketsPerGame = seatsPerGame + settings.spectators;
  for (const rate of rateSteps(
    Math.max(Math.min(10, settings.games), settings.games / 16),
    2,
    settings.steps,
  )) {
    if (rate > settings.games) break;
    await drained(restUrl);
    const stepTiming = { warmupMs: 2_000, measureMs: settings.stepSeconds * 1000 };
    const step = await runFanout('server', rate, stepTiming);
    const expected = rate * settings.stepSeconds * socketsPerGame;
    const failures = Object.values(step.failures).reduce((sum, n) => sum + n, 0) + step.missing;
    fanoutSteps.push({
      rate,
      completedPerSecond: expected > 0 ? (rate * step.latency.count) / expected : 0,
      p99: step.latency.p99,
      errors: failures,
      generatorBound: generatorBound(step.sendLag.p99, step.generatorCpu),
      cpu: cpuFigures(step),
    });
    console.log(
      `  fan-out step ${rate} updates/s: ${percentiles(step.latency)} · failures ${failures} · ${cpuText(step)}`,
    );
    if (step.latency.p99 > P99_TARGET_MS || failures > 0) break;
  }
  const fanoutMaxRate = maxPassingRate(fanoutSteps, P99_TARGET_MS);
  await drained(restUrl);
  console.log(
    `fan-out:  ${settings.games} updates/s for ${settings.warmupSeconds} s warm-up + ${settings.fanoutSeconds} s measured`,
  );
  const fanout = await profiled('fanout', () => runFanout('server'));

  // 3. Orders, every socket still connected: a trade phase opens in every game (opening an
  // open phase changes nothing, so a failed connection is simply tried again).
  await drained(restUrl);
  await inPool(plans, 24, async (plan) => {
    const game = `${restUrl}/api/game/${plan.gameId}`;
    await idempotentOk('open phase', () =>
      rest(`${game}/update/orderbook`, 'PUT', plan.brokerToken, { orderbook_status: 1 }),
    );
  });
  let okTotal = 0;
  let unknownTotal = 0;
  const runOrders = async (rate: number, warmupMs: number, measureMs: number) => {
    const startEpochMs = epochNow() + 500;
    const server = measureServer(nodes, startEpochMs + warmupMs, database);
    const results = await Promise.all(
      generators.map((gen) =>
        gen.run(
          {
            type: 'orders',
            restUrl,
            rate: rate / settings.generators,
            startEpochMs,
            warmupMs,
            measureMs,
          },
          warmupMs + measureMs + 120_000,
        ),
      ),
    );
    const merged = mergeOrders(results, measureMs);
    okTotal += merged.okTotal;
    unknownTotal += merged.unknownTotal;
    return { ...merged, server: await server() };
  };
  // The step search first (rising rates), then the offered rate; the server drains in between,
  // so an overloaded step does not bill its backlog to the next.
  const steps: StepRecord[] = [];
  for (const rate of rateSteps(Math.max(25, settings.orderRate / 4), 1.6, settings.steps)) {
    await drained(restUrl);
    const step = await runOrders(rate, 1_000, settings.stepSeconds * 1000);
    steps.push({
      rate,
      completedPerSecond: step.completedPerSecond,
      p99: step.latency.p99,
      errors: step.errorCount,
      generatorBound: generatorBound(step.sendLag.p99, step.generatorCpu),
      cpu: cpuFigures(step),
    });
    console.log(
      `  step ${rate}/s: ${step.completedPerSecond.toFixed(0)}/s completed · ${percentiles(step.latency)} · errors ${step.errorCount} · ${cpuText(step)}`,
    );
    if (step.latency.p99 > P99_TARGET_MS || step.errorCount > 0) break;
  }
  await drained(restUrl);
  console.log(
    `orders:   ${settings.orderRate}/s offered for 2 s warm-up + ${settings.ordersSeconds} s measured`,
  );
  const orders = await profiled('orders', () =>
    runOrders(settings.orderRate, 2_000, settings.ordersSeconds * 1000),
  );
  const maxRate = maxPassingRate(steps, P99_TARGET_MS);
  await Promise.all(generators.map((g) => g.run({ type: 'close' }, 30_000)));

  // 4. Baseline: the same fan-out through a bare Socket.IO relay.
  const relay = fork(path.join(import.meta.dirname, 'relay.ts'), [], {
    execArgv: ['--import', tsxLoader],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  cleanups.unshift(async () => {
    relay.kill();
  });
  const relayPort = await new Promise<number>((resolve) =>
    relay.once('message', (m: { port: number }) => resolve(m.port)),
  );
  await Promise.all(
    generators.map((gen, g) =>
      gen.run(
        {
          type: 'connect',
          urls: [`http://127.0.0.1:${relayPort}`],
          games: share(g),
          target: 'relay',
        },
        600_000,
      ),
    ),
  );
  console.log('baseline: the same fan-out through a bare Socket.IO relay');
  const baseline = await runFanout('relay', settings.games, fanoutTiming, relay.pid);
  await Promise.all(generators.map((g) => g.run({ type: 'close' }, 30_000)));
  relay.kill();

  // 5. The ledger, with the servers stopped (PGlite's files belong to one process at a time).
  await Promise.all(nodes.map((n) => n.stop()));
  const ledgerDb = await database.open();
  const ledger = await reconcileLedger(ledgerDb.db, okTotal, unknownTotal);
  await ledgerDb.close();

  const profiles = profileDir
    ? {
        dir: path.relative(root, profileDir),
        fanout: busiestProfile(profileDir, 'fanout'),
        orders: busiestProfile(profileDir, 'orders'),
      }
    : undefined;

  const ratio = fanout.latency.p99 / baseline.latency.p99;
  // CPU per unit of work: percent of one core over the measured window, divided by the work
  // done a second. A ratio against the relay and per-order figures hold on any machine.
  const deliveriesPerSecond = (d: { latency: { count: number } }) =>
    d.latency.count / settings.fanoutSeconds;
  const microsPer = (cpuPercentOfCore: number, perSecond: number) =>
    perSecond > 0 ? ((cpuPercentOfCore / 100) * 1e6) / perSecond : NaN;
  const serverMicrosPerDelivery = microsPer(fanout.server.cpuPercent, deliveriesPerSecond(fanout));
  const relayMicrosPerDelivery = microsPer(
    baseline.server.otherPercent,
    deliveriesPerSecond(baseline),
  );
  const orderCpuMs = {
    server: microsPer(orders.server.cpuPercent, orders.completedPerSecond) / 1000,
    database: microsPer(orders.server.postgresPercent, orders.completedPerSecond) / 1000,
    generators: microsPer(orders.generatorCpuTotal, orders.completedPerSecond) / 1000,
  };
  const fanoutGeneratorBound = generatorBound(fanout.sendLag.p99, fanout.generatorCpu);
  const ordersGeneratorBound = generatorBound(orders.sendLag.p99, orders.generatorCpu);
  const results = {
    time: new Date().toISOString(),
    machine,
    load_average: os.loadavg(),
    mode: settings.mode,
    database: databaseName,
    workers: settings.workers,
    nodes: settings.nodes,
    generators: settings.generators,
    fanout: {
      games: settings.games,
      sockets_per_game: seatsPerGame + settings.spectators,
      updates_per_s: settings.games,
      updates_sent: fanout.updatesSent,
      update_failures: fanout.failures,
      missing_deliveries: fanout.missing,
      max_rate_p99_50ms: fanoutMaxRate,
      steps: fanoutSteps.map((step) => ({
        updates_per_s: step.rate,
        p99_ms: round1(step.p99),
        failures: step.errors,
        generator_bound: step.generatorBound,
        cpu: step.cpu,
      })),
      deliveries: fanout.latency.count,
      p50_ms: round1(fanout.latency.p50),
      p95_ms: round1(fanout.latency.p95),
      p99_ms: round1(fanout.latency.p99),
      max_ms: round1(fanout.latency.max),
      baseline_p50_ms: round1(baseline.latency.p50),
      baseline_p99_ms: round1(baseline.latency.p99),
      ratio_p99: round1(ratio),
      ...(settings.nodes > 1
        ? {
            same_node_p99_ms: round1(fanout.sameNode.p99),
            cross_node_p99_ms: round1(fanout.otherNodes.p99),
            cross_node_ratio_p99: round1(fanout.otherNodes.p99 / fanout.sameNode.p99),
          }
        : {}),
      server_cpu_percent: round1(fanout.server.cpuPercent),
      relay_cpu_percent: round1(baseline.server.otherPercent),
      server_cpu_us_per_delivery: round1(serverMicrosPerDelivery),
      relay_cpu_us_per_delivery: round1(relayMicrosPerDelivery),
      cpu_ratio_per_delivery: round1(serverMicrosPerDelivery / relayMicrosPerDelivery),
      database_cpu_percent: round1(fanout.server.postgresPercent),
      machine_cpu_percent: round1(fanout.server.machinePercent),
      generator_cpu_percent: round1(fanout.generatorCpu),
      generator_send_lag_p99_ms: round1(fanout.sendLag.p99),
      generator_bound: fanoutGeneratorBound,
    },
    orders: {
      offered_per_s: settings.orderRate,
      completed_per_s: round1(orders.completedPerSecond),
      p50_ms: round1(orders.latency.p50),
      p95_ms: round1(orders.latency.p95),
      p99_ms: round1(orders.latency.p99),
      max_ms: round1(orders.latency.max),
      errors: orders.errorCount,
      error_kinds: orders.errors,
      portfolio_events: orders.portfolioEvents,
      max_rate_p99_50ms: maxRate,
      steps: steps.map((s) => ({
        ...s,
        p99: round1(s.p99),
        completedPerSecond: round1(s.completedPerSecond),
      })),
      server_cpu_percent: round1(orders.server.cpuPercent),
      cpu_ms_per_order: {
        server: round1(orderCpuMs.server),
        database: round1(orderCpuMs.database),
        generators: round1(orderCpuMs.generators),
      },
      database_cpu_percent: round1(orders.server.postgresPercent),
      wal_flushes_per_s: round1(orders.server.walFlushesPerSecond),
      wal_flush_mean_ms: round1(orders.server.walFlushMeanMs),
      machine_cpu_percent: round1(orders.server.machinePercent),
      generator_cpu_percent: round1(orders.generatorCpu),
      generator_send_lag_p99_ms: round1(orders.sendLag.p99),
      generator_bound: ordersGeneratorBound,
    },
    sockets: {
      planned,
      connected,
      failures: connectFailures,
      rss_kib_per_socket: round1(rssPerSocket),
      ...(database.kind === 'pglite'
        ? {
            db_thread_kib_per_socket: round1(dbThreadKiBPerSocket),
            rss_kib_per_socket_less_db_thread: round1(rssLessDbThread),
          }
        : {}),
      heap_kib_per_socket: round1(heapPerSocket),
      server_rss_kib: kib(after.rss),
      server_processes: after.processes,
    },
    event_loop_p99_ms: round1(Math.max(fanout.server.loopP99Ms, orders.server.loopP99Ms)),
    ledger_ok: ledger.problems.length === 0,
    ledger_players: ledger.players,
    ledger_problems: ledger.problems.slice(0, 50),
    web: { login_js_gzip_kib: round1(loginKiB) },
    ...(profiles ? { profile: profiles } : {}),
    run_seconds: Math.round((performance.now() - runStarted) / 1000),
  };

  const flag = (bound: boolean) =>
    bound
      ? ' · GENERATOR-BOUND: the generators sent late (busy or starved of CPU), so the server was not the only limit'
      : '';
  printTable(
    `The Showdown bench · ${settings.mode} · ${databaseName} · ${settings.nodes} node(s) × WORKERS=${settings.workers} · ${machine.cpus} CPUs`,
    [
      [
        'fan-out',
        `${settings.games} games × ${seatsPerGame + settings.spectators} sockets, ${settings.games} updates/s, ${count(fanout.latency.count)} deliveries measured`,
      ],
      ['fan-out latency', `${percentiles(fanout.latency)}${flag(fanoutGeneratorBound)}`],
      ['bare relay latency', percentiles(baseline.latency)],
      [
        'ratio of p99s',
        `${ratio.toFixed(2)} × the bare relay (target ≤ 2 ×, and p99 ≤ ${P99_TARGET_MS} ms)`,
      ],
      [
        'fan-out max rate, p99 ≤ 50 ms',
        `${fanoutMaxRate} updates/s = ${fanoutMaxRate} tables at one update a second (steps: ${fanoutSteps.map((s) => `${s.rate}/s p99 ${ms(s.p99)}${s.errors ? ` ${s.errors} lost` : ''}`).join(', ') || 'none'})`,
      ],
      ...(settings.nodes > 1
        ? ([
            ['same node', percentiles(fanout.sameNode)],
            [
              'cross node',
              `${percentiles(fanout.otherNodes)} (${(fanout.otherNodes.p99 / fanout.sameNode.p99).toFixed(2)} × same node)`,
            ],
          ] as Array<[string, string]>)
        : []),
      [
        'fan-out failures',
        `updates: ${tallyText(fanout.failures)} · deliveries missing: ${count(fanout.missing)}`,
      ],
      [
        'orders offered',
        `${settings.orderRate}/s for ${settings.ordersSeconds} s: ${orders.completedPerSecond.toFixed(0)}/s completed`,
      ],
      ['order latency', `${percentiles(orders.latency)}${flag(ordersGeneratorBound)}`],
      ['order errors', tallyText(orders.errors)],
      [
        'orders max rate, p99 ≤ 50 ms',
        `${maxRate}/s (steps: ${steps.map((s) => `${s.rate}/s p99 ${ms(s.p99)}${s.errors ? ` ${s.errors} errors` : ''}`).join(', ') || 'none'})`,
      ],
      [
        'sockets',
        `${count(connected)} / ${count(planned)} connected · failures: ${tallyText(connectFailures)}`,
      ],
      [
        'server memory per socket',
        `RSS ${rssPerSocket.toFixed(1)} KiB${database.kind === 'pglite' ? ` (the embedded database's thread grew ${dbThreadKiBPerSocket.toFixed(1)} KiB of it; the rest ${rssLessDbThread.toFixed(1)} KiB)` : ''} · heap ${heapPerSocket.toFixed(1)} KiB (target ≤ 30 KiB)`,
      ],
      ['event-loop delay p99', `${ms(results.event_loop_p99_ms ?? NaN)} (worst server process)`],
      [
        'server CPU',
        `fan-out ${fanout.server.cpuPercent.toFixed(0)} % · orders ${orders.server.cpuPercent.toFixed(0)} % of one core (all processes)`,
      ],
      [
        'CPU per unit of work',
        `fan-out: server ${microsText(serverMicrosPerDelivery)}, bare relay ${microsText(relayMicrosPerDelivery)} per delivery (${(serverMicrosPerDelivery / relayMicrosPerDelivery).toFixed(1)} ×) · an order: server ${ms(orderCpuMs.server)}, PostgreSQL ${ms(orderCpuMs.database)}, generators ${ms(orderCpuMs.generators)}`,
      ],
      [
        'machine CPU',
        `fan-out ${percent(fanout.server.machinePercent)} · orders ${percent(orders.server.machinePercent)} of all ${machine.cpus} cores busy; PostgreSQL's processes: ${Number.isNaN(orders.server.postgresPercent) ? 'not on this machine (or PGlite, inside the server)' : `fan-out ${percent(fanout.server.postgresPercent)} · orders ${percent(orders.server.postgresPercent)} of one core`}`,
      ],
      [
        'generator CPU',
        `fan-out ${fanout.generatorCpu.toFixed(0)} % · orders ${orders.generatorCpu.toFixed(0)} % (busiest of ${settings.generators}); send lag p99 ${ms(fanout.sendLag.p99)} / ${ms(orders.sendLag.p99)}`,
      ],
      [
        'ledger',
        ledger.problems.length === 0
          ? `reconciled (${ledger.players} players)`
          : `${ledger.problems.length} mismatches`,
      ],
      ['/login initial JS', `${loginKiB.toFixed(1)} KiB gzipped (target ≤ 150 KiB)`],
      ...(profiles
        ? ([
            ['profile: fan-out', profiles.fanout ? profileLine(profiles.fanout) : 'none'],
            ['profile: orders', profiles.orders ? profileLine(profiles.orders) : 'none'],
          ] as Array<[string, string]>)
        : []),
    ],
  );
  if (profiles) {
    for (const [step, summary] of [
      ['fan-out', profiles.fanout],
      ['orders', profiles.orders],
    ] as const) {
      if (!summary) continue;
      console.log(
        `\nbusiest server process during ${step}: ${summary.busy_ms} ms busy; top functions:`,
      );
      for (const f of summary.by_function)
        console.log(`  ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`);
    }
    console.log(`profiles: ${profiles.dir}`);
  }
  for (const problem of ledger.problems.slice(0, 20)) console.log(`  ledger: ${problem}`);

  const outDir = path.resolve(root, settings.outDir ?? 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `${results.time.replace(/[:.]/g, '-')}-${settings.mode}-${databaseName}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(root, file)} · total ${results.run_seconds} s`);
  return ledger.problems.length === 0 ? 0 : 1;
}

async function main(): Promise<void> {
  let settings: BenchSettings;
  try {
    settings = parseBenchArgs(process.argv.slice(2), process.env, os.cpus().length);
  } catch (err) {
    console.error(err instanceof UsageError ? err.message : err);
    process.exit(2);
  }
  const cleanups: Array<() => Promise<void>> = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups) {
        await step().catch((err: unknown) => console.error('cleanup:', err));
      }
    })());
  const finish = async (code: number) => {
    const stuck = setTimeout(() => process.exit(code || 2), 30_000);
    await cleanUp();
    clearTimeout(stuck);
    process.exit(code);
  };
  let interrupted = false;
  const limitSeconds = settings.mode === 'full' ? 3600 : 900;
  const watchdog = setTimeout(() => {
    interrupted = true;
    console.error(`\nbench: still running after ${limitSeconds} s; giving up`);
    void finish(2);
  }, limitSeconds * 1000);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\nbench: ${signal}, cleaning up`);
      void finish(130);
    });
  }
  let code: number;
  try {
    code = await run(settings, cleanups);
  } catch (err) {
    if (interrupted) return;
    console.error('\nbench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    code = 2;
  }
  clearTimeout(watchdog);
  await finish(code);
}

await main();

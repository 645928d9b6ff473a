/**
 * `npm run bench`: a load benchmark of the real server. It starts the whole application in this
 * process on an ephemeral 127.0.0.1 port with a fresh database, seats games through the real OTP
 * sign-up, and drives the load from a separate process (load-client.ts). It measures and prints;
 * it asserts no timing. The one check that fails the run is the ledger reconciliation after the
 * orders (exit 1); a run that cannot complete exits 2.
 *
 * Environment (defaults in brackets):
 *   BENCH_SOCKETS [2000]      sockets: every seat of every game, the rest board spectators
 *   BENCH_ORDERS [3000]       orders fired by the investors once every game's phase is open
 *   BENCH_SECONDS [20]        time budget of each measured step (connecting gets twice that)
 *   BENCH_GAMES [sockets/40]  games of 7 seats (a broker and six investors)
 *   BENCH_ROUNDS [5]          rounds of one price update per game, for the delivery latency
 *   BENCH_BURST [4]           back-to-back price updates per game, for the delivery rate
 *   BENCH_CONCURRENCY [64]    orders in flight
 *   BENCH_DATABASE_URL        postgres://…: a fresh database on that server (dropped afterwards)
 *                             instead of in-memory PGlite; BENCH_POOL [20] is its pool size
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPhase, setupTable, type TableSetup } from '../../realtime-server/test/helpers/game.ts';
import { startTestServer, type TestServer } from '../../realtime-server/test/helpers/server.ts';
import { openBenchDatabase, type BenchDatabase } from './database.ts';
import type { Command, Ready, Reply, Request, Results, SocketPlan } from './ipc.ts';
import { reconcileLedger } from './ledger.ts';
import {
  count,
  inPool,
  mib,
  ms,
  percentiles,
  perSecond,
  printTable,
  tallyText,
  cpuMeter,
} from './stats.ts';

const SEATS_PER_GAME = 7;
const INVESTORS_PER_GAME = SEATS_PER_GAME - 1;
const CONNECTS_IN_FLIGHT = 100;

interface Settings {
  sockets: number;
  orders: number;
  seconds: number;
  games: number;
  rounds: number;
  burst: number;
  concurrency: number;
  poolSize: number;
  databaseUrl: string | undefined;
  notes: string[];
}

function readSettings(env: NodeJS.ProcessEnv): Settings {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got '${raw}')`);
      return fallback;
    }
    return value;
  };
  const sockets = int('BENCH_SOCKETS', 2000, SEATS_PER_GAME, 20_000);
  const notes: string[] = [];
  const maxGames = Math.floor(sockets / SEATS_PER_GAME);
  let games = int('BENCH_GAMES', Math.min(maxGames, Math.ceil(sockets / 40)), 1, 2_000);
  if (games > maxGames) {
    notes.push(`BENCH_GAMES lowered to ${maxGames}: ${sockets} sockets seat at most that many`);
    games = maxGames;
  }
  const settings: Settings = {
    sockets,
    orders: int('BENCH_ORDERS', 3000, 0, 1_000_000),
    // A trade phase lasts at most 180 s; the order firing must fit inside one.
    seconds: int('BENCH_SECONDS', 20, 5, 150),
    games,
    rounds: int('BENCH_ROUNDS', 5, 1, 100),
    burst: int('BENCH_BURST', 4, 0, 1000),
    concurrency: int('BENCH_CONCURRENCY', 64, 1, 1024),
    poolSize: int('BENCH_POOL', 20, 1, 200),
    databaseUrl: env.BENCH_DATABASE_URL?.trim() || undefined,
    notes,
  };
  if (settings.databaseUrl && !/^postgres(ql)?:\/\//.test(settings.databaseUrl)) {
    problems.push('BENCH_DATABASE_URL must start with postgres:// or postgresql://');
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return settings;
}

class UsageError extends Error {}

/** The load-client process and a typed request/answer channel to it. */
class LoadClient {
  private nextId = 1;
  private pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (err: Error) => void }
  >();

  private constructor(
    private readonly child: ChildProcess,
    readonly pid: number,
  ) {
    child.on('message', (message: Reply) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new Error(`load client: ${message.error}`));
    });
    child.on('exit', (code, signal) => {
      for (const waiting of this.pending.values()) {
        waiting.reject(new Error(`the load client exited (${signal ?? code})`));
      }
      this.pending.clear();
    });
  }

  static async start(): Promise<LoadClient> {
    const tsxLoader = createRequire(import.meta.url).resolve('tsx');
    const child = fork(path.join(import.meta.dirname, 'load-client.ts'), [], {
      execArgv: ['--import', tsxLoader],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const pid = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the load client did not start')), 30_000);
      child.once('message', (message: Ready) => {
        clearTimeout(timer);
        resolve(message.pid);
      });
      child.once('exit', (code) => reject(new Error(`the load client exited (${code})`)));
    });
    return new LoadClient(child, pid);
  }

  run<K extends Command['type']>(
    command: Extract<Command, { type: K }>,
    timeoutMs: number,
  ): Promise<Results[K]> {
    const id = this.nextId++;
    return new Promise<Results[K]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`load client: '${command.type}' got no answer in ${timeoutMs} ms`));
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

/** The server process's memory, after a collection when --expose-gc is on. */
function memory(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage();
}

const memoryText = (m: NodeJS.MemoryUsage) =>
  `rss ${mib(m.rss)} · heap ${mib(m.heapUsed)} · external ${mib(m.external)}`;

/** The server's event-loop delay and CPU while a step runs. */
function serverLoad() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu = cpuMeter();
  return () => {
    delay.disable();
    return `CPU ${cpu().toFixed(0)} % of a core · event-loop delay p99 ${ms(
      delay.percentile(99) / 1e6,
    )}, max ${ms(delay.max / 1e6)}`;
  };
}

/** Other work on the machine skews every figure; the load average says how much there was. */
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function machineFacts(): string {
  const cpus = os.cpus();
  return `${os.type()} ${os.release()} ${os.arch()} · ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'} · ${(
    os.totalmem() /
    1024 ** 3
  ).toFixed(1)} GiB RAM · node ${process.version}`;
}

const seconds = (msValue: number) => `${(msValue / 1000).toFixed(2)} s`;

async function run(settings: Settings, cleanups: Array<() => Promise<void>>): Promise<number> {
  const runStarted = performance.now();
  console.log('The Showdown load benchmark');
  console.log(`machine:  ${machineFacts()}`);
  console.log(`load avg: ${loadAverage()} (1 / 5 / 15 min) at the start`);

  const database: BenchDatabase = await openBenchDatabase(settings.databaseUrl, settings.poolSize);
  cleanups.push(() => database.close());
  const server: TestServer = await startTestServer({
    database,
    env: { LOG_LEVEL: 'silent', TRUST_PROXY: 'true' },
  });
  cleanups.unshift(() => server.close());
  const { db } = server.application.context;
  const version = (
    (await db.execute(sql`select version() as v`)) as unknown as {
      rows: Array<{ v: string }>;
    }
  ).rows[0]?.v;
  console.log(`database: ${database.label} · ${version?.split(' on ')[0] ?? '?'}`);

  const load = await LoadClient.start();
  cleanups.unshift(async () => {
    await load.run({ type: 'close' }, 5_000).catch(() => undefined);
    load.stop();
  });
  console.log(
    `server:   in this process (pid ${process.pid}) at ${server.url}, LOG_LEVEL silent · load: its own process (pid ${load.pid}), socket.io-client over websocket`,
  );
  console.log(
    `scale:    ${settings.sockets} sockets · ${settings.orders} orders · ${settings.seconds} s per step (connecting ${2 * settings.seconds} s) · ${settings.games} games · ${settings.rounds} rounds + a burst of ${settings.burst} per game · ${settings.concurrency} orders in flight`,
  );
  for (const note of settings.notes) console.log(`note:     ${note}`);

  // Setup (not measured): every game gets a broker and six investors through the real sign-up.
  const setupStarted = performance.now();
  const tables: TableSetup[] = [];
  const indexes = Array.from({ length: settings.games }, (_, index) => index);
  await inPool(indexes, 8, async (index) => {
    tables[index] = await setupTable(server, {
      investors: INVESTORS_PER_GAME,
      start: true,
      settings: { starting_funds: 500000, payday_increment: 100000, trade_phase_duration: 180 },
    });
  });
  const setupMs = performance.now() - setupStarted;
  console.log(
    `setup:    ${settings.games} games started, ${settings.games * SEATS_PER_GAME} users signed up through OTP in ${seconds(setupMs)}`,
  );
  const budgetMs = settings.seconds * 1000;

  // 1. Sockets and fan-out.
  const plan: SocketPlan[] = [];
  for (const t of tables) {
    for (const seat of [t.broker, ...t.investors]) {
      plan.push({ kind: 'seated', gameId: t.gameId, token: seat.token });
    }
  }
  const seated = plan.length;
  for (let i = 0; plan.length < settings.sockets; i++) {
    const t = tables[i % tables.length]!;
    plan.push({ kind: 'spectator', gameId: t.gameId, code: t.code });
  }
  const before = memory();
  const connectLoad = serverLoad();
  const connected = await load.run(
    {
      type: 'connect',
      url: server.url,
      sockets: plan,
      concurrency: CONNECTS_IN_FLIGHT,
      budgetMs: 2 * budgetMs,
    },
    2 * budgetMs + 30_000,
  );
  const connectServer = connectLoad();
  const after = memory();
  const serverSockets = server.application.io.engine.clientsCount;
  const perSocket = (bytes: number) =>
    connected.connected > 0 ? `${(bytes / connected.connected / 1024).toFixed(1)} KiB` : '–';

  const fanoutLoad = serverLoad();
  const fan = await load.run(
    {
      type: 'fanout',
      url: server.url,
      brokers: tables.map((t) => ({ gameId: t.gameId, token: t.broker.token })),
      rounds: settings.rounds,
      burstPerGame: settings.burst,
      budgetMs,
    },
    budgetMs + 30_000,
  );
  const fanoutServer = fanoutLoad();

  printTable(`1. Sockets and fan-out (${count(settings.sockets)} sockets)`, [
    [
      'sockets planned',
      `${count(plan.length)}: ${count(seated)} seated (${settings.games} games × 7) + ${count(plan.length - seated)} spectators`,
    ],
    [
      'connected and joined',
      `${count(connected.connected)} / ${count(connected.planned)}${connected.notAttempted ? ` (${count(connected.notAttempted)} not attempted: time budget)` : ''}`,
    ],
    ['connect failures', tallyText(connected.failures)],
    [
      'connect + join, all',
      `${seconds(connected.elapsedMs)} (${perSecond(connected.connected / (connected.elapsedMs / 1000), 'sockets')}, ${CONNECTS_IN_FLIGHT} at a time)`,
    ],
    ['connect + join, each', percentiles(connected.latency)],
    ['server sockets (engine)', count(serverSockets)],
    ['server memory before', memoryText(before)],
    ['server memory after', memoryText(after)],
    [
      'server heap per socket',
      `${perSocket(after.heapUsed - before.heapUsed)} (after a full GC; RSS moves with the allocator)`,
    ],
    ['server while connecting', connectServer],
    [
      'price updates (rounds)',
      `${fan.rounds} rounds × ${settings.games} brokers at once: ${count(fan.updates)} ok, failures: ${tallyText(fan.updateFailures)}`,
    ],
    ['price update REST call', percentiles(fan.restLatency)],
    ['REST call → price:updated', percentiles(fan.deliveryLatency)],
    ['first → last socket of a game', percentiles(fan.spread)],
    [
      'delivered (rounds)',
      `${count(fan.delivered)} / ${count(fan.expected)} (${perSecond(fan.roundRate, 'events')})`,
    ],
    [
      'burst',
      `${count(fan.burst.updates)} updates (${settings.burst} back to back per broker), failures: ${tallyText(fan.burst.failures)}`,
    ],
    [
      'delivered (burst)',
      `${count(fan.burst.delivered)} / ${count(fan.burst.expected)} in ${seconds(fan.burst.elapsedMs)} (${perSecond(fan.burst.rate, 'events')})`,
    ],
    ['server during fan-out', fanoutServer],
    [
      'load client CPU',
      `connect ${connected.cpuPercent.toFixed(0)} % · fan-out ${fan.cpuPercent.toFixed(0)} %`,
    ],
    ['machine load average', loadAverage()],
  ]);

  // 2. Orders, with every socket still connected (each accepted order pushes a portfolio).
  await inPool(tables, 8, async (t) => {
    await openPhase(t);
  });
  const investors = tables.flatMap((t) =>
    t.investors.map((i) => ({ gameId: t.gameId, token: i.token })),
  );
  const ordersLoad = serverLoad();
  const orders = await load.run(
    {
      type: 'orders',
      url: server.url,
      investors,
      count: settings.orders,
      concurrency: settings.concurrency,
      budgetMs,
    },
    budgetMs + 30_000,
  );
  const ordersServer = ordersLoad();
  const answered = orders.latency.count;
  const unanswered = orders.sent - answered;
  const ledger = await reconcileLedger(db, orders.ok, unanswered);

  printTable(`2. Orders (${count(settings.orders)} orders)`, [
    [
      'investors',
      `${count(investors.length)} in ${settings.games} games, trade phase open, sockets connected`,
    ],
    [
      'orders sent',
      `${count(orders.sent)} / ${count(orders.planned)}${orders.sent < orders.planned ? ' (time budget reached)' : ''}, ${settings.concurrency} in flight`,
    ],
    ['elapsed', seconds(orders.elapsedMs)],
    [
      'throughput',
      `${perSecond(answered / (orders.elapsedMs / 1000), 'orders')} answered · ${perSecond(orders.ok / (orders.elapsedMs / 1000), 'orders')} accepted`,
    ],
    ['order latency', percentiles(orders.latency)],
    [
      'accepted (200)',
      `${count(orders.ok)} (${count(orders.buys)} buys, ${count(orders.sells)} sells)`,
    ],
    ['refused / failed', tallyText(orders.refused)],
    ['portfolio:updated received', `${count(orders.portfolioEvents)} / ${count(orders.ok)}`],
    ['server during orders', ordersServer],
    ['load client CPU', `${orders.cpuPercent.toFixed(0)} %`],
    ['machine load average', loadAverage()],
  ]);

  console.log(`\ntotal run: ${seconds(performance.now() - runStarted)}`);
  if (ledger.problems.length === 0) {
    console.log(`ledger: reconciled (${ledger.players} players)`);
    return 0;
  }
  console.log(`ledger: ${ledger.problems.length} mismatches (${ledger.players} players)`);
  for (const problem of ledger.problems.slice(0, 50)) console.log(`  ${problem}`);
  if (ledger.problems.length > 50) console.log(`  … and ${ledger.problems.length - 50} more`);
  return 1;
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = readSettings(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
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
    const stuck = setTimeout(() => process.exit(code || 2), 15_000);
    await cleanUp();
    clearTimeout(stuck);
    process.exit(code);
  };

  let interrupted = false;
  // The benchmark always stops by itself, whatever hangs.
  const limitSeconds = 120 + 5 * settings.seconds;
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
    if (interrupted) return; // a signal or the watchdog is already finishing
    console.error('\nbench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    code = 2;
  }
  clearTimeout(watchdog);
  await finish(code);
}

await main();

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
 *   0. idle: every socket joined and nothing sent, the server's own CPU a second;
 *   1. fan-out: each broker updates a price once a second, staggered across the second;
 *   2. orders: investors trade at a fixed total rate, then a short step search for the highest
 *      rate with p99 ≤ 50 ms;
 *   3. baseline: the same fan-out through a bare Socket.IO relay, in this run;
 *   4. the ledger of every player reconciled against the recorded trades and paydays.
 * It prints a table and writes bench-results/<ISO time>-<mode>-<database>.json. It asserts no
 * timing: a failed reconciliation exits 1, a run that cannot complete exits 2.
 *
 * Each step is a module of its own: setup.ts, fanout.ts (sockets and fan-out), orders.ts,
 * baseline.ts and report.ts (the ledger, the table, the JSON).
 */
import os from 'node:os';
import { parseBenchArgs, UsageError, type BenchSettings } from './args.ts';
import { runBaseline } from './baseline.ts';
import { connectSockets, fanOut, measureIdle } from './fanout.ts';
import { placeOrders } from './orders.ts';
import { report } from './report.ts';
import { setUp } from './setup.ts';

/** The named steps, in order; each adds what it must clean up to `cleanups`. */
async function run(settings: BenchSettings, cleanups: Array<() => Promise<void>>): Promise<number> {
  const bench = await setUp(settings, cleanups);
  const sockets = await connectSockets(bench);
  const idle = await bench.profiled('idle', () => measureIdle(bench));
  const fanout = await fanOut(bench);
  const orders = await placeOrders(bench);
  const baseline = await runBaseline(bench);
  return report(bench, { sockets, idle, fanout, orders, baseline });
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

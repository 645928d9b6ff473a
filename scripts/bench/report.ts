/**
 * Step 5, report: the ledger of every player reconciled against the recorded trades and paydays
 * (with the servers stopped), then the table printed and the JSON written to
 * bench-results/<ISO time>-<mode>-<database>.json. A failed reconciliation answers 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { runBaseline } from './baseline.ts';
import { root } from './common.ts';
import type { connectSockets, fanOut, measureIdle } from './fanout.ts';
import { deriveFigures } from './figures.ts';
import { reconcileLedger } from './ledger.ts';
import type { placeOrders } from './orders.ts';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import { resultsJson, type Results } from './report-json.ts';
import { tableRows } from './report-table.ts';
import type { Bench } from './setup.ts';
import { printTable } from './stats.ts';

/** What the measured steps found. */
export interface Measured {
  sockets: Awaited<ReturnType<typeof connectSockets>>;
  idle: Awaited<ReturnType<typeof measureIdle>>;
  fanout: Awaited<ReturnType<typeof fanOut>>;
  orders: Awaited<ReturnType<typeof placeOrders>>;
  baseline: Awaited<ReturnType<typeof runBaseline>>;
}

export type Ledger = Awaited<ReturnType<typeof reconcileLedger>>;

/**
 * The summary of the busiest process's profile of one step (the primary only relays); with
 * `thread-` before the name, the busiest worker thread's (the embedded database's).
 */
export function busiestProfile(dir: string, name: string): ProfileSummary | undefined {
  let busiest: ProfileSummary | undefined;
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith(`${name}-`) || !file.endsWith('.cpuprofile')) continue;
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const summary = summariseProfile(profile);
    if (!busiest || summary.busy_ms > busiest.busy_ms) busiest = summary;
  }
  return busiest;
}

/** The profiled steps' summaries (bench.profiled names their files). */
function readProfiles(profileDir: string) {
  return {
    dir: path.relative(root, profileDir),
    idle: busiestProfile(profileDir, 'idle'),
    fanout: busiestProfile(profileDir, 'fanout'),
    rest_fanout: busiestProfile(profileDir, 'rest-fanout'),
    orders: busiestProfile(profileDir, 'orders'),
    rest_orders: busiestProfile(profileDir, 'rest-orders'),
    fanout_database_thread: busiestProfile(profileDir, 'thread-fanout'),
    orders_database_thread: busiestProfile(profileDir, 'thread-orders'),
  };
}
export type Profiles = ReturnType<typeof readProfiles>;

/** The ledger, with the servers stopped (PGlite's files belong to one process at a time). */
async function reconcile({ nodes, database }: Bench, placed: { ok: number; unknown: number }) {
  await Promise.all(nodes.map((n) => n.stop()));
  const ledgerDb = await database.open();
  try {
    return await reconcileLedger(ledgerDb.db, placed.ok, placed.unknown);
  } finally {
    await ledgerDb.close();
  }
}

/** Each profiled step's top functions, below the table. */
function printProfiles(profiles: Profiles): void {
  for (const [step, summary] of [
    ['busiest server process while idle', profiles.idle],
    ['busiest server process during fan-out', profiles.fanout],
    ['busiest server process during fan-out as REST', profiles.rest_fanout],
    ['busiest server process during orders', profiles.orders],
    ['busiest server process during orders as REST', profiles.rest_orders],
    ['embedded database thread during fan-out', profiles.fanout_database_thread],
    ['embedded database thread during orders', profiles.orders_database_thread],
  ] as const) {
    if (!summary) continue;
    console.log(`\n${step}: ${summary.busy_ms} ms busy; top functions:`);
    for (const f of summary.by_function)
      console.log(`  ${f.percent.toFixed(1).padStart(5)} %  ${f.name}`);
  }
  console.log(`profiles: ${profiles.dir}`);
}

/** bench-results/<ISO time>-<mode>-<database>.json (or --out's directory); its path. */
function writeResults(bench: Bench, results: Results): string {
  const outDir = path.resolve(root, bench.settings.outDir ?? 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(
    outDir,
    `${results.time.replace(/[:.]/g, '-')}-${results.mode}-${results.database}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

export async function report(bench: Bench, measured: Measured): Promise<number> {
  const { settings, machine } = bench;
  const { idle, fanout, orders, baseline } = measured;
  const ledger = await reconcile(bench, orders.placed);
  const profiles = bench.profileDir ? readProfiles(bench.profileDir) : undefined;
  const figures = deriveFigures({
    fanoutSeconds: settings.fanoutSeconds,
    socketsPerGame: bench.seatsPerGame + settings.spectators,
    idle: idle.server,
    fanout,
    baseline,
    carried: orders.carried,
    offered: orders,
  });
  const results = resultsJson(bench, measured, figures, ledger, profiles);
  printTable(
    `The Showdown bench · ${settings.mode} · ${bench.database.kind} · ${settings.nodes} node(s) × WORKERS=${settings.workers} · ${machine.cpus} CPUs`,
    tableRows(bench, measured, figures, ledger, profiles, results.event_loop_p99_ms ?? NaN),
  );
  if (profiles) printProfiles(profiles);
  for (const problem of ledger.problems.slice(0, 20)) console.log(`  ledger: ${problem}`);
  const file = writeResults(bench, results);
  console.log(`\nwritten: ${path.relative(root, file)} · total ${results.run_seconds} s`);
  return ledger.problems.length === 0 ? 0 : 1;
}

/**
 * Step 5, report: the ledger of every player reconciled against the recorded trades and paydays
 * (with the servers stopped), then the table printed and the JSON written to
 * bench-results/<ISO time>-<mode>-<database>.json. A failed reconciliation answers 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { runBaseline } from './baseline.ts';
import { kib, P99_TARGET_MS, root, round1 } from './common.ts';
import type { connectSockets, fanOut, measureIdle } from './fanout.ts';
import { reconcileLedger } from './ledger.ts';
import type { placeOrders } from './orders.ts';
import { profileLine, summariseProfile, type CpuProfile, type ProfileSummary } from './profile.ts';
import type { ThreadPercent } from './server-node.ts';
import type { Bench } from './setup.ts';
import { generatorBound, microsText, percent } from './step-cpu.ts';
import { count, ms, percentiles, printTable, tallyText } from './stats.ts';

/** What the measured steps found. */
export interface Measured {
  sockets: Awaited<ReturnType<typeof connectSockets>>;
  idle: Awaited<ReturnType<typeof measureIdle>>;
  fanout: Awaited<ReturnType<typeof fanOut>>;
  orders: Awaited<ReturnType<typeof placeOrders>>;
  baseline: Awaited<ReturnType<typeof runBaseline>>;
}

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

/** The table's lines for the embedded database's thread, when its profiles were recorded. */
function threadLines(profiles: {
  fanout_database_thread?: ProfileSummary;
  orders_database_thread?: ProfileSummary;
}): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  if (profiles.fanout_database_thread)
    lines.push(['profile: fan-out, database thread', profileLine(profiles.fanout_database_thread)]);
  if (profiles.orders_database_thread)
    lines.push(['profile: orders, database thread', profileLine(profiles.orders_database_thread)]);
  return lines;
}

export async function report(bench: Bench, measured: Measured): Promise<number> {
  const { settings, machine, database, nodes, profileDir, seatsPerGame, loginKiB, runStarted } =
    bench;
  const { sockets, idle, fanout, orders, baseline } = measured;
  const { planned, connected, connectFailures, rssPerSocket, heapPerSocket, after } = sockets;
  const { dbThreadKiBPerSocket, rssLessDbThread } = sockets;
  const { steps: fanoutSteps, maxRate: fanoutMaxRate } = fanout;
  const { steps, maxRate } = orders;
  const databaseName = database.kind;

  // The ledger, with the servers stopped (PGlite's files belong to one process at a time).
  await Promise.all(nodes.map((n) => n.stop()));
  const ledgerDb = await database.open();
  const ledger = await reconcileLedger(ledgerDb.db, orders.placed.ok, orders.placed.unknown);
  await ledgerDb.close();

  const profiles = profileDir
    ? {
        dir: path.relative(root, profileDir),
        idle: busiestProfile(profileDir, 'idle'),
        fanout: busiestProfile(profileDir, 'fanout'),
        orders: busiestProfile(profileDir, 'orders'),
        fanout_database_thread: busiestProfile(profileDir, 'thread-fanout'),
        orders_database_thread: busiestProfile(profileDir, 'thread-orders'),
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
  /** The server's CPU per unit of work (µs) by thread: see ThreadCpuUse. */
  const byThread = (server: { threadPercent: ThreadPercent }, perSecond: number) => ({
    main: microsPer(server.threadPercent.main, perSecond),
    busiestOther: microsPer(server.threadPercent.busiestOther, perSecond),
    rest: microsPer(server.threadPercent.rest, perSecond),
  });
  const byThreadJson = (t: ReturnType<typeof byThread>) => ({
    main_thread: round1(t.main),
    busiest_other_thread: round1(t.busiestOther),
    other_threads: round1(t.rest),
  });
  const byThreadText = (t: ReturnType<typeof byThread>) =>
    `main thread ${microsText(t.main)} · busiest other thread ${microsText(t.busiestOther)} · the other threads ${microsText(t.rest)}`;
  /** CPU per completed order (ms): the server's, PostgreSQL's and the generators'. */
  const orderCpu = (o: {
    server: { cpuPercent: number; postgresPercent: number; threadPercent: ThreadPercent };
    completedPerSecond: number;
    generatorCpuTotal: number;
  }) => ({
    server: microsPer(o.server.cpuPercent, o.completedPerSecond) / 1000,
    database: microsPer(o.server.postgresPercent, o.completedPerSecond) / 1000,
    generators: microsPer(o.generatorCpuTotal, o.completedPerSecond) / 1000,
    threads: byThread(o.server, o.completedPerSecond),
  });
  const orderCpuMs = orderCpu(orders);
  // The two command paths in the same run: the socket's (the web app's) and REST's.
  const socketsPerGame = seatsPerGame + settings.spectators;
  const updateThreads = byThread(fanout.server, deliveriesPerSecond(fanout) / socketsPerGame);
  const restMicrosPerDelivery = microsPer(
    fanout.rest.server.cpuPercent,
    deliveriesPerSecond(fanout.rest),
  );
  const carried = {
    rate: orders.carried.rate,
    socket: { run: orders.carried.socket, cpu: orderCpu(orders.carried.socket) },
    rest: { run: orders.carried.rest, cpu: orderCpu(orders.carried.rest) },
  };
  const carriedJson = (c: typeof carried.socket) => ({
    completed_per_s: round1(c.run.completedPerSecond),
    completed_share: round1((100 * c.run.completedPerSecond) / carried.rate),
    p50_ms: round1(c.run.latency.p50),
    p99_ms: round1(c.run.latency.p99),
    errors: c.run.errorCount,
    cpu_ms_per_order: {
      server: round1(c.cpu.server),
      database: round1(c.cpu.database),
      generators: round1(c.cpu.generators),
    },
    server_cpu_us_per_order_by_thread: byThreadJson(c.cpu.threads),
    generator_bound: generatorBound(c.run.sendLag.p99, c.run.generatorCpu),
  });
  const carriedText = (c: typeof carried.socket) =>
    `${c.run.completedPerSecond.toFixed(0)}/s done, p99 ${ms(c.run.latency.p99)}, errors ${c.run.errorCount}; CPU per order: server ${ms(c.cpu.server)}, PostgreSQL ${ms(c.cpu.database)}, generators ${ms(c.cpu.generators)}`;
  // The server's own CPU a second (idle, every socket joined) is shared by the work done at any
  // rate: its part of each table update at the fan-out's rate, and of each order at the carried
  // rate (if the idle work stays the same under load).
  const updatesPerSecond = deliveriesPerSecond(fanout) / socketsPerGame;
  const idleShare = {
    update: microsPer(idle.server.cpuPercent, updatesPerSecond),
    order: microsPer(idle.server.cpuPercent, carried.socket.run.completedPerSecond),
  };
  /**
   * The main threads' runs on a CPU (each wake-up of an event loop, each return after a
   * preemption) per unit of work, and the main thread's CPU per run (µs).
   */
  const runsPer = (
    server: { mainRunsPerSecond: number; threadPercent: ThreadPercent },
    perSecond: number,
  ) => ({
    perUnit: perSecond > 0 ? server.mainRunsPerSecond / perSecond : NaN,
    microsPerRun: microsPer(server.threadPercent.main, server.mainRunsPerSecond),
  });
  const runs = {
    idle: runsPer(idle.server, 1),
    update: runsPer(fanout.server, updatesPerSecond),
    order: runsPer(carried.socket.run.server, carried.socket.run.completedPerSecond),
  };
  const runsJson = (r: ReturnType<typeof runsPer>, unit: 's' | 'update' | 'order') => ({
    [`main_thread_runs_per_${unit}`]: round1(r.perUnit),
    main_thread_us_per_run: round1(r.microsPerRun),
  });
  const runsText = (r: ReturnType<typeof runsPer>) =>
    `${Number.isNaN(r.perUnit) ? '–' : r.perUnit.toFixed(1)} (${microsText(r.microsPerRun)} each)`;
  const percent1 = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} %`);
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
    idle: {
      seconds: idle.seconds,
      server_cpu_percent: round1(idle.server.cpuPercent),
      server_cpu_percent_by_thread: {
        main_thread: round1(idle.server.threadPercent.main),
        busiest_other_thread: round1(idle.server.threadPercent.busiestOther),
        other_threads: round1(idle.server.threadPercent.rest),
      },
      database_cpu_percent: round1(idle.server.postgresPercent),
      machine_cpu_percent: round1(idle.server.machinePercent),
      server_cpu_us_per_update_at_fanout_rate: round1(idleShare.update),
      server_cpu_us_per_order_at_carried_rate: round1(idleShare.order),
      ...runsJson(runs.idle, 's'),
    },
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
      server_cpu_us_per_update: round1(serverMicrosPerDelivery * socketsPerGame),
      server_cpu_us_per_update_by_thread: byThreadJson(updateThreads),
      ...runsJson(runs.update, 'update'),
      rest: {
        p99_ms: round1(fanout.rest.latency.p99),
        ratio_p99: round1(fanout.rest.latency.p99 / baseline.latency.p99),
        missing_deliveries: fanout.rest.missing,
        server_cpu_us_per_delivery: round1(restMicrosPerDelivery),
        server_cpu_us_per_update: round1(restMicrosPerDelivery * socketsPerGame),
        cpu_ratio_per_delivery: round1(restMicrosPerDelivery / relayMicrosPerDelivery),
        generator_bound: generatorBound(fanout.rest.sendLag.p99, fanout.rest.generatorCpu),
      },
      rest_to_socket_cpu_ratio: round1(restMicrosPerDelivery / serverMicrosPerDelivery),
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
      refusals: orders.refusalCount,
      refusal_kinds: orders.refusals,
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
      server_cpu_us_per_order_by_thread: byThreadJson(orderCpuMs.threads),
      database_cpu_percent: round1(orders.server.postgresPercent),
      wal_flushes_per_s: round1(orders.server.walFlushesPerSecond),
      wal_flush_mean_ms: round1(orders.server.walFlushMeanMs),
      machine_cpu_percent: round1(orders.server.machinePercent),
      generator_cpu_percent: round1(orders.generatorCpu),
      generator_send_lag_p99_ms: round1(orders.sendLag.p99),
      generator_bound: ordersGeneratorBound,
      carried: {
        offered_per_s: carried.rate,
        socket: { ...carriedJson(carried.socket), ...runsJson(runs.order, 'order') },
        rest: carriedJson(carried.rest),
        rest_to_socket_server_cpu_ratio: round1(
          carried.rest.cpu.server / carried.socket.cpu.server,
        ),
      },
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
      // --profile records these steps: the profiler's own CPU and pauses are in their figures
      // (the step searches and the offered orders run without it).
      ...(profileDir
        ? ([
            [
              'under the CPU profiler',
              `the idle window, the fan-out (socket and REST) and the orders at ${carried.rate}/s (socket and REST): their latency and CPU include the profiler's`,
            ],
          ] as Array<[string, string]>)
        : []),
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
        'fan-out, updates as REST',
        `${percentiles(fanout.rest.latency)} (${(fanout.rest.latency.p99 / baseline.latency.p99).toFixed(2)} × the relay's p99) · server ${microsText(restMicrosPerDelivery)} per delivery (${(restMicrosPerDelivery / relayMicrosPerDelivery).toFixed(1)} × the relay) · REST costs ${(restMicrosPerDelivery / serverMicrosPerDelivery).toFixed(2)} × the socket command's CPU`,
      ],
      [
        'CPU per table update',
        `server ${ms((serverMicrosPerDelivery * socketsPerGame) / 1000)} as a socket command, ${ms((restMicrosPerDelivery * socketsPerGame) / 1000)} as REST (one price move to ${socketsPerGame} sockets); bare relay ${ms((relayMicrosPerDelivery * socketsPerGame) / 1000)}`,
      ],
      [`orders at ${carried.rate}/s, socket`, carriedText(carried.socket)],
      [
        `orders at ${carried.rate}/s, REST`,
        `${carriedText(carried.rest)} · REST costs ${(carried.rest.cpu.server / carried.socket.cpu.server).toFixed(2)} × the socket command's server CPU`,
      ],
      [
        'orders offered',
        `${settings.orderRate}/s for ${settings.ordersSeconds} s: ${orders.completedPerSecond.toFixed(0)}/s completed`,
      ],
      ['order latency', `${percentiles(orders.latency)}${flag(ordersGeneratorBound)}`],
      ['order errors', tallyText(orders.errors)],
      ["orders the game's rules refused", tallyText(orders.refusals)],
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
        'server CPU by thread',
        `a table update: ${byThreadText(updateThreads)} · an order at ${carried.rate}/s: ${byThreadText(carried.socket.cpu.threads)} (the busiest other thread of a process is the embedded database's on PGlite, one of V8's helpers on PostgreSQL; the other threads: V8's garbage-collector and compiler helpers, libuv's pool)`,
      ],
      [
        'server CPU idle',
        `${percent1(idle.server.cpuPercent)} of one core over ${idle.seconds} s, every socket joined and nothing sent (main thread ${percent1(idle.server.threadPercent.main)}; PostgreSQL ${percent1(idle.server.postgresPercent)}): ${microsText(idleShare.update)} of each table update's ${microsText(serverMicrosPerDelivery * socketsPerGame)} at ${updatesPerSecond.toFixed(0)}/s, ${microsText(idleShare.order)} of each order's ${microsText(carried.socket.cpu.server * 1000)} at ${carried.socket.run.completedPerSecond.toFixed(0)}/s`,
      ],
      [
        'main thread wake-ups',
        `idle ${runsText(runs.idle)} a second · a table update at ${updatesPerSecond.toFixed(0)}/s ${runsText(runs.update)} · an order at ${carried.rate}/s ${runsText(runs.order)} (how often the server's main threads were put on a CPU: each wake-up of an event loop, each return after a preemption)`,
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
            ['profile: idle', profiles.idle ? profileLine(profiles.idle) : 'none'],
            ['profile: fan-out', profiles.fanout ? profileLine(profiles.fanout) : 'none'],
            ['profile: orders', profiles.orders ? profileLine(profiles.orders) : 'none'],
            ...threadLines(profiles),
          ] as Array<[string, string]>)
        : []),
    ],
  );
  if (profiles) {
    for (const [step, summary] of [
      ['busiest server process while idle', profiles.idle],
      ['busiest server process during fan-out', profiles.fanout],
      ['busiest server process during orders', profiles.orders],
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

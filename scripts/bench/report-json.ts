/** The run's figures as the JSON written to bench-results/ keeps them: one builder a section. */
import os from 'node:os';
import { kib, round1 } from './common.ts';
import type { CommandPaths, Figures, MovePath, OrderCpu, Runs, ThreadMicros } from './figures.ts';
import type { Ledger, Measured, Profiles } from './report.ts';
import type { Bench } from './setup.ts';
import { generatorBound } from './step-cpu.ts';

const byThreadJson = (t: ThreadMicros) => ({
  main_thread: round1(t.main),
  busiest_other_thread: round1(t.busiestOther),
  other_threads: round1(t.rest),
});

const runsJson = (r: Runs, unit: 's' | 'update' | 'order') => ({
  [`main_thread_runs_per_${unit}`]: round1(r.perUnit),
  main_thread_us_per_run: round1(r.microsPerRun),
});

const cpuPerOrderJson = (cpu: OrderCpu) => ({
  server: round1(cpu.server),
  database: round1(cpu.database),
  generators: round1(cpu.generators),
});

function idleJson({ idle }: Measured, figures: Figures) {
  return {
    seconds: idle.seconds,
    server_cpu_percent: round1(idle.server.cpuPercent),
    server_cpu_percent_by_thread: {
      main_thread: round1(idle.server.threadPercent.main),
      busiest_other_thread: round1(idle.server.threadPercent.busiestOther),
      other_threads: round1(idle.server.threadPercent.rest),
    },
    database_cpu_percent: round1(idle.server.postgresPercent),
    machine_cpu_percent: round1(idle.server.machinePercent),
    server_cpu_us_per_update_at_fanout_rate: round1(figures.idleShare.update),
    server_cpu_us_per_order_at_carried_rate: round1(figures.idleShare.order),
    ...runsJson(figures.runs.idle, 's'),
  };
}

function fanoutJson(bench: Bench, { fanout, baseline }: Measured, figures: Figures) {
  const { settings } = bench;
  const socketsPerGame = bench.seatsPerGame + settings.spectators;
  const { serverMicrosPerDelivery, relayMicrosPerDelivery, restMicrosPerDelivery } = figures;
  return {
    games: settings.games,
    sockets_per_game: socketsPerGame,
    updates_per_s: settings.games,
    updates_sent: fanout.updatesSent,
    update_failures: fanout.failures,
    missing_deliveries: fanout.missing,
    max_rate_p99_50ms: fanout.maxRate,
    steps: fanout.steps.map((step) => ({
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
    ratio_p99: round1(figures.paths.move.socket.p99ToRelay),
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
    cpu_ratio_per_delivery: round1(figures.paths.move.socket.cpuToRelay),
    server_cpu_us_per_update: round1(serverMicrosPerDelivery * socketsPerGame),
    server_cpu_us_per_update_by_thread: byThreadJson(figures.updateThreads),
    ...runsJson(figures.runs.update, 'update'),
    rest: {
      p99_ms: round1(fanout.rest.latency.p99),
      ratio_p99: round1(figures.paths.move.rest.p99ToRelay),
      missing_deliveries: fanout.rest.missing,
      server_cpu_us_per_delivery: round1(restMicrosPerDelivery),
      server_cpu_us_per_update: round1(restMicrosPerDelivery * socketsPerGame),
      cpu_ratio_per_delivery: round1(figures.paths.move.rest.cpuToRelay),
      generator_bound: generatorBound(fanout.rest.sendLag.p99, fanout.rest.generatorCpu),
    },
    rest_to_socket_cpu_ratio: round1(restMicrosPerDelivery / serverMicrosPerDelivery),
    database_cpu_percent: round1(fanout.server.postgresPercent),
    machine_cpu_percent: round1(fanout.server.machinePercent),
    generator_cpu_percent: round1(fanout.generatorCpu),
    generator_send_lag_p99_ms: round1(fanout.sendLag.p99),
    generator_bound: generatorBound(fanout.sendLag.p99, fanout.generatorCpu),
  };
}

type CarriedRun = Measured['orders']['carried']['socket'];

function carriedJson(run: CarriedRun, cpu: OrderCpu, rate: number) {
  return {
    completed_per_s: round1(run.completedPerSecond),
    completed_share: round1((100 * run.completedPerSecond) / rate),
    p50_ms: round1(run.latency.p50),
    p95_ms: round1(run.latency.p95),
    p99_ms: round1(run.latency.p99),
    errors: run.errorCount,
    error_kinds: run.errors,
    cpu_ms_per_order: cpuPerOrderJson(cpu),
    server_cpu_us_per_order_by_thread: byThreadJson(cpu.threads),
    generator_bound: generatorBound(run.sendLag.p99, run.generatorCpu),
  };
}

function ordersJson(bench: Bench, { orders }: Measured, figures: Figures) {
  const { socket, rest, rate } = figures.paths.orders;
  return {
    offered_per_s: bench.settings.orderRate,
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
    max_rate_p99_50ms: orders.maxRate,
    steps: orders.steps.map((s) => ({
      ...s,
      p99: round1(s.p99),
      completedPerSecond: round1(s.completedPerSecond),
    })),
    server_cpu_percent: round1(orders.server.cpuPercent),
    cpu_ms_per_order: cpuPerOrderJson(figures.orderCpu),
    server_cpu_us_per_order_by_thread: byThreadJson(figures.orderCpu.threads),
    database_cpu_percent: round1(orders.server.postgresPercent),
    wal_flushes_per_s: round1(orders.server.walFlushesPerSecond),
    wal_flush_mean_ms: round1(orders.server.walFlushMeanMs),
    machine_cpu_percent: round1(orders.server.machinePercent),
    generator_cpu_percent: round1(orders.generatorCpu),
    generator_send_lag_p99_ms: round1(orders.sendLag.p99),
    generator_bound: generatorBound(orders.sendLag.p99, orders.generatorCpu),
    carried: {
      offered_per_s: rate,
      socket: {
        ...carriedJson(orders.carried.socket, socket.cpu, rate),
        ...runsJson(figures.runs.order, 'order'),
      },
      rest: carriedJson(orders.carried.rest, rest.cpu, rate),
      rest_to_socket_server_cpu_ratio: round1(figures.paths.orders.restToSocketCpu),
    },
  };
}

const movePathJson = (m: MovePath) => ({
  p50_ms: round1(m.latency.p50),
  p95_ms: round1(m.latency.p95),
  p99_ms: round1(m.latency.p99),
  cpu_us_per_delivery: round1(m.cpuMicrosPerDelivery),
  p99_to_relay: round1(m.p99ToRelay),
  cpu_to_relay: round1(m.cpuToRelay),
});

/** The command paths side by side: a price move and an order, socket, REST and the relay. */
function pathsJson(paths: CommandPaths) {
  const ordersPath = (o: CommandPaths['orders']['socket']) => ({
    p50_ms: round1(o.latency.p50),
    p95_ms: round1(o.latency.p95),
    p99_ms: round1(o.latency.p99),
    server_cpu_ms_per_order: round1(o.cpu.server),
  });
  return {
    price_move: {
      relay: movePathJson(paths.move.relay),
      http_relay: movePathJson(paths.move.httpRelay),
      express_relay: movePathJson(paths.move.expressRelay),
      socket: movePathJson(paths.move.socket),
      rest: movePathJson(paths.move.rest),
      rest_to_express_relay_cpu: round1(paths.move.restToExpressRelayCpu),
    },
    orders: {
      per_s: paths.orders.rate,
      socket: ordersPath(paths.orders.socket),
      rest: ordersPath(paths.orders.rest),
      rest_to_socket_p99: round1(paths.orders.restToSocketP99),
      rest_to_socket_server_cpu: round1(paths.orders.restToSocketCpu),
    },
  };
}

function socketsJson(bench: Bench, { sockets }: Measured) {
  return {
    planned: sockets.planned,
    connected: sockets.connected,
    failures: sockets.connectFailures,
    rss_kib_per_socket: round1(sockets.rssPerSocket),
    ...(bench.database.kind === 'pglite'
      ? {
          db_thread_kib_per_socket: round1(sockets.dbThreadKiBPerSocket),
          rss_kib_per_socket_less_db_thread: round1(sockets.rssLessDbThread),
        }
      : {}),
    heap_kib_per_socket: round1(sockets.heapPerSocket),
    server_rss_kib: kib(sockets.after.rss),
    server_processes: sockets.after.processes,
  };
}

/** The whole JSON of the run. */
export function resultsJson(
  bench: Bench,
  measured: Measured,
  figures: Figures,
  ledger: Ledger,
  profiles: Profiles | undefined,
) {
  const { settings } = bench;
  const { fanout, orders } = measured;
  return {
    time: new Date().toISOString(),
    machine: bench.machine,
    load_average: os.loadavg(),
    mode: settings.mode,
    database: bench.database.kind,
    workers: settings.workers,
    nodes: settings.nodes,
    generators: settings.generators,
    idle: idleJson(measured, figures),
    fanout: fanoutJson(bench, measured, figures),
    orders: ordersJson(bench, measured, figures),
    command_paths: pathsJson(figures.paths),
    sockets: socketsJson(bench, measured),
    event_loop_p99_ms: round1(Math.max(fanout.server.loopP99Ms, orders.server.loopP99Ms)),
    ledger_ok: ledger.problems.length === 0,
    ledger_players: ledger.players,
    ledger_problems: ledger.problems.slice(0, 50),
    web: { login_js_gzip_kib: round1(bench.loginKiB) },
    ...(profiles ? { profile: profiles } : {}),
    run_seconds: Math.round((performance.now() - bench.runStarted) / 1000),
  };
}
export type Results = ReturnType<typeof resultsJson>;

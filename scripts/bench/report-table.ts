/** The run's table as the console shows it: one builder a group of rows. */
import { P99_TARGET_MS } from './common.ts';
import type { Figures, MovePath, OrderCpu, Runs, ThreadMicros } from './figures.ts';
import type { Ledger, Measured, Profiles } from './report.ts';
import { profileLine } from './profile.ts';
import type { Bench } from './setup.ts';
import { generatorBound, microsText, percent } from './step-cpu.ts';
import { count, ms, percentiles, tallyText } from './stats.ts';

type Row = [string, string];

const flag = (bound: boolean) =>
  bound
    ? ' · GENERATOR-BOUND: the generators sent late (busy or starved of CPU), so the server was not the only limit'
    : '';

const byThreadText = (t: ThreadMicros) =>
  `main thread ${microsText(t.main)} · busiest other thread ${microsText(t.busiestOther)} · the other threads ${microsText(t.rest)}`;

const runsText = (r: Runs) =>
  `${Number.isNaN(r.perUnit) ? '–' : r.perUnit.toFixed(1)} (${microsText(r.microsPerRun)} each)`;

const percent1 = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} %`);

const times = (ratio: number, digits = 2) =>
  Number.isFinite(ratio) ? `${ratio.toFixed(digits)} ×` : '–';

/** The fan-out of the socket commands, its step search and the bare relay. */
function fanoutRows(bench: Bench, { fanout, baseline }: Measured, figures: Figures): Row[] {
  const { settings } = bench;
  const socketsPerGame = bench.seatsPerGame + settings.spectators;
  const steps = fanout.steps
    .map((s) => `${s.rate}/s p99 ${ms(s.p99)}${s.errors ? ` ${s.errors} lost` : ''}`)
    .join(', ');
  return [
    [
      'fan-out',
      `${settings.games} games × ${socketsPerGame} sockets, ${settings.games} updates/s, ${count(fanout.latency.count)} deliveries measured`,
    ],
    [
      'fan-out latency',
      `${percentiles(fanout.latency)}${flag(generatorBound(fanout.sendLag.p99, fanout.generatorCpu))}`,
    ],
    ['bare relay latency', percentiles(baseline.latency)],
    [
      'ratio of p99s',
      `${times(figures.paths.move.socket.p99ToRelay)} the bare relay (target ≤ 2 ×, and p99 ≤ ${P99_TARGET_MS} ms)`,
    ],
    [
      'fan-out max rate, p99 ≤ 50 ms',
      `${fanout.maxRate} updates/s = ${fanout.maxRate} tables at one update a second (steps: ${steps || 'none'})`,
    ],
    ...(settings.nodes > 1
      ? ([
          ['same node', percentiles(fanout.sameNode)],
          [
            'cross node',
            `${percentiles(fanout.otherNodes)} (${times(fanout.otherNodes.p99 / fanout.sameNode.p99)} same node)`,
          ],
        ] as Row[])
      : []),
    [
      'fan-out failures',
      `updates: ${tallyText(fanout.failures)} · deliveries missing: ${count(fanout.missing)}${fanout.rest.missing ? ` (as REST: ${count(fanout.rest.missing)})` : ''}`,
    ],
  ];
}

const moveText = (m: MovePath, relay: boolean) =>
  `${percentiles(m.latency)} · CPU ${microsText(m.cpuMicrosPerDelivery)} per delivery${relay ? '' : ` · ${times(m.p99ToRelay)} the relay's p99, ${times(m.cpuToRelay, 1)} its CPU`}`;

const orderPathText = (latency: Measured['orders']['latency'], cpu: OrderCpu) =>
  `${percentiles(latency)} · CPU per order: server ${ms(cpu.server)}, PostgreSQL ${ms(cpu.database)}, generators ${ms(cpu.generators)}`;

/** A price move and an order through each command path, same run, and their ratios. */
function commandPathRows({ fanout, orders }: Measured, figures: Figures): Row[] {
  const { move, orders: paths } = figures.paths;
  const carried = orders.carried;
  const done = (run: typeof carried.socket) =>
    `${run.completedPerSecond.toFixed(0)}/s done, errors ${run.errorCount}${flag(generatorBound(run.sendLag.p99, run.generatorCpu))}`;
  return [
    ['price move, bare relay', moveText(move.relay, true)],
    ['price move, relay over node:http', moveText(move.httpRelay, false)],
    ['price move, relay over Express', moveText(move.expressRelay, false)],
    ['price move, socket command', moveText(move.socket, false)],
    [
      'price move, REST',
      `${moveText(move.rest, false)}${flag(generatorBound(fanout.rest.sendLag.p99, fanout.rest.generatorCpu))}`,
    ],
    [
      `orders at ${paths.rate}/s, socket`,
      `${orderPathText(paths.socket.latency, paths.socket.cpu)} · ${done(carried.socket)}`,
    ],
    [
      `orders at ${paths.rate}/s, REST`,
      `${orderPathText(paths.rest.latency, paths.rest.cpu)} · ${done(carried.rest)}`,
    ],
    [
      'REST against the socket',
      `price move: ${times(figures.restMicrosPerDelivery / figures.serverMicrosPerDelivery)} the CPU per delivery (${times(move.restToExpressRelayCpu)} the relay over Express) · orders: ${times(paths.restToSocketP99)} the p99, ${times(paths.restToSocketCpu)} the server's CPU per order (targets: REST orders p99 ≤ ${P99_TARGET_MS} ms; a REST price move within 3 × the relay's CPU per delivery and p99)`,
    ],
  ];
}

/** The orders at the offered rate and the step search. */
function orderRows(bench: Bench, { orders }: Measured): Row[] {
  const { settings } = bench;
  const steps = orders.steps
    .map((s) => `${s.rate}/s p99 ${ms(s.p99)}${s.errors ? ` ${s.errors} errors` : ''}`)
    .join(', ');
  return [
    [
      'orders offered',
      `${settings.orderRate}/s for ${settings.ordersSeconds} s: ${orders.completedPerSecond.toFixed(0)}/s completed`,
    ],
    [
      'order latency',
      `${percentiles(orders.latency)}${flag(generatorBound(orders.sendLag.p99, orders.generatorCpu))}`,
    ],
    ['order errors', tallyText(orders.errors)],
    ["orders the game's rules refused", tallyText(orders.refusals)],
    ['orders max rate, p99 ≤ 50 ms', `${orders.maxRate}/s (steps: ${steps || 'none'})`],
  ];
}

/** The server's memory and CPU: per socket, per unit of work, by thread, idle. */
function serverRows(bench: Bench, measured: Measured, figures: Figures, loopP99: number): Row[] {
  const { sockets, idle, fanout, orders } = measured;
  const socketsPerGame = bench.seatsPerGame + bench.settings.spectators;
  const { serverMicrosPerDelivery, relayMicrosPerDelivery, restMicrosPerDelivery } = figures;
  const carried = orders.carried.socket;
  const socketCpu = figures.paths.orders.socket.cpu;
  const pglite = bench.database.kind === 'pglite';
  return [
    [
      'sockets',
      `${count(sockets.connected)} / ${count(sockets.planned)} connected · failures: ${tallyText(sockets.connectFailures)}`,
    ],
    [
      'server memory per socket',
      `RSS ${sockets.rssPerSocket.toFixed(1)} KiB${pglite ? ` (the embedded database's thread grew ${sockets.dbThreadKiBPerSocket.toFixed(1)} KiB of it; the rest ${sockets.rssLessDbThread.toFixed(1)} KiB)` : ''} · heap ${sockets.heapPerSocket.toFixed(1)} KiB (target ≤ 30 KiB)`,
    ],
    ['event-loop delay p99', `${ms(loopP99)} (worst server process)`],
    [
      'server CPU',
      `fan-out ${fanout.server.cpuPercent.toFixed(0)} % · orders ${orders.server.cpuPercent.toFixed(0)} % of one core (all processes)`,
    ],
    [
      'CPU per table update',
      `server ${ms((serverMicrosPerDelivery * socketsPerGame) / 1000)} as a socket command, ${ms((restMicrosPerDelivery * socketsPerGame) / 1000)} as REST (one price move to ${socketsPerGame} sockets); bare relay ${ms((relayMicrosPerDelivery * socketsPerGame) / 1000)}`,
    ],
    [
      'CPU per unit of work',
      `fan-out: server ${microsText(serverMicrosPerDelivery)}, bare relay ${microsText(relayMicrosPerDelivery)} per delivery (${times(figures.paths.move.socket.cpuToRelay, 1)}) · an order: server ${ms(figures.orderCpu.server)}, PostgreSQL ${ms(figures.orderCpu.database)}, generators ${ms(figures.orderCpu.generators)}`,
    ],
    [
      'server CPU by thread',
      `a table update: ${byThreadText(figures.updateThreads)} · an order at ${orders.carried.rate}/s: ${byThreadText(socketCpu.threads)} (the busiest other thread of a process is the embedded database's on PGlite, one of V8's helpers on PostgreSQL; the other threads: V8's garbage-collector and compiler helpers, libuv's pool)`,
    ],
    [
      'server CPU idle',
      `${percent1(idle.server.cpuPercent)} of one core over ${idle.seconds} s, every socket joined and nothing sent (main thread ${percent1(idle.server.threadPercent.main)}; PostgreSQL ${percent1(idle.server.postgresPercent)}): ${microsText(figures.idleShare.update)} of each table update's ${microsText(serverMicrosPerDelivery * socketsPerGame)} at ${figures.updatesPerSecond.toFixed(0)}/s, ${microsText(figures.idleShare.order)} of each order's ${microsText(socketCpu.server * 1000)} at ${carried.completedPerSecond.toFixed(0)}/s`,
    ],
    [
      'main thread wake-ups',
      `idle ${runsText(figures.runs.idle)} a second · a table update at ${figures.updatesPerSecond.toFixed(0)}/s ${runsText(figures.runs.update)} · an order at ${orders.carried.rate}/s ${runsText(figures.runs.order)} (how often the server's main threads were put on a CPU: each wake-up of an event loop, each return after a preemption)`,
    ],
  ];
}

/** The machine around the server: its cores, PostgreSQL's processes, the generators. */
function machineRows(bench: Bench, { fanout, orders }: Measured): Row[] {
  const postgres = Number.isNaN(orders.server.postgresPercent)
    ? 'not on this machine (or PGlite, inside the server)'
    : `fan-out ${percent(fanout.server.postgresPercent)} · orders ${percent(orders.server.postgresPercent)} of one core`;
  return [
    [
      'machine CPU',
      `fan-out ${percent(fanout.server.machinePercent)} · orders ${percent(orders.server.machinePercent)} of all ${bench.machine.cpus} cores busy; PostgreSQL's processes: ${postgres}`,
    ],
    [
      'generator CPU',
      `fan-out ${fanout.generatorCpu.toFixed(0)} % · orders ${orders.generatorCpu.toFixed(0)} % (busiest of ${bench.settings.generators}); send lag p99 ${ms(fanout.sendLag.p99)} / ${ms(orders.sendLag.p99)}`,
    ],
  ];
}

/** The busiest process's profile of each profiled step, its largest areas. */
export const PROFILED_STEPS = [
  ['idle', 'idle'],
  ['fanout', 'fan-out'],
  ['rest_fanout', 'fan-out as REST'],
  ['orders', 'orders'],
  ['rest_orders', 'orders as REST'],
  ['fanout_database_thread', 'fan-out, database thread'],
  ['orders_database_thread', 'orders, database thread'],
] as const;

function profileRows(profiles: Profiles | undefined): Row[] {
  if (!profiles) return [];
  return PROFILED_STEPS.flatMap(([key, label]): Row[] => {
    const summary = profiles[key];
    return summary ? [[`profile: ${label}`, profileLine(summary)]] : [];
  });
}

/** Every row of the table, in the order printed. */
export function tableRows(
  bench: Bench,
  measured: Measured,
  figures: Figures,
  ledger: Ledger,
  profiles: Profiles | undefined,
  loopP99: number,
): Row[] {
  // --profile records these steps: the profiler's own CPU and pauses are in their figures
  // (the step searches and the offered orders run without it).
  const profiled: Row[] = profiles
    ? [
        [
          'under the CPU profiler',
          `the idle window, the fan-out (socket and REST) and the orders at ${measured.orders.carried.rate}/s (socket and REST): their latency and CPU include the profiler's`,
        ],
      ]
    : [];
  return [
    ...profiled,
    ...fanoutRows(bench, measured, figures),
    ...commandPathRows(measured, figures),
    ...orderRows(bench, measured),
    ...serverRows(bench, measured, figures, loopP99),
    ...machineRows(bench, measured),
    [
      'ledger',
      ledger.problems.length === 0
        ? `reconciled (${ledger.players} players)`
        : `${ledger.problems.length} mismatches`,
    ],
    ['/login initial JS', `${bench.loginKiB.toFixed(1)} KiB gzipped (target ≤ 150 KiB)`],
    ...profileRows(profiles),
  ];
}

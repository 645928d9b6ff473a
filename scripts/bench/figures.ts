/**
 * The figures the report derives from the measured steps: CPU per unit of work (a delivery, a
 * table update, an order), by thread, the idle work's share, and the command paths side by side
 * (the socket command, the REST call and the bare relay over Socket.IO, node:http and Express,
 * same run). Pure: no I/O.
 */
import type { Distribution } from './ipc.ts';
import type { ThreadPercent } from './server-node.ts';

/** What a measured server window says about the server's CPU (see measureServer). */
export interface ServerWindow {
  cpuPercent: number;
  postgresPercent: number;
  threadPercent: ThreadPercent;
  mainRunsPerSecond: number;
}

/** A fan-out run: every socket's receipts, and the server's CPU over the window. */
export interface FanoutRun {
  latency: Distribution;
  server: ServerWindow;
}

/** An orders run at a fixed rate through one command path. */
export interface OrdersRun {
  latency: Distribution;
  completedPerSecond: number;
  generatorCpuTotal: number;
  server: ServerWindow;
}

/** A fan-out through the bare relay: its process's CPU is `server.otherPercent`. */
export interface RelayRun {
  latency: Distribution;
  server: { otherPercent: number };
}

export interface FigureInputs {
  fanoutSeconds: number;
  socketsPerGame: number;
  /** The server with every socket joined and nothing sent. */
  idle: ServerWindow;
  /** The brokers' price moves as socket commands, and the same as REST calls. */
  fanout: FanoutRun & { rest: FanoutRun };
  /**
   * The same fan-out through the bare relay (its CPU is `server.otherPercent`), then with each
   * publish an HTTP call to node:http alone and to Express.
   */
  baseline: RelayRun & { http: RelayRun; express: RelayRun };
  /** Orders at the carried rate, as socket commands and as REST calls. */
  carried: { rate: number; socket: OrdersRun; rest: OrdersRun };
  /** The orders at the offered rate. */
  offered: OrdersRun;
}

/** CPU per unit of work (µs): percent of one core over the window over the work done a second. */
export const microsPer = (cpuPercentOfCore: number, perSecond: number) =>
  perSecond > 0 ? ((cpuPercentOfCore / 100) * 1e6) / perSecond : NaN;

/** The server's CPU per unit of work (µs) by thread: see ThreadCpuUse. */
export const byThread = (server: { threadPercent: ThreadPercent }, perSecond: number) => ({
  main: microsPer(server.threadPercent.main, perSecond),
  busiestOther: microsPer(server.threadPercent.busiestOther, perSecond),
  rest: microsPer(server.threadPercent.rest, perSecond),
});
export type ThreadMicros = ReturnType<typeof byThread>;

/** CPU per completed order (ms): the server's, PostgreSQL's and the generators'. */
export const orderCpu = (o: OrdersRun) => ({
  server: microsPer(o.server.cpuPercent, o.completedPerSecond) / 1000,
  database: microsPer(o.server.postgresPercent, o.completedPerSecond) / 1000,
  generators: microsPer(o.generatorCpuTotal, o.completedPerSecond) / 1000,
  threads: byThread(o.server, o.completedPerSecond),
});
export type OrderCpu = ReturnType<typeof orderCpu>;

/**
 * The main threads' runs on a CPU (each wake-up of an event loop, each return after a
 * preemption) per unit of work, and the main thread's CPU per run (µs).
 */
export const runsPer = (server: ServerWindow, perSecond: number) => ({
  perUnit: perSecond > 0 ? server.mainRunsPerSecond / perSecond : NaN,
  microsPerRun: microsPer(server.threadPercent.main, server.mainRunsPerSecond),
});
export type Runs = ReturnType<typeof runsPer>;

/** One command path of a price move: its fan-out latency and the server's CPU per delivery. */
export interface MovePath {
  latency: Distribution;
  cpuMicrosPerDelivery: number;
  /** Its p99 and its CPU per delivery over the bare relay's in the same run. */
  p99ToRelay: number;
  cpuToRelay: number;
}

/** The price move and the order through each command path, same run, with their ratios. */
export interface CommandPaths {
  move: {
    relay: MovePath;
    /** The relay with each publish an HTTP call: node:http alone, and Express. */
    httpRelay: MovePath;
    expressRelay: MovePath;
    socket: MovePath;
    rest: MovePath;
    /** The REST price move's CPU per delivery over the Express relay's: what the server adds. */
    restToExpressRelayCpu: number;
  };
  orders: {
    rate: number;
    socket: { latency: Distribution; cpu: OrderCpu };
    rest: { latency: Distribution; cpu: OrderCpu };
    /** REST over the socket command: p99, and the server's CPU per order. */
    restToSocketP99: number;
    restToSocketCpu: number;
  };
}

/** The price move and the order side by side (socket, REST, bare relay). */
export function commandPaths(inputs: FigureInputs): CommandPaths {
  const { fanout, baseline, carried, fanoutSeconds } = inputs;
  const deliveriesPerSecond = (d: { latency: Distribution }) => d.latency.count / fanoutSeconds;
  const relayCpuOf = (run: RelayRun) =>
    microsPer(run.server.otherPercent, deliveriesPerSecond(run));
  const relayCpu = relayCpuOf(baseline);
  const movePath = (latency: Distribution, cpu: number): MovePath => ({
    latency,
    cpuMicrosPerDelivery: cpu,
    p99ToRelay: latency.p99 / baseline.latency.p99,
    cpuToRelay: cpu / relayCpu,
  });
  const serverMove = (run: FanoutRun) =>
    movePath(run.latency, microsPer(run.server.cpuPercent, deliveriesPerSecond(run)));
  const relayMove = (run: RelayRun) => movePath(run.latency, relayCpuOf(run));
  const rest = serverMove(fanout.rest);
  const expressRelay = relayMove(baseline.express);
  const socketOrders = { latency: carried.socket.latency, cpu: orderCpu(carried.socket) };
  const restOrders = { latency: carried.rest.latency, cpu: orderCpu(carried.rest) };
  return {
    move: {
      relay: relayMove(baseline),
      httpRelay: relayMove(baseline.http),
      expressRelay,
      socket: serverMove(fanout),
      rest,
      restToExpressRelayCpu: rest.cpuMicrosPerDelivery / expressRelay.cpuMicrosPerDelivery,
    },
    orders: {
      rate: carried.rate,
      socket: socketOrders,
      rest: restOrders,
      restToSocketP99: restOrders.latency.p99 / socketOrders.latency.p99,
      restToSocketCpu: restOrders.cpu.server / socketOrders.cpu.server,
    },
  };
}

/** Everything the table and the JSON show beyond the raw measurements. */
export function deriveFigures(inputs: FigureInputs) {
  const { fanout, idle, carried, offered, socketsPerGame, fanoutSeconds } = inputs;
  const paths = commandPaths(inputs);
  const updatesPerSecond = fanout.latency.count / fanoutSeconds / socketsPerGame;
  const serverMicrosPerDelivery = paths.move.socket.cpuMicrosPerDelivery;
  return {
    paths,
    updatesPerSecond,
    serverMicrosPerDelivery,
    relayMicrosPerDelivery: paths.move.relay.cpuMicrosPerDelivery,
    restMicrosPerDelivery: paths.move.rest.cpuMicrosPerDelivery,
    updateThreads: byThread(fanout.server, updatesPerSecond),
    orderCpu: orderCpu(offered),
    // The server's own CPU a second (idle, every socket joined) is shared by the work done at
    // any rate: its part of each table update at the fan-out's rate, and of each order at the
    // carried rate (if the idle work stays the same under load).
    idleShare: {
      update: microsPer(idle.cpuPercent, updatesPerSecond),
      order: microsPer(idle.cpuPercent, carried.socket.completedPerSecond),
    },
    runs: {
      idle: runsPer(idle, 1),
      update: runsPer(fanout.server, updatesPerSecond),
      order: runsPer(carried.socket.server, carried.socket.completedPerSecond),
    },
  };
}
export type Figures = ReturnType<typeof deriveFigures>;

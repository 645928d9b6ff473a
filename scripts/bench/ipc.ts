/** The messages between the benchmark (server side) and its load-client process. */

/** One socket to open: a seated player who joins the game, or a spectator of the board. */
export type SocketPlan =
  | { kind: 'seated'; gameId: number; token: string }
  | { kind: 'spectator'; gameId: number; code: string };

export interface ActingPlayer {
  gameId: number;
  token: string;
}

/** Latency figures in milliseconds. */
export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface CpuFigures {
  /** CPU time of the process over the wall time of the step, in percent of one core. */
  cpuPercent: number;
}

export interface ConnectResult extends CpuFigures {
  planned: number;
  connected: number;
  notAttempted: number;
  failures: Record<string, number>;
  elapsedMs: number;
  latency: Distribution;
}

export interface FanoutResult extends CpuFigures {
  rounds: number;
  updates: number;
  updateFailures: Record<string, number>;
  restLatency: Distribution;
  deliveryLatency: Distribution;
  /** Per update: first to last socket of its game receiving it. */
  spread: Distribution;
  expected: number;
  delivered: number;
  /** Deliveries per second while the rounds ran (first REST call to last delivery of each). */
  roundRate: number;
  burst: {
    updates: number;
    failures: Record<string, number>;
    expected: number;
    delivered: number;
    elapsedMs: number;
    rate: number;
  };
}

export interface OrdersResult extends CpuFigures {
  planned: number;
  sent: number;
  ok: number;
  buys: number;
  sells: number;
  /** By outcome: "422 insufficient funds (valid refusal)", "409 CONFLICT …", "network: …". */
  refused: Record<string, number>;
  elapsedMs: number;
  latency: Distribution;
  portfolioEvents: number;
}

export interface Results {
  connect: ConnectResult;
  fanout: FanoutResult;
  orders: OrdersResult;
  close: null;
}

export type Command =
  | {
      type: 'connect';
      url: string;
      sockets: SocketPlan[];
      concurrency: number;
      budgetMs: number;
    }
  | {
      type: 'fanout';
      url: string;
      brokers: ActingPlayer[];
      rounds: number;
      burstPerGame: number;
      budgetMs: number;
    }
  | {
      type: 'orders';
      url: string;
      investors: ActingPlayer[];
      count: number;
      concurrency: number;
      budgetMs: number;
    }
  | { type: 'close' };

export interface Request {
  id: number;
  command: Command;
}

export type Reply =
  | { id: number; ok: true; result: Results[Command['type']] }
  | { id: number; ok: false; error: string };

/** Sent once by the load client when it is ready for commands. */
export interface Ready {
  ready: true;
  pid: number;
}

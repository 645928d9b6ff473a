/** The messages between the benchmark (main.ts) and its generator processes (generator.ts). */

/** One game as a generator drives it: its broker, its investors and its spectators. */
export interface GamePlan {
  gameId: number;
  code: string;
  /** Position among all games of the run: staggers its broker's updates across the second. */
  index: number;
  brokerToken: string;
  investorTokens: string[];
  spectators: number;
}

/** Latency figures in milliseconds. */
export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface ConnectResult {
  planned: number;
  connected: number;
  failures: Record<string, number>;
  elapsedMs: number;
}

export interface FanoutResult {
  /** Receipt minus scheduled time of the update, every socket, measured window only. */
  latencies: number[];
  /** The same for sockets on the node the brokers call (node 0) and on the other nodes. */
  sameNode: number[];
  otherNodes: number[];
  updatesSent: number;
  updateFailures: Record<string, number>;
  /** Late sends: actual send minus scheduled time (the generator's own lag). */
  sendLag: number[];
  /** Updates whose events some sockets never received before the end. */
  missing: number;
  cpuPercent: number;
}

export interface OrdersResult {
  offered: number;
  sent: number;
  ok: number;
  latencies: number[];
  sendLag: number[];
  errors: Record<string, number>;
  /** Orders the game's rules refused, by refusal code: answered as the rules say, no error. */
  refusals: Record<string, number>;
  /** Orders still unanswered when the step ended (counted as errors). */
  unanswered: number;
  /** Over the whole step, warm-up included: accepted, and of unknown outcome (for the ledger). */
  okTotal: number;
  unknownTotal: number;
  portfolioEvents: number;
  cpuPercent: number;
}

/** How the generators send a command: the REST route, or the socket's event with an ack. */
export type CommandPath = 'rest' | 'socket';

export interface Results {
  connect: ConnectResult;
  fanout: FanoutResult;
  orders: OrdersResult;
  close: null;
}

export type Command =
  | {
      type: 'connect';
      /** Socket URLs: the sockets are spread round-robin over them (one per node). */
      urls: string[];
      games: GamePlan[];
      /** 'server': the real protocol (join/spectate). 'relay': the bare relay's rooms. */
      target: 'server' | 'relay';
    }
  | {
      type: 'fanout';
      /**
       * Where the brokers' REST calls go: node 0, or for the relay its HTTP publish (relay.ts:
       * its address for node:http, with /express for the Express app).
       */
      restUrl: string;
      target: 'server' | 'relay';
      /** The brokers' price updates: REST calls or socket commands [socket]. */
      via?: CommandPath;
      totalGames: number;
      /** Games (index below this) that update, once a second each: the offered rate [all]. */
      activeGames?: number;
      /** performance.timeOrigin + now, in epoch ms, when update 0 of game index 0 is due. */
      startEpochMs: number;
      warmupMs: number;
      measureMs: number;
    }
  | {
      type: 'orders';
      restUrl: string;
      /** The investors' orders: REST calls or socket commands [socket]. */
      via?: CommandPath;
      /** Orders per second this process offers. */
      rate: number;
      startEpochMs: number;
      warmupMs: number;
      measureMs: number;
    }
  | { type: 'close' };

export interface Request {
  id: number;
  command: Command;
}

export type Reply =
  | { id: number; ok: true; result: Results[Command['type']] }
  | { id: number; ok: false; error: string };

/** Sent once by a generator when it is ready for commands. */
export interface Ready {
  ready: true;
  pid: number;
}

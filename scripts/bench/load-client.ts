/**
 * The load client: a process of its own (forked by main.ts) so that thousands of socket.io
 * clients and the order firing do not share the server's event loop. It opens the sockets,
 * drives the broker price updates and the investors' orders over real HTTP on 127.0.0.1, and
 * answers each command with its figures.
 */
import { io, type Socket } from 'socket.io-client';
import { COMPANIES } from '@showdown/shared/catalogue';
import { MSG } from '@showdown/shared/messages';
import {
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@showdown/shared/protocol';
import type {
  ActingPlayer,
  Command,
  ConnectResult,
  FanoutResult,
  OrdersResult,
  Reply,
  Request,
  Results,
  SocketPlan,
} from './ipc.ts';
import { cpuMeter, distribution, inPool, tally } from './stats.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface Device {
  socket: ClientSocket;
  gameId: number;
  /** The last fan-out round this socket saw, so a round counts each socket once. */
  round: number;
}

/** How long a REST call may take before the client gives up on it. */
const ANSWER_TIMEOUT_MS = 15_000;

const devices: Device[] = [];
let portfolioEvents = 0;

/** Where the current fan-out stands; the socket handlers report into it. */
const fanout = {
  round: -1,
  starts: new Map<number, number>(),
  /** First and last arrival in each game this round: how long one broadcast takes to spread. */
  arrivals: new Map<number, { first: number; last: number }>(),
  latencies: [] as number[],
  received: 0,
  lastAt: 0,
  burst: false,
  burstReceived: 0,
  wake: () => {},
};

const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Waits until `done()` holds, re-checking whenever an event arrives, at most until `deadline`. */
async function waitFor(done: () => boolean, deadline: number): Promise<void> {
  while (!done() && performance.now() < deadline) {
    await new Promise<void>((resolve) => {
      fanout.wake = resolve;
      setTimeout(resolve, 50);
    });
  }
}

function onPrice(device: Device, gameId: number) {
  const now = performance.now();
  if (fanout.burst) {
    fanout.burstReceived += 1;
    fanout.lastAt = now;
    fanout.wake();
    return;
  }
  const start = fanout.starts.get(gameId);
  if (start === undefined || device.round === fanout.round) return;
  device.round = fanout.round;
  fanout.latencies.push(now - start);
  const seen = fanout.arrivals.get(gameId);
  if (seen) seen.last = now;
  else fanout.arrivals.set(gameId, { first: now, last: now });
  fanout.received += 1;
  fanout.lastAt = now;
  fanout.wake();
}

async function openDevice(url: string, plan: SocketPlan): Promise<Device> {
  const socket: ClientSocket = io(url, {
    auth:
      plan.kind === 'seated'
        ? { token: plan.token, protocol: PROTOCOL_VERSION }
        : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
  });
  const device: Device = { socket, gameId: plan.gameId, round: -1 };
  socket.on('price:updated', (e) => onPrice(device, e.game_id));
  socket.on('portfolio:updated', () => {
    portfolioEvents += 1;
  });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (err) => reject(new Error(`connect_error ${err.message}`)));
      }),
      10_000,
      'connect',
    );
    const ack =
      plan.kind === 'seated'
        ? await socket.timeout(10_000).emitWithAck('game:join', { game_id: plan.gameId })
        : await socket.timeout(10_000).emitWithAck('board:spectate', { code: plan.code });
    if ('error' in ack) throw new Error(`${plan.kind} join refused: ${ack.error.code}`);
    return device;
  } catch (err) {
    socket.disconnect();
    throw err;
  }
}

async function connect(command: Extract<Command, { type: 'connect' }>): Promise<ConnectResult> {
  const cpu = cpuMeter();
  const started = performance.now();
  const deadline = started + command.budgetMs;
  const latencies: number[] = [];
  const failures: Record<string, number> = {};
  let notAttempted = 0;
  await inPool(command.sockets, command.concurrency, async (plan) => {
    if (performance.now() > deadline) {
      notAttempted += 1;
      return;
    }
    const t0 = performance.now();
    try {
      devices.push(await openDevice(command.url, plan));
      latencies.push(performance.now() - t0);
    } catch (err) {
      tally(failures, err instanceof Error ? err.message : String(err));
    }
  });
  return {
    planned: command.sockets.length,
    connected: latencies.length,
    notAttempted,
    failures,
    elapsedMs: performance.now() - started,
    latency: distribution(latencies),
    cpuPercent: cpu(),
  };
}

interface Answer {
  status: number;
  body: any;
}

async function call(url: string, token: string, method: string, body: unknown): Promise<Answer> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

const failureKey = (answer: Answer) =>
  `${answer.status} ${answer.body?.error?.code ?? ''} ${answer.body?.error?.message ?? ''}`.trim();

const errorKey = (err: unknown) => {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer in ${ANSWER_TIMEOUT_MS / 1000} s (client gave up)`;
  }
  const cause = err instanceof Error ? (err.cause as Error | undefined) : undefined;
  return `network: ${cause?.message || (err instanceof Error ? err.message : String(err))}`;
};

/** The broker moves one price by 1 %, up on even rounds and down on odd ones. */
function priceUpdate(url: string, broker: ActingPlayer, index: number) {
  return call(`${url}/api/game/${broker.gameId}/stocks`, broker.token, 'POST', {
    stock_id: COMPANIES[index % COMPANIES.length]!.id,
    operation: index % 2 === 0 ? '+' : '-',
    value: 1,
  });
}

async function runFanout(command: Extract<Command, { type: 'fanout' }>): Promise<FanoutResult> {
  const cpu = cpuMeter();
  const deadline = performance.now() + command.budgetMs;
  const socketsPerGame = new Map<number, number>();
  for (const d of devices) socketsPerGame.set(d.gameId, (socketsPerGame.get(d.gameId) ?? 0) + 1);
  const restLatencies: number[] = [];
  const spreads: number[] = [];
  const updateFailures: Record<string, number> = {};
  let updates = 0;
  let expected = 0;
  let roundSpanMs = 0;
  fanout.latencies = [];
  fanout.received = 0;

  // Rounds: every broker moves one price at once; each socket's delay is measured from the
  // moment its game's REST call was made.
  for (let round = 0; round < command.rounds && performance.now() < deadline; round++) {
    fanout.round = round;
    fanout.starts = new Map();
    fanout.arrivals = new Map();
    const receivedBefore = fanout.received;
    let expectedThisRound = 0;
    const firstStart = performance.now();
    await Promise.all(
      command.brokers.map(async (broker) => {
        const t0 = performance.now();
        fanout.starts.set(broker.gameId, t0);
        try {
          const answer = await priceUpdate(command.url, broker, round);
          restLatencies.push(performance.now() - t0);
          if (answer.status === 200) {
            updates += 1;
            expectedThisRound += socketsPerGame.get(broker.gameId) ?? 0;
          } else tally(updateFailures, failureKey(answer));
        } catch (err) {
          tally(updateFailures, errorKey(err));
        }
      }),
    );
    expected += expectedThisRound;
    await waitFor(
      () => fanout.received - receivedBefore >= expectedThisRound,
      Math.min(deadline, performance.now() + 10_000),
    );
    const complete = fanout.received - receivedBefore >= expectedThisRound;
    roundSpanMs +=
      (complete && expectedThisRound > 0 ? fanout.lastAt : performance.now()) - firstStart;
    for (const { first, last } of fanout.arrivals.values()) spreads.push(last - first);
    fanout.round = -1;
    fanout.starts = new Map();
    await sleep(100);
  }

  // Burst: every broker fires its updates back to back; only the delivery rate is measured.
  const burstFailures: Record<string, number> = {};
  let burstUpdates = 0;
  let burstExpected = 0;
  fanout.burst = true;
  fanout.burstReceived = 0;
  const burstStart = performance.now();
  await Promise.all(
    command.brokers.map(async (broker) => {
      for (let i = 0; i < command.burstPerGame && performance.now() < deadline; i++) {
        try {
          const answer = await priceUpdate(command.url, broker, i);
          if (answer.status === 200) {
            burstUpdates += 1;
            burstExpected += socketsPerGame.get(broker.gameId) ?? 0;
          } else tally(burstFailures, failureKey(answer));
        } catch (err) {
          tally(burstFailures, errorKey(err));
        }
      }
    }),
  );
  await waitFor(
    () => fanout.burstReceived >= burstExpected,
    Math.min(deadline + 5_000, performance.now() + 10_000),
  );
  const burstMs = Math.max(fanout.lastAt, burstStart) - burstStart;
  fanout.burst = false;

  return {
    rounds: command.rounds,
    updates,
    updateFailures,
    restLatency: distribution(restLatencies),
    deliveryLatency: distribution(fanout.latencies),
    spread: distribution(spreads),
    expected,
    delivered: fanout.received,
    roundRate: roundSpanMs > 0 ? fanout.received / (roundSpanMs / 1000) : NaN,
    burst: {
      updates: burstUpdates,
      failures: burstFailures,
      expected: burstExpected,
      delivered: fanout.burstReceived,
      elapsedMs: burstMs,
      rate: burstMs > 0 ? fanout.burstReceived / (burstMs / 1000) : NaN,
    },
    cpuPercent: cpu(),
  };
}

const refusalNames: Record<string, string> = {
  [MSG.INSUFFICIENT_FUNDS]: '422 insufficient funds (valid refusal)',
  [MSG.INSUFFICIENT_SHARES]: '422 insufficient shares (valid refusal)',
};

async function runOrders(command: Extract<Command, { type: 'orders' }>): Promise<OrdersResult> {
  const cpu = cpuMeter();
  const started = performance.now();
  const deadline = started + command.budgetMs;
  const eventsBefore = portfolioEvents;
  // What each investor believes it holds, from its last answer (other orders may be in flight).
  const holdings = command.investors.map(() => new Map<number, number>());
  const latencies: number[] = [];
  const refused: Record<string, number> = {};
  let sent = 0;
  let ok = 0;
  let buys = 0;
  let sells = 0;

  const order = async () => {
    const who = Math.floor(Math.random() * command.investors.length);
    const investor = command.investors[who]!;
    const held = [...holdings[who]!].filter(([, quantity]) => quantity > 0);
    const selling = held.length > 0 && Math.random() < 0.4;
    const [stockId, quantity] = selling
      ? (() => {
          const [id, has] = held[Math.floor(Math.random() * held.length)]!;
          return [id, 1 + Math.floor(Math.random() * has)];
        })()
      : [
          COMPANIES[Math.floor(Math.random() * COMPANIES.length)]!.id,
          1 + Math.floor(Math.random() * 40),
        ];
    const t0 = performance.now();
    try {
      const answer = await call(
        `${command.url}/api/game/${investor.gameId}/stocks/trade`,
        investor.token,
        'POST',
        { stock_id: stockId, trade_type: selling ? 1 : 0, quantity },
      );
      latencies.push(performance.now() - t0);
      if (answer.status === 200) {
        ok += 1;
        if (selling) sells += 1;
        else buys += 1;
        const mine = new Map<number, number>();
        for (const row of answer.body.data.portfolio_data as Array<{
          stock_id: number;
          total_quantity: number;
        }>) {
          mine.set(row.stock_id, row.total_quantity);
        }
        holdings[who] = mine;
      } else {
        tally(refused, refusalNames[answer.body?.error?.message] ?? failureKey(answer));
      }
    } catch (err) {
      tally(refused, errorKey(err));
    }
  };

  await Promise.all(
    Array.from({ length: command.concurrency }, async () => {
      while (sent < command.count && performance.now() < deadline) {
        sent += 1;
        await order();
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  // Every accepted order sends its investor's socket one portfolio:updated.
  await waitFor(() => portfolioEvents - eventsBefore >= ok, performance.now() + 3_000);
  return {
    planned: command.count,
    sent,
    ok,
    buys,
    sells,
    refused,
    elapsedMs,
    latency: distribution(latencies),
    portfolioEvents: portfolioEvents - eventsBefore,
    cpuPercent: cpu(),
  };
}

async function execute(command: Command): Promise<Results[Command['type']]> {
  switch (command.type) {
    case 'connect':
      return connect(command);
    case 'fanout':
      return runFanout(command);
    case 'orders':
      return runOrders(command);
    case 'close':
      for (const d of devices.splice(0)) d.socket.disconnect();
      return null;
  }
}

function send(message: unknown): void {
  process.send?.(message);
}

process.on('message', (message: Request) => {
  execute(message.command).then(
    (result) => send({ id: message.id, ok: true, result } satisfies Reply),
    (err: unknown) =>
      send({
        id: message.id,
        ok: false,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies Reply),
  );
});
// The benchmark owns this process: when it goes away, so does the load.
process.on('disconnect', () => process.exit(0));
send({ ready: true, pid: process.pid });

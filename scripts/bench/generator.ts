/**
 * A load generator: a process of its own (main.ts forks several) so that thousands of
 * socket.io clients and the request firing do not share the server's event loop, nor one
 * generator's. It drives its share of the games open-loop: every action has a scheduled time,
 * and its latency is measured from that time, not from when the generator got round to it (no
 * coordinated omission). How late the generator itself sent (`sendLag`) tells whether it, not
 * the server, was the bottleneck.
 */
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { COMPANIES } from '@showdown/shared/catalogue';
import { PROTOCOL_VERSION } from '@showdown/shared/protocol';
import type { CommandAck, SocketCommandName } from '@showdown/shared/commands';
import type {
  Command,
  ConnectResult,
  FanoutResult,
  GamePlan,
  OrdersResult,
  Reply,
  Request,
  Results,
} from './ipc.ts';
import { HeldShares, refusalOf } from './held-shares.ts';
import { cpuMeter, inPool, tally } from './stats.ts';

const ANSWER_TIMEOUT_MS = 10_000;
const CONNECTS_IN_FLIGHT = 50;
/** After the last scheduled action: how long answers and events may still arrive. */
const SETTLE_MS = 5_000;

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));

/** Waits until `epochMs` (to the millisecond timers allow). */
async function until(epochMs: number): Promise<void> {
  const wait = epochMs - epochNow();
  if (wait >= 1) await sleep(wait);
}

interface Scheduled {
  due: number;
  measured: boolean;
}

interface Game {
  plan: GamePlan;
  /** Updates sent (or in flight) for this game, in order: the n-th event answers the n-th. */
  sent: Scheduled[];
  inFlight: boolean;
  queue: Scheduled[];
  broker?: Socket;
}

interface Device {
  socket: Socket;
  game: Game;
  node: number;
  received: number;
}

interface Investor {
  gameId: number;
  token: string;
  /** The shares this generator's answers confirmed, less sells in flight. */
  held: HeldShares;
  busy: boolean;
  /** Its device's socket, which sends its orders as socket commands. */
  socket?: Socket;
}

let games: Game[] = [];
const devices: Device[] = [];
let investors: Investor[] = [];
let portfolioEvents = 0;
/** Where receipts go while a fan-out runs. */
let onReceipt: (device: Device, at: number) => void = () => {};

/**
 * Answers still awaited, each with its deadline: one sweep a tick expires the late ones, instead
 * of a timer (or an AbortSignal.timeout) per request.
 */
const awaiting = new Set<{ deadline: number; expire: () => void }>();
setInterval(() => {
  const now = epochNow();
  for (const entry of awaiting) {
    if (entry.deadline > now) continue;
    awaiting.delete(entry);
    entry.expire();
  }
}, 100).unref();

function answerTimeout(): Error {
  return Object.assign(new Error('no answer'), { name: 'TimeoutError' });
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function openSocket(
  url: string,
  game: Game,
  node: number,
  who: { token?: string; role: 'broker' | 'investor' | 'spectator' },
  target: 'server' | 'relay',
): Promise<Device> {
  const socket = io(url, {
    auth:
      target === 'server' && who.token
        ? { token: who.token, protocol: PROTOCOL_VERSION }
        : { protocol: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 15_000,
  });
  const device: Device = { socket, game, node, received: 0 };
  socket.on('price:updated', () => onReceipt(device, epochNow()));
  if (who.role === 'investor') {
    socket.on('portfolio:updated', () => {
      portfolioEvents += 1;
    });
  }
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', (err) => reject(new Error(`connect_error ${err.message}`)));
      }),
      15_000,
      'connect',
    );
    const ack: { error?: { code: string } } =
      target === 'relay'
        ? await socket.timeout(15_000).emitWithAck('join', `g${game.plan.gameId}`)
        : who.role === 'spectator'
          ? await socket.timeout(15_000).emitWithAck('board:spectate', { code: game.plan.code })
          : await socket.timeout(15_000).emitWithAck('game:join', { game_id: game.plan.gameId });
    if (ack && 'error' in ack && ack.error) {
      throw new Error(`${who.role} join refused: ${ack.error.code}`);
    }
    return device;
  } catch (err) {
    socket.disconnect();
    throw err;
  }
}

async function connect(command: Extract<Command, { type: 'connect' }>): Promise<ConnectResult> {
  const started = performance.now();
  closeAll();
  games = command.games.map((plan) => ({ plan, sent: [], inFlight: false, queue: [] }));
  investors = command.games.flatMap((plan) =>
    plan.investorTokens.map((token) => ({
      gameId: plan.gameId,
      token,
      held: new HeldShares(),
      busy: false,
    })),
  );
  const jobs: Array<{ game: Game; token?: string; role: 'broker' | 'investor' | 'spectator' }> = [];
  for (const game of games) {
    jobs.push({ game, token: game.plan.brokerToken, role: 'broker' });
    for (const token of game.plan.investorTokens) jobs.push({ game, token, role: 'investor' });
    for (let i = 0; i < game.plan.spectators; i++) jobs.push({ game, role: 'spectator' });
  }
  const byToken = new Map(investors.map((investor) => [investor.token, investor]));
  const failures: Record<string, number> = {};
  await inPool(jobs, CONNECTS_IN_FLIGHT, async (job, index) => {
    const node = index % command.urls.length;
    try {
      const device = await openSocket(command.urls[node]!, job.game, node, job, command.target);
      devices.push(device);
      if (job.role === 'broker') job.game.broker = device.socket;
      if (job.role === 'investor' && job.token) byToken.get(job.token)!.socket = device.socket;
    } catch (err) {
      tally(failures, err instanceof Error ? err.message : String(err));
    }
  });
  return {
    planned: jobs.length,
    connected: devices.length,
    failures,
    elapsedMs: performance.now() - started,
  };
}

interface Answer {
  status: number;
  body: any;
}

/**
 * The REST client's connections: kept alive and reused, as a third-party client's HTTP library
 * does. node:http costs the generator a fraction of fetch's CPU per call; on a machine the
 * generators share with the server, fetch's own cost was billed to the server's latency.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(url: string, token: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', settle);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            parsed = text;
          }
          settle(undefined, { status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    const entry = {
      deadline: epochNow() + ANSWER_TIMEOUT_MS,
      expire: () => req.destroy(answerTimeout()),
    };
    let settled = false;
    function settle(err: Error | undefined, answer?: Answer) {
      if (settled) return;
      settled = true;
      awaiting.delete(entry);
      if (err) reject(err.name === 'TimeoutError' ? err : new Error(err.message, { cause: err }));
      else resolve(answer!);
    }
    awaiting.add(entry);
    req.on('error', (err) => settle(err));
    req.end(payload);
  });
}

/** A socket command (shared/src/commands.ts), its answer in the shape of the REST answer. */
function sendCommand(
  socket: Socket | undefined,
  name: SocketCommandName,
  payload: unknown,
): Promise<Answer> {
  if (!socket) return Promise.reject(new Error('no socket'));
  return new Promise((resolve, reject) => {
    const entry = {
      deadline: epochNow() + ANSWER_TIMEOUT_MS,
      expire: () => reject(answerTimeout()),
    };
    awaiting.add(entry);
    socket.emit(name, payload, (ack: CommandAck<unknown>) => {
      awaiting.delete(entry);
      resolve(
        'error' in ack
          ? { status: ack.error.status, body: { success: false, error: ack.error } }
          : { status: 200, body: { success: true, data: ack.data, message: ack.message } },
      );
    });
  });
}

const failureKey = (answer: Answer) =>
  `${answer.status} ${answer.body?.error?.code ?? ''} ${answer.body?.error?.message ?? ''}`.trim();

const errorKey = (err: unknown) => {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return `no answer in ${ANSWER_TIMEOUT_MS / 1000} s`;
  }
  const cause = err instanceof Error ? (err.cause as Error | undefined) : undefined;
  return `network: ${cause?.message || (err instanceof Error ? err.message : String(err))}`;
};

async function runFanout(command: Extract<Command, { type: 'fanout' }>): Promise<FanoutResult> {
  const cpu = cpuMeter();
  const via = command.via ?? 'socket';
  const latencies: number[] = [];
  const sameNode: number[] = [];
  const otherNodes: number[] = [];
  const sendLag: number[] = [];
  const updateFailures: Record<string, number> = {};
  let updatesSent = 0;
  for (const game of games) {
    game.sent = [];
    game.queue = [];
  }
  for (const device of devices) device.received = 0;
  onReceipt = (device, at) => {
    const update = device.game.sent[device.received++];
    if (!update?.measured) return;
    const latency = at - update.due;
    latencies.push(latency);
    (device.node === 0 ? sameNode : otherNodes).push(latency);
  };

  const fire = (game: Game, update: Scheduled, queued = false) => {
    game.inFlight = true;
    // Only the scheduler's own lateness: an update queued behind its game's previous one
    // waited for the server, which its latency (from the scheduled time) already counts.
    if (update.measured && !queued) sendLag.push(epochNow() - update.due);
    game.sent.push(update);
    updatesSent += 1;
    const k = game.sent.length;
    const done = (failure?: string) => {
      if (failure) {
        game.sent.pop(); // the one in flight: it emitted nothing
        tally(updateFailures, failure);
      }
      game.inFlight = false;
      const next = game.queue.shift();
      if (next) fire(game, next, true);
    };
    /** Done once the call answers: a failure when it is not a 200 or did not answer at all. */
    const settleOn = (answer: Promise<Answer>) =>
      answer.then(
        (a) => done(a.status === 200 ? undefined : failureKey(a)),
        (err: unknown) => done(errorKey(err)),
      );
    if (command.target === 'relay') {
      const room = `g${game.plan.gameId}`;
      const published = {
        game_id: game.plan.gameId,
        stock_id: COMPANIES[k % COMPANIES.length]!.id,
        seq: k,
      };
      if (via === 'socket') {
        game.broker?.emit('publish', room, published);
        done();
        return;
      }
      // The relay's HTTP publish (relay.ts): node:http alone, or Express at restUrl's /express.
      void settleOn(call(`${command.restUrl}/publish/${room}`, game.plan.brokerToken, published));
      return;
    }
    const move = {
      stock_id: COMPANIES[k % COMPANIES.length]!.id,
      operation: k % 2 === 0 ? '+' : '-',
      value: 1,
    };
    void settleOn(
      via === 'socket'
        ? sendCommand(game.broker, 'price:update', { game_id: game.plan.gameId, ...move })
        : call(
            `${command.restUrl}/api/game/${game.plan.gameId}/stocks`,
            game.plan.brokerToken,
            move,
          ),
    );
  };

  const active = command.activeGames ?? command.totalGames;
  const order = [...games]
    .filter((g) => g.plan.index < active)
    .sort((a, b) => a.plan.index - b.plan.index);
  const end = command.startEpochMs + command.warmupMs + command.measureMs;
  const measuredFrom = command.startEpochMs + command.warmupMs;
  for (let round = 0; ; round++) {
    const roundStart = command.startEpochMs + round * 1000;
    if (roundStart >= end) break;
    for (const game of order) {
      const due = roundStart + (game.plan.index / active) * 1000;
      if (due >= end) break;
      await until(due);
      const update = { due, measured: due >= measuredFrom };
      if (game.inFlight) game.queue.push(update);
      else fire(game, update);
    }
  }
  const settleBy = epochNow() + SETTLE_MS;
  const allIn = () =>
    games.every((g) => !g.inFlight && g.queue.length === 0) &&
    devices.every((d) => d.received >= d.game.sent.length);
  while (!allIn() && epochNow() < settleBy) await sleep(50);
  let missing = 0;
  for (const d of devices) missing += Math.max(0, d.game.sent.length - d.received);
  onReceipt = () => {};
  return {
    latencies,
    sameNode,
    otherNodes,
    updatesSent,
    updateFailures,
    sendLag,
    missing,
    cpuPercent: cpu(),
  };
}

async function runOrders(command: Extract<Command, { type: 'orders' }>): Promise<OrdersResult> {
  const cpu = cpuMeter();
  const via = command.via ?? 'socket';
  const latencies: number[] = [];
  const sendLag: number[] = [];
  const errors: Record<string, number> = {};
  /** Orders the game's rules refused, by code (e.g. INSUFFICIENT_FUNDS): answers, not errors. */
  const refusals: Record<string, number> = {};
  const eventsBefore = portfolioEvents;
  let sent = 0;
  let ok = 0;
  let okTotal = 0;
  let networkFailures = 0;
  let inFlight = 0;
  let next = 0;
  const measuredFrom = command.startEpochMs + command.warmupMs;
  const end = measuredFrom + command.measureMs;
  const interval = 1000 / command.rate;

  const pick = (): Investor => {
    for (let tries = 0; tries < investors.length; tries++) {
      const candidate = investors[next++ % investors.length]!;
      if (!candidate.busy) return candidate;
    }
    return investors[next++ % investors.length]!;
  };

  const fire = (due: number) => {
    const measured = due >= measuredFrom;
    if (measured) {
      sendLag.push(epochNow() - due);
      sent += 1;
    }
    const investor = pick();
    investor.busy = true;
    inFlight += 1;
    // A sell only of a share this investor holds and no order in flight is selling.
    const sellable = investor.held.sellable();
    const selling = sellable.length > 0 && Math.random() < 0.5;
    const stockId = selling
      ? sellable[Math.floor(Math.random() * sellable.length)]!
      : COMPANIES[Math.floor(Math.random() * COMPANIES.length)]!.id;
    if (selling) investor.held.reserve(stockId, 1);
    const order = { stock_id: stockId, trade_type: selling ? 1 : 0, quantity: 1 };
    (via === 'socket'
      ? sendCommand(investor.socket, 'order:place', { game_id: investor.gameId, ...order })
      : call(`${command.restUrl}/api/game/${investor.gameId}/stocks/trade`, investor.token, order)
    ).then(
      (answer) => {
        const refusal = answer.status === 200 ? undefined : refusalOf(answer);
        if (answer.status === 200) {
          if (!selling) investor.held.bought(stockId, 1);
          okTotal += 1;
        } else if (selling && refusal !== 'INSUFFICIENT_SHARES') {
          // Not sold (refused or failed in the server): the share is free again.
          investor.held.release(stockId, 1);
        }
        if (measured) {
          latencies.push(epochNow() - due);
          if (answer.status === 200) ok += 1;
          else if (refusal) tally(refusals, refusal);
          else tally(errors, failureKey(answer));
        }
        investor.busy = false;
        inFlight -= 1;
      },
      (err: unknown) => {
        networkFailures += 1;
        if (measured) tally(errors, errorKey(err));
        investor.busy = false;
        inFlight -= 1;
      },
    );
  };

  for (let i = 0; ; i++) {
    const due = command.startEpochMs + i * interval;
    if (due >= end) break;
    await until(due);
    fire(due);
  }
  const settleBy = epochNow() + SETTLE_MS;
  while (inFlight > 0 && epochNow() < settleBy) await sleep(20);
  // Every accepted order sends its investor's socket one portfolio:updated.
  const eventsBy = epochNow() + 2_000;
  while (portfolioEvents - eventsBefore < okTotal && epochNow() < eventsBy) await sleep(20);
  return {
    offered: command.rate,
    sent,
    ok,
    latencies,
    sendLag,
    errors,
    refusals,
    unanswered: inFlight,
    okTotal,
    unknownTotal: inFlight + networkFailures,
    portfolioEvents: portfolioEvents - eventsBefore,
    cpuPercent: cpu(),
  };
}

function closeAll(): void {
  for (const d of devices.splice(0)) d.socket.disconnect();
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
      closeAll();
      return null;
  }
}

process.on('message', (message: Request) => {
  execute(message.command).then(
    (result) => process.send?.({ id: message.id, ok: true, result } satisfies Reply),
    (err: unknown) =>
      process.send?.({
        id: message.id,
        ok: false,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      } satisfies Reply),
  );
});
// The benchmark owns this process: when it goes away, so does the load.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true, pid: process.pid });

/**
 * WORKERS > 1: this process (the primary) owns the port and hands each connection to one of N
 * worker processes, each a whole server (REST, Socket.IO, timers) on the shared PostgreSQL.
 * Sticky sessions keep an HTTP long-polling client on the worker that holds its Socket.IO
 * session (the routing is ours, see handOver; the workers run `@socket.io/sticky`'s
 * setupWorker, whose messages it speaks); the cluster adapter (or the Redis adapter with
 * REDIS_URL) makes rooms and broadcasts span the workers. Phase timers need no owner: ending a phase is one
 * conditional UPDATE, so exactly one worker announces it.
 */
import cluster, { type Worker } from 'node:cluster';
import net, { type AddressInfo } from 'node:net';
import { setupPrimary } from '@socket.io/cluster-adapter';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';

export interface ClusterPrimary {
  address: AddressInfo;
  close(): Promise<void>;
}

/** Forks `workers` workers, waits until each is serving, then listens on the port. */
export async function startClusterPrimary(
  config: Config,
  workers: number,
  logger: Logger,
): Promise<ClusterPrimary> {
  const router = new StickyRouter();
  const httpServer = net.createServer((socket) => handOver(socket, router));
  setupPrimary();
  let stopping = false;

  const fork = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const onMessage = (message: unknown) => {
        if ((message as { type?: string })?.type !== 'showdown:ready') return;
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
        resolve(worker);
      };
      const onEarlyExit = (code: number) => reject(new Error(`a worker exited at start (${code})`));
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });

  // Migrations run under an advisory lock, so the workers may all start at once.
  await Promise.all(Array.from({ length: workers }, fork));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    fork().catch((err: unknown) => logger.error({ err }, 'could not replace a worker'));
  });

  const address = await new Promise<AddressInfo>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve(httpServer.address() as AddressInfo));
  });

  return {
    address,
    async close() {
      stopping = true;
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      const exits = Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
      await closed;
    },
  };
}

/** The first request of a connection may take this long to arrive whole. */
const FIRST_REQUEST_TIMEOUT_MS = 30_000;
/** Its head may be this long, and the whole request (head and body) this long. */
const MAX_HEAD_BYTES = 64 * 1024;
const MAX_FIRST_REQUEST_BYTES = 1024 * 1024;

export type FirstRequest =
  | { state: 'whole'; head: string }
  | { state: 'incomplete' }
  | { state: 'refused'; status: 411 | 413 | 431 };

/**
 * Whether `buffer` holds a connection's whole first HTTP request (head and Content-Length body),
 * and its head. A chunked body is refused (411): the primary would have to follow it chunk by
 * chunk; every client of this API sends a length.
 */
export function firstRequest(buffer: Buffer): FirstRequest {
  const end = buffer.indexOf('\r\n\r\n');
  if (end < 0) {
    return buffer.length > MAX_HEAD_BYTES
      ? { state: 'refused', status: 431 }
      : { state: 'incomplete' };
  }
  if (end > MAX_HEAD_BYTES) return { state: 'refused', status: 431 };
  const head = buffer.subarray(0, end).toString('latin1');
  if (/\r\ntransfer-encoding\s*:/i.test(head)) return { state: 'refused', status: 411 };
  const length = /\r\ncontent-length\s*:\s*(\d+)\s*(?:\r\n|$)/i.exec(head);
  const total = end + 4 + (length ? Number(length[1]) : 0);
  if (total > MAX_FIRST_REQUEST_BYTES) return { state: 'refused', status: 413 };
  return buffer.length >= total ? { state: 'whole', head } : { state: 'incomplete' };
}

/**
 * Picks the worker for a connection: the one holding the Socket.IO session its first request
 * names (`sid=`, HTTP long-polling), else the next in turn. Workers report their sessions
 * (@socket.io/sticky's setupWorker protocol).
 */
class StickyRouter {
  private readonly sessions = new Map<string, number>();
  private turn = 0;

  constructor() {
    cluster.on('message', (worker, message: { type?: string; data?: string }) => {
      if (message?.type === 'sticky:connection' && message.data) {
        this.sessions.set(message.data, worker.id);
      } else if (message?.type === 'sticky:disconnection' && message.data) {
        this.sessions.delete(message.data);
      }
    });
    cluster.on('exit', (worker) => {
      for (const [sid, id] of this.sessions) if (id === worker.id) this.sessions.delete(sid);
    });
  }

  workerFor(head: string): Worker | undefined {
    const sid = /[?&]sid=([\w-]{20})/.exec(head.slice(0, head.indexOf('\r\n')))?.[1];
    const owner = sid === undefined ? undefined : this.sessions.get(sid);
    if (owner !== undefined && cluster.workers?.[owner]) return cluster.workers[owner];
    const live = Object.values(cluster.workers ?? {}).filter(
      (w): w is Worker => w !== undefined && !w.isDead(),
    );
    if (live.length === 0) return undefined;
    this.turn = (this.turn + 1) % live.length;
    return live[this.turn];
  }
}

/**
 * Reads a connection's whole first request, then hands the connection (its file descriptor and
 * the bytes read) to a worker, which owns it from then on. @socket.io/sticky handed it over at
 * the first chunk and kept reading a request with a body in the primary: a client that reset
 * such a connection while its hand-over was queued closed the descriptor under the pending
 * send, and the primary either aborted (libuv's `fd_to_send >= 0` assertion) or never sent
 * another connection. Here the socket is paused and left alone once its hand-over begins.
 */
function handOver(socket: net.Socket, router: StickyRouter): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const refuse = (status: number, reason: string) => {
    socket.removeListener('data', onData);
    clearTimeout(timer);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
  const onData = (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    const buffer = chunks.length === 1 ? chunk : Buffer.concat(chunks, size);
    const request = firstRequest(buffer);
    if (request.state === 'incomplete') return;
    if (request.state === 'refused') {
      const reasons = {
        411: 'Length Required',
        413: 'Payload Too Large',
        431: 'Request Header Fields Too Large',
      };
      refuse(request.status, reasons[request.status]);
      return;
    }
    const worker = router.workerFor(request.head);
    if (!worker) {
      refuse(503, 'Service Unavailable');
      return;
    }
    socket.pause();
    socket.removeListener('data', onData);
    clearTimeout(timer);
    worker.send(
      { type: 'sticky:connection', data: buffer.toString() },
      socket,
      { keepOpen: false },
      (err: Error | null) => {
        if (err) socket.destroy();
      },
    );
  };
  const timer = setTimeout(() => socket.destroy(), FIRST_REQUEST_TIMEOUT_MS);
  socket.on('data', onData);
  socket.on('error', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
}

/** Tells the primary this worker is serving. */
export function announceWorkerReady(): void {
  process.send?.({ type: 'showdown:ready' });
}

/**
 * WORKERS > 1: this process (the primary) forks N worker processes, each a whole server (REST,
 * Socket.IO, timers) on the shared PostgreSQL, all listening on the one port. Node's cluster
 * module shares the port and hands each new connection to a worker in turn; the primary never
 * reads a byte of a request. Socket.IO runs on the WebSocket transport only (one connection per
 * session), so no request has to reach the worker of an earlier one: no sticky
 * sessions. The cluster adapter (or the Redis adapter with REDIS_URL) makes rooms and
 * broadcasts span the workers. Phase timers need no owner: ending a phase is one conditional
 * UPDATE, so exactly one worker announces it. A worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import { setupPrimary } from '@socket.io/cluster-adapter';
import { RateLimiterClusterMaster } from 'rate-limiter-flexible';
import type { Logger } from './logger.ts';

interface ReadyMessage {
  type: 'showdown:ready';
  port: number;
}

function isReady(message: unknown): message is ReadyMessage {
  return (message as { type?: unknown } | null)?.type === 'showdown:ready';
}

export interface ClusterPrimary {
  /** The port the workers listen on. */
  port: number;
  /** SIGTERM to every worker (each drains its requests), then waits until they have exited. */
  close(): Promise<void>;
}

/** Forks `workers` workers and waits until each is listening. */
export async function startClusterPrimary(
  workers: number,
  logger: Logger,
): Promise<ClusterPrimary> {
  setupPrimary();
  // Counters the workers share without Redis (the spectate limit): kept here, asked over IPC.
  new RateLimiterClusterMaster();
  let stopping = false;

  const fork = (): Promise<{ worker: Worker; port: number }> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const onMessage = (message: unknown) => {
        if (!isReady(message)) return;
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
        resolve({ worker, port: message.port });
      };
      const onEarlyExit = (code: number) => reject(new Error(`a worker exited at start (${code})`));
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });

  // Migrations run under an advisory lock, so the workers may all start at once.
  const started = await Promise.all(Array.from({ length: workers }, fork));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    logger.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    fork().catch((err: unknown) => logger.error({ err }, 'could not replace a worker'));
  });

  return {
    port: started[0]!.port,
    async close() {
      stopping = true;
      const exits = Object.values(cluster.workers ?? {}).map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (!worker || worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
    },
  };
}

/** Tells the primary this worker is listening. */
export function announceWorkerReady(port: number): void {
  const message: ReadyMessage = { type: 'showdown:ready', port };
  process.send?.(message);
}

/**
 * WORKERS > 1: this process (the primary) owns the port and hands each connection to one of N
 * worker processes, each a whole server (REST, Socket.IO, timers) on the shared PostgreSQL.
 * Sticky sessions (`@socket.io/sticky`) keep an HTTP long-polling client on the worker that
 * holds its Socket.IO session; the cluster adapter (or the Redis adapter with REDIS_URL) makes
 * rooms and broadcasts span the workers. Phase timers need no owner: ending a phase is one
 * conditional UPDATE, so exactly one worker announces it.
 */
import cluster, { type Worker } from 'node:cluster';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupPrimary } from '@socket.io/cluster-adapter';
import { setupMaster } from '@socket.io/sticky';
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
  const httpServer = http.createServer();
  // Round-robin: new connections (REST keep-alive ones too) spread evenly over the workers.
  setupMaster(httpServer, { loadBalancingMethod: 'round-robin' });
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

/** Tells the primary this worker is serving. */
export function announceWorkerReady(): void {
  process.send?.({ type: 'showdown:ready' });
}

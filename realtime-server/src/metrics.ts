/**
 * Prometheus metrics (prom-client), served at `/metrics` when METRICS_TOKEN is set: the default
 * process metrics (event-loop lag, GC, heap, CPU) and the server's own, `showdown_*`. One
 * registry per application (no module singleton). In a WORKERS > 1 cluster a scrape reaches one
 * worker, which asks the primary for the whole cluster's figures (prom-client's
 * AggregatorRegistry: counters and histograms summed over the workers, `showdown_games` taken
 * once, since every worker counts the same database).
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { RequestHandler, Router } from 'express';
import express from 'express';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
} from 'prom-client';
import { GAME_STATUS } from '@showdown/shared/constants';
import { unauthorized } from './http/errors.ts';

export type OrderOutcome = 'placed' | 'replayed' | 'refused' | 'failed';

export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  socketConnections: Gauge;
  orders: Counter<'outcome'>;
  broadcasts: Counter<'event'>;
  dbWait: Histogram;
  games: Gauge<'status'>;
  botLooks: Counter;
  botCommands: Counter<'outcome'>;
}

export interface MetricsOptions {
  /**
   * The default process metrics (event-loop lag, GC, heap, CPU): only where a scrape can read
   * them (METRICS_TOKEN set). Their event-loop monitor wakes the process 100 times a second and
   * their GC observer runs at every collection, which an idle server otherwise never pays.
   */
  processMetrics: boolean;
}

export interface MetricsSources {
  /** Sockets connected to this process right now. */
  sockets(): number;
  /** Games in the database by status (1 lobby, 2 running, 3 completed). */
  gamesByStatus(): Promise<Array<{ status: number; count: number }>>;
}

const STATUS_NAMES: Record<number, string> = {
  [GAME_STATUS.LOBBY]: 'lobby',
  [GAME_STATUS.RUNNING]: 'running',
  [GAME_STATUS.COMPLETED]: 'completed',
};

/** Builds the registry; gauges read their sources at each scrape. */
export function createMetrics(
  sources: MetricsSources | undefined,
  { processMetrics }: MetricsOptions,
): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'showdown_http_request_duration_seconds',
      help: 'HTTP requests by route (the matched pattern) and status, from arrival to the last byte',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    socketConnections: new Gauge({
      name: 'showdown_socket_connections',
      help: 'Socket.IO sockets connected (players and spectators)',
      registers: [registry],
      collect() {
        if (sources) this.set(sources.sockets());
      },
    }),
    orders: new Counter({
      name: 'showdown_orders_total',
      help: 'Orders by outcome: placed, replayed (an Idempotency-Key retry), refused (a rule), failed (a fault)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    broadcasts: new Counter({
      name: 'showdown_broadcasts_total',
      help: 'Socket.IO events published by this server, by event name',
      labelNames: ['event'],
      registers: [registry],
    }),
    dbWait: new Histogram({
      name: 'showdown_db_wait_seconds',
      help: 'Wait for a database connection (the fair queue in front of the pool)',
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    botLooks: new Counter({
      name: 'showdown_bot_looks_total',
      help: 'Looks this process took at practice games (each under the game’s lease)',
      registers: [registry],
    }),
    botCommands: new Counter({
      name: 'showdown_bot_commands_total',
      help: 'Commands the bots of practice games sent, by outcome: done, refused (a rule)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    games: new Gauge({
      name: 'showdown_games',
      help: 'Games in the database by status',
      labelNames: ['status'],
      // Every worker of a cluster counts the same database: one count, not their sum.
      aggregator: 'max',
      registers: [registry],
      async collect() {
        if (!sources) return;
        const rows = await sources.gamesByStatus();
        for (const name of Object.values(STATUS_NAMES)) this.set({ status: name }, 0);
        for (const row of rows) {
          const name = STATUS_NAMES[row.status];
          if (name) this.set({ status: name }, row.count);
        }
      },
    }),
  };
}

/** Times every request; the route label is the matched pattern, never the raw path. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      metrics.httpRequestDuration.observe(
        { method: req.method, route, status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

const METRICS_REQUEST = 'showdown:metrics-request';
const METRICS_ANSWER = 'showdown:metrics-answer';
const CLUSTER_ANSWER_MS = 10_000;

/**
 * `GET /metrics` with the bearer token: this process's registry, or in a cluster worker the
 * whole cluster's figures from the primary (see registerMetricsAggregator).
 */
export function metricsRouter(
  metrics: Metrics,
  token: string,
  { clusterWorker = false }: { clusterWorker?: boolean } = {},
): Router {
  if (clusterWorker) {
    // Answers the primary's requests for this worker's figures (prom-client's protocol).
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
  }
  const router = express.Router();
  router.get('/metrics', async (req, res) => {
    if (!bearerMatches(req.headers.authorization, token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required');
    }
    const text = clusterWorker ? await clusterMetrics() : await metrics.registry.metrics();
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(text);
  });
  return router;
}

let nextRequest = 0;
/** Asks the cluster primary for every worker's figures, aggregated. */
function clusterMetrics(): Promise<string> {
  const id = `${process.pid}:${(nextRequest += 1)}`;
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the cluster primary did not answer with the metrics'));
    }, CLUSTER_ANSWER_MS);
    process.on('message', onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

/** In the cluster primary: answers a worker's scrape with every worker's figures. */
export function registerMetricsAggregator(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: string }) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (err: Error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: err.message }),
    );
  });
}

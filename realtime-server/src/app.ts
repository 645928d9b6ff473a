import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { Server } from 'socket.io';
import { createAdapter as createClusterAdapter } from '@socket.io/cluster-adapter';
import type { Config } from './config.ts';
import { count } from 'drizzle-orm';
import { openDatabase, pingDatabase, type DatabaseHandle } from './db/client.ts';
import { games } from './db/schema.ts';
import { createLogger, type Logger } from './logger.ts';
import { systemClock, type AppContext, type Clock } from './context.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { clientKeyMiddleware } from './http/client-key.ts';
import proxyAddr from 'proxy-addr';
import {
  corsForOrigins,
  originCheck,
  secureEngineAnswers,
  securityHeaders,
} from './http/security.ts';
import { createSocketPublisher, sessionRoom, type ShowdownServer } from './realtime/publisher.ts';
import { SessionRevocations } from './auth/session-revocations.ts';
import { SeatCache } from './realtime/seat-cache.ts';
import { requestLogger } from './http/request-log.ts';
import { webApp } from './http/web-app.ts';
import { TokenService } from './auth/token-service.ts';
import { loadJwtSecret } from './auth/jwt-secret.ts';
import { createOtpSender, type OtpSender } from './auth/otp-sender.ts';
import { authRouter } from './auth/auth-routes.ts';
import { userRouter } from './users/user-routes.ts';
import { brokerRouter } from './http/broker-routes.ts';
import { boardRouter, gameRouter, mayhemRouter } from './http/game-routes.ts';
import { attachGateway, type Gateway } from './realtime/gateway.ts';
import { trackLocalSessions } from './realtime/local-sessions.ts';
import { createPhaseScheduler, type PhaseScheduler } from './realtime/phase-scheduler.ts';
import { connectRedisAdapter } from './realtime/redis-adapter.ts';
import { createMissLimit, type MissLimit, type MissStore } from './http/miss-limit.ts';
import { publicConfigRouter } from './http/public-config.ts';
import { healthRouter, type ReadinessCheck } from './http/health.ts';
import { createMetrics, httpMetrics, metricsRouter, type Metrics } from './metrics.ts';
import { reportRouter, sharePageStatus } from './game-report/report-routes.ts';
import { apiDocsRouter } from './api-docs/docs-router.ts';
import { createBotDriver, type BotDriver } from './bots/driver.ts';
import { practiceRouter } from './bots/practice-routes.ts';

export interface ApplicationComponents {
  config: Config;
  /** An already opened database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: Logger;
  clock?: Clock;
  otpSender?: OtpSender;
  /** A worker of a WORKERS > 1 cluster: the workers share the port (see cluster.ts). */
  clusterWorker?: boolean;
}

export interface Application {
  app: Express;
  httpServer: http.Server;
  io: ShowdownServer;
  context: AppContext;
  /** Plays the bots of practice games (started by `listen`). */
  bots: BotDriver;
  listen(port?: number, host?: string): Promise<AddressInfo>;
  /** Graceful: stop accepting, finish in-flight requests, close sockets and the database. */
  close(): Promise<void>;
}

/** How long a graceful close waits for requests in flight before closing their connections. */
const DRAIN_LIMIT_MS = 10_000;
/** How long a dropped socket's missed broadcasts are kept for Connection State Recovery. */
export const RECOVERY_WINDOW_MS = 30_000;

/** The database the components name, or the one the config names (opened here, closed by close). */
async function databaseOf(components: ApplicationComponents, logger: Logger) {
  const { config } = components;
  if (components.database) return { database: components.database, owned: false };
  const database = await openDatabase(
    config.DATABASE_URL
      ? {
          databaseUrl: config.DATABASE_URL,
          onPoolError: (err) => logger.error({ err }, 'PostgreSQL pool error'),
        }
      : {
          dataDir: config.DATA_DIR,
          log: { error: (m) => logger.error(m), info: (m) => logger.info(m) },
        },
  );
  return { database, owned: true };
}

/**
 * Express with the middleware every answer passes: metrics (when they are served), drain,
 * headers, client key, CORS.
 */
function createHttpApp(
  config: Config,
  metrics: Metrics | undefined,
  draining: () => boolean,
): Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on res.send's answers: the API's are never cached (no-store), and hashing each
  // body costs every call; the web app's files get theirs from sendFile.
  app.set('etag', false);
  app.set('trust proxy', config.TRUST_PROXY);
  if (metrics) app.use(httpMetrics(metrics));
  app.use((_req, res, next) => {
    // Decided when the answer's headers go out: a request that began before the drain ends
    // its keep-alive connection too.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (draining() && !this.headersSent) this.setHeader('Connection', 'close');
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });
  app.use(securityHeaders());
  app.use(clientKeyMiddleware());
  app.use(corsForOrigins(config.CORS_ORIGINS));
  return app;
}

function createSocketServer(httpServer: http.Server, config: Config): ShowdownServer {
  const io: ShowdownServer = new Server(httpServer, {
    // One WebSocket per session: no HTTP long-polling, so no request of a session
    // has to reach the process of an earlier one, and cluster workers need no sticky routing.
    transports: ['websocket'],
    maxHttpBufferSize: 16 * 1024,
    // The handshake middleware runs on recovery too: a revoked session is not restored.
    // The window is short: the server buffers every broadcast for this long; a
    // longer gap resyncs from a snapshot.
    connectionStateRecovery: {
      maxDisconnectionDuration: RECOVERY_WINDOW_MS,
      skipMiddlewares: false,
    },
    // Browsers enforce no CORS on WebSockets: every handshake's Origin is checked here.
    allowRequest: originCheck(config.CORS_ORIGINS),
    cors: { origin: config.CORS_ORIGINS, methods: ['GET', 'POST'] },
  });
  secureEngineAnswers(httpServer, io);
  return io;
}

/**
 * Other processes (cluster workers, Redis nodes) hear of what only one process saw: revoked
 * sessions, removed seats, scheduled phase ends. Answers the phase scheduler.
 */
function shareAcrossProcesses(
  io: ShowdownServer,
  context: AppContext,
  seats: SeatCache,
  shared: boolean,
) {
  const { sessions } = context;
  if (shared) sessions.connect((sessionId) => io.serverSideEmit('session:revoked', sessionId));
  io.on('session:revoked', (sessionId) => sessions.notifyLocal(sessionId));
  if (shared) seats.connect((gameId, userId) => io.serverSideEmit('seat:removed', gameId, userId));
  io.on('seat:removed', (gameId, userId) => seats.forget(gameId, userId));
  const scheduler = createPhaseScheduler(context, {
    broadcastScheduled: shared
      ? (gameId, endsAt) => io.serverSideEmit('phase:scheduled', gameId, endsAt.toISOString())
      : undefined,
  });
  io.on('phase:scheduled', (gameId, endsAt) => scheduler.scheduleLocal(gameId, new Date(endsAt)));
  return scheduler;
}

/** The REST API under /api, then the web app, then the 404 and the error answers. */
function mountRoutes(
  app: Express,
  context: AppContext,
  scheduler: PhaseScheduler,
  gateway: Gateway,
  missStore: MissStore,
  boardMisses: MissLimit,
): void {
  const { config } = context;
  // API answers carry tokens or private data (auth, profiles, portfolios, orders): no browser or
  // proxy may keep a copy.
  app.use('/api', (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use('/api/auth', authRouter(context));
  // The game's calls, a table's most frequent, before the routers of the other /api paths:
  // Express tries every route of a router mounted on a request's path until one matches.
  app.use('/api/game', gameRouter(context, scheduler));
  app.use(
    '/api/game',
    brokerRouter(context, scheduler, (gameId) => gateway.online(gameId)),
  );
  // Share-link tokens that named no live link, per client address: the JSON's and the page's.
  const linkMisses = createMissLimit('report-link-miss', missStore);
  app.use('/api', reportRouter(context, linkMisses, boardMisses));
  app.use('/api', userRouter(context));
  app.use('/api/board', boardRouter(context));
  app.use('/api/marketMayhem', mayhemRouter(context));
  app.use('/api/practice', practiceRouter(context));
  app.use('/api', publicConfigRouter(config));
  app.use('/api', apiDocsRouter());
  app.use('/api', notFoundHandler);

  const webDist = config.WEB_DIST_DIR;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    app.use(webApp(webDist, sharePageStatus(context, linkMisses)));
  }
  app.use(notFoundHandler);
  app.use(errorHandler(context.logger));
}

/** The parts a graceful close stops, in its order. */
interface Closing {
  httpServer: http.Server;
  io: ShowdownServer;
  logger: Logger;
  setDraining: () => void;
  stopTimers: () => void;
  stopBots: () => Promise<void>;
  gateway: Gateway;
  redis?: { close(): Promise<void> };
  closeDatabase?: () => Promise<void>;
}

/** Graceful: stop accepting, finish in-flight requests, close sockets, Redis and the database. */
async function closeGracefully(parts: Closing): Promise<void> {
  const { httpServer, io, logger } = parts;
  parts.setDraining();
  parts.stopTimers();
  const botsStopped = parts.stopBots();
  parts.gateway.close();
  // Stop accepting at once; idle keep-alive connections go now, busy ones after their
  // answer (which carries Connection: close), all of them after DRAIN_LIMIT_MS at most.
  const serverClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  // Closing the transports (not a server-side disconnect) is the reconnect hint: clients
  // reconnect by themselves, to another node or to this one restarted, and recover.
  io.engine.close();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), DRAIN_LIMIT_MS);
  });
  if ((await Promise.race([serverClosed, limit])) === 'timeout') {
    logger.warn('requests still running after the drain limit: closing their connections');
    httpServer.closeAllConnections();
    await serverClosed;
  }
  clearTimeout(timer);
  await botsStopped;
  await parts.redis?.close();
  await parts.closeDatabase?.();
}

/** The services' context: sessions and tokens (their revocations reach the sockets), the rest. */
async function createContext(
  components: ApplicationComponents,
  parts: Pick<AppContext, 'db' | 'logger' | 'clock' | 'metrics'> & {
    io: ShowdownServer;
    seats: SeatCache;
  },
): Promise<AppContext> {
  const { config } = components;
  const { db, logger, clock, io, seats, metrics } = parts;
  const secret = await loadJwtSecret(db, config);
  const sessions = new SessionRevocations();
  const tokens = new TokenService(db, secret, clock, sessions);
  // A revoked session's sockets are disconnected and its cached check dropped, on every process
  // and node (the adapter carries the revocation).
  sessions.onRevoked((sessionId) => {
    tokens.forgetSession(sessionId);
    void io.local.in(sessionRoom(sessionId)).disconnectSockets(true);
  });
  return {
    config,
    db,
    logger,
    clock,
    tokens,
    otpSender: components.otpSender ?? createOtpSender(config, logger),
    publisher: createSocketPublisher(io, seats, metrics),
    sessions,
    metrics,
  };
}

/** Builds the whole server (REST, Socket.IO, timers) without listening. */
export async function createApplication(components: ApplicationComponents): Promise<Application> {
  const { config } = components;
  const logger = components.logger ?? createLogger(config);
  const clock = components.clock ?? systemClock;
  const { database, owned } = await databaseOf(components, logger);
  const db = database.db;

  // Set the moment close() is called (SIGTERM): /readyz answers 503 from then on.
  let draining = false;
  // What no scrape can read is not gathered: the process metrics and the request timings only
  // where /metrics is served.
  const served = Boolean(config.METRICS_TOKEN);
  const metrics = createMetrics(
    {
      // Read at a scrape, when `io` (below) exists.
      sockets: () => io.of('/').sockets.size,
      gamesByStatus: () =>
        db.select({ status: games.status, count: count() }).from(games).groupBy(games.status),
    },
    { processMetrics: served },
  );
  database.observeWait((seconds) => metrics.dbWait.observe(seconds));
  const app = createHttpApp(config, served ? metrics : undefined, () => draining);
  const httpServer = http.createServer(app);
  const io = createSocketServer(httpServer, config);

  const seats = new SeatCache();
  const context = await createContext(components, { db, logger, clock, io, seats, metrics });
  const { tokens } = context;

  app.use(requestLogger(logger));
  app.use(express.json({ limit: '16kb' }));

  const redis = config.REDIS_URL
    ? await connectRedisAdapter(io, config.REDIS_URL, config.REDIS_STREAM_NAME, logger)
    : undefined;
  const checks: Record<string, ReadinessCheck> = {
    database: async () => {
      // The embedded database's storage full (or its worker stopped): writes fail meanwhile,
      // though a read may still answer.
      const problem = database.problem?.();
      if (problem) throw new Error(problem);
      await pingDatabase(db);
    },
  };
  if (redis) checks.redis = () => redis.ping();
  app.use(healthRouter({ checks, stopping: () => draining }));
  if (config.METRICS_TOKEN) {
    app.use(
      metricsRouter(metrics, config.METRICS_TOKEN, { clusterWorker: components.clusterWorker }),
    );
  }
  if (!redis && components.clusterWorker) io.adapter(createClusterAdapter());
  const shared = Boolean(redis || components.clusterWorker);
  const scheduler = shareAcrossProcesses(io, context, seats, shared);
  const bots = createBotDriver(context, scheduler);
  const trustProxy = app.get('trust proxy fn') as Parameters<typeof proxyAddr>[1];
  const missStore: MissStore = {
    redis: redis && { client: redis.client, prefix: config.REDIS_STREAM_NAME },
    clusterWorker: components.clusterWorker,
  };
  // Board codes that named no game, per client address: the spectator socket's and the recap's.
  const boardMisses = createMissLimit('spectate-miss', missStore);
  const gateway = attachGateway(io, context, seats, {
    shared,
    spectateLimit: boardMisses,
    clientAddress: (req) => proxyAddr(req, trustProxy),
    hooks: scheduler,
  });
  // Every process checks the sessions it trusts (cached, or holding its sockets) again each
  // SESSION_RECHECK_MS: a revoked session or a deleted user is refused everywhere within a second.
  const localSessions = trackLocalSessions(io);
  const startSessionRechecks = () =>
    tokens.startRechecks(
      () => localSessions,
      (err) => logger.warn({ err }, 'session recheck failed'),
    );
  mountRoutes(app, context, scheduler, gateway, missStore, boardMisses);

  let closing: Promise<void> | undefined;
  return {
    app,
    httpServer,
    io,
    context,
    bots,
    listen(port = config.PORT, host = config.HOST) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          startSessionRechecks();
          scheduler.start().then(() => {
            bots.start();
            resolve(httpServer.address() as AddressInfo);
          }, reject);
        });
      });
    },
    close() {
      closing ??= closeGracefully({
        httpServer,
        io,
        logger,
        setDraining: () => (draining = true),
        stopTimers: () => {
          tokens.stopRechecks();
          scheduler.stop();
        },
        stopBots: () => bots.stop(),
        gateway,
        redis,
        closeDatabase: owned ? () => database.close() : undefined,
      });
      return closing;
    },
  };
}

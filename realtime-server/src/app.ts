import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { Server } from 'socket.io';
import type { Config } from './config.ts';
import { openDatabase, pingDatabase, type DatabaseHandle } from './db/client.ts';
import { createLogger, type Logger } from './logger.ts';
import { systemClock, type AppContext, type Clock } from './context.ts';
import { errorHandler, notFoundHandler } from './http/errors.ts';
import { createSocketPublisher, type ShowdownServer } from './realtime/publisher.ts';
import { TokenService } from './auth/token-service.ts';
import { loadJwtSecret } from './auth/jwt-secret.ts';
import { createOtpSender, type OtpSender } from './auth/otp-sender.ts';
import { authRouter } from './auth/auth-routes.ts';
import { userRouter } from './users/user-routes.ts';
import { gameRouter, mayhemRouter } from './games/game-routes.ts';
import { attachGateway } from './realtime/gateway.ts';
import { createPhaseScheduler } from './realtime/phase-scheduler.ts';
import { connectRedisAdapter } from './realtime/redis-adapter.ts';
import { publicConfigRouter } from './http/public-config.ts';

export interface ApplicationComponents {
  config: Config;
  /** An already opened database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  logger?: Logger;
  clock?: Clock;
  otpSender?: OtpSender;
}

export interface Application {
  app: Express;
  httpServer: http.Server;
  io: ShowdownServer;
  context: AppContext;
  listen(port?: number, host?: string): Promise<AddressInfo>;
  /** Graceful: stop accepting, finish in-flight requests, close sockets and the database. */
  close(): Promise<void>;
}

/** Builds the whole server (REST, Socket.IO, timers) without listening. */
export async function createApplication(components: ApplicationComponents): Promise<Application> {
  const { config } = components;
  const logger = components.logger ?? createLogger(config);
  const clock = components.clock ?? systemClock;
  const database =
    components.database ??
    (await openDatabase(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
    ));
  const ownsDatabase = !components.database;
  const db = database.db;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  const httpServer = http.createServer(app);
  const io: ShowdownServer = new Server(httpServer, {
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: true },
    cors: { origin: true, credentials: true },
  });

  const secret = await loadJwtSecret(db, config);
  const context: AppContext = {
    config,
    db,
    logger,
    clock,
    tokens: new TokenService(db, secret, clock),
    otpSender: components.otpSender ?? createOtpSender(config, logger),
    publisher: createSocketPublisher(io),
  };

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id =
          typeof incoming === 'string' && incoming.length <= 64 ? incoming : crypto.randomUUID();
        res.setHeader('x-request-id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/healthz' },
    }),
  );
  app.use(express.json({ limit: '16kb' }));

  app.get('/healthz', async (_req, res) => {
    await pingDatabase(db);
    res.json({ status: 'ok', driver: database.driver });
  });
  const redis = config.REDIS_URL
    ? await connectRedisAdapter(io, config.REDIS_URL, config.REDIS_STREAM_NAME, logger)
    : undefined;
  const scheduler = createPhaseScheduler(context, {
    broadcastScheduled: redis
      ? (gameId, endsAt) => io.serverSideEmit('phase:scheduled', gameId, endsAt.toISOString())
      : undefined,
  });
  io.on('phase:scheduled', (gameId, endsAt) => scheduler.scheduleLocal(gameId, new Date(endsAt)));
  attachGateway(io, context);

  app.use('/api/auth', authRouter(context));
  app.use('/api', userRouter(context));
  app.use('/api/game', gameRouter(context, scheduler));
  app.use('/api/marketMayhem', mayhemRouter(context));
  app.use('/api', publicConfigRouter(config));
  app.use('/api', notFoundHandler);

  const webDist = config.WEB_DIST_DIR;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    app.use(express.static(webDist, { index: false, maxAge: '1h' }));
    // Deep links (a reload on /portfolio) get the single-page app.
    app.get('/{*path}', (_req, res) => res.sendFile(path.join(webDist, 'index.html')));
  }
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  let closing: Promise<void> | undefined;
  return {
    app,
    httpServer,
    io,
    context,
    listen(port = config.PORT, host = config.HOST) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          scheduler.start().then(() => resolve(httpServer.address() as AddressInfo), reject);
        });
      });
    },
    close() {
      closing ??= (async () => {
        scheduler.stop();
        const serverClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        io.disconnectSockets(true);
        await serverClosed;
        await redis?.close();
        if (ownsDatabase) await database.close();
      })();
      return closing;
    },
  };
}

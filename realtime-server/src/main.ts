import cluster from 'node:cluster';
import { createApplication } from './app.ts';
import { announceWorkerReady, startClusterPrimary } from './cluster.ts';
import { ConfigError, loadConfig, workerCount } from './config.ts';
import { createLogger } from './logger.ts';
import { registerMetricsAggregator } from './metrics.ts';
import { startupLines } from './http/public-config.ts';
import { StorageFullError } from './db/storage.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const workers = workerCount(config);
  const inCluster = workers > 1;

  let close: () => Promise<void>;
  if (inCluster && cluster.isPrimary) {
    // The primary only forks and replaces workers; they listen on the port themselves.
    // A worker's /metrics asks the primary for every worker's figures.
    if (config.METRICS_TOKEN) registerMetricsAggregator();
    const primary = await startClusterPrimary(workers, logger);
    logger.info(
      { port: primary.port, workers, redis: Boolean(config.REDIS_URL) },
      `The Showdown is listening on http://localhost:${primary.port} (${workers} workers)`,
    );
    for (const line of startupLines(primary.port, config.HOST, undefined, config.PUBLIC_URL)) {
      logger.info(line);
    }
    close = primary.close;
  } else {
    const application = await createApplication({ config, logger, clusterWorker: inCluster });
    close = application.close;
    const address = await application.listen();
    if (inCluster) {
      // A worker does not outlive its primary (killed, crashed): nothing would replace it.
      process.on('disconnect', () => process.exit(1));
      announceWorkerReady(address.port);
    } else {
      logger.info(
        {
          port: address.port,
          database: config.DATABASE_URL ? 'postgresql' : 'pglite',
          redis: Boolean(config.REDIS_URL),
        },
        `The Showdown is listening on http://localhost:${address.port}`,
      );
      for (const line of startupLines(address.port, config.HOST, undefined, config.PUBLIC_URL))
        logger.info(line);
    }
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // close() bounds its own drain at 10 s; this only guards against a hung database close.
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  // A full data directory is the operator's to fix, not a bug: its one line, without a stack.
  console.error(err instanceof StorageFullError ? err.message : err);
  process.exit(1);
});

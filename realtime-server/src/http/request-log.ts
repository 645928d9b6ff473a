import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Tags every answer with an `x-request-id` (the caller's, when it sent a sane one) and, only
 * when the logger would keep `info` lines, logs one short line per request when it finishes:
 * `GET /api/game/3/stocks 200 4.1 ms`. At `warn` and above nothing is measured or built per
 * request (the profile showed a request logger costing 3 % of the CPU while logging nothing).
 */
export function requestLogger(logger: Logger): RequestHandler {
  const logging = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', id);
    if (logging && req.path !== '/healthz') {
      const started = performance.now();
      res.once('finish', () => {
        const ms = (performance.now() - started).toFixed(1);
        logger.info({ reqId: id }, `${req.method} ${req.originalUrl} ${res.statusCode} ${ms} ms`);
      });
    }
    next();
  };
}

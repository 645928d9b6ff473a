import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Paths whose next segment is a secret: a share link's token (a bearer credential for its
 * report, in the API call and in the page it opens) and a board code (it lets a player join and
 * a spectator watch). Express routes paths case-insensitively, and so they are matched.
 */
const SECRET_SEGMENT =
  /^(\/api\/report|\/report|\/api\/board|\/api\/spectate|\/spectate)\/[^/?#]+/i;
/** Query parameters whose values are logged; any other's value is replaced. */
const LOGGED_QUERY_VALUES = new Set(['before', 'limit']);
const REDACTED = '[redacted]';

/**
 * The path and query as the log keeps them: a secret path segment and the value of every query
 * parameter not known to be harmless replaced by `[redacted]` (the names kept).
 */
export function loggedUrl(originalUrl: string): string {
  const at = originalUrl.indexOf('?');
  const pathname = at < 0 ? originalUrl : originalUrl.slice(0, at);
  const shown = pathname.replace(SECRET_SEGMENT, (_m, prefix: string) => `${prefix}/${REDACTED}`);
  if (at < 0) return shown;
  const query = originalUrl
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return LOGGED_QUERY_VALUES.has(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return `${shown}?${query}`;
}

/**
 * Tags every answer with an `x-request-id` (the caller's, when it sent a sane one) and, only
 * when the logger would keep `info` lines, logs one short line per request when it finishes:
 * `GET /api/game/3/stocks 200 4.1 ms`, secrets left out (loggedUrl). At `warn` and above
 * nothing is measured or built per request (the profile showed a request logger costing 3 % of
 * the CPU while logging nothing).
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
        const url = loggedUrl(req.originalUrl);
        logger.info({ reqId: id }, `${req.method} ${url} ${res.statusCode} ${ms} ms`);
      });
    }
    next();
  };
}

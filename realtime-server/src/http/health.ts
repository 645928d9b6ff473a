/**
 * `/healthz`: the process is alive (200 whatever its dependencies do; a supervisor restarts a
 * process that stops answering it). `/readyz`: the process can serve (a load balancer sends
 * traffic only while it answers 200): the database answers, and Redis when configured, and the
 * process is not shutting down. Otherwise 503 with the reason.
 */
import express, { type Router } from 'express';

/** A dependency's check: resolves when it answers, rejects with the reason otherwise. */
export type ReadinessCheck = () => Promise<void>;

export interface Readiness {
  checks: Record<string, ReadinessCheck>;
  /** True from the moment a shutdown begins (SIGTERM). */
  stopping(): boolean;
}

/** A check that has not answered in this long counts as failed. */
export const READINESS_TIMEOUT_MS = 2_000;

async function run(check: ReadinessCheck): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${READINESS_TIMEOUT_MS / 1000} s`)),
      READINESS_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (err) {
    return err instanceof Error && err.message ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

const SHUTTING_DOWN = { status: 'unavailable', reason: 'shutting down' } as const;

export function healthRouter(readiness: Readiness): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const shuttingDown = () => res.status(503).json(SHUTTING_DOWN);
    if (readiness.stopping()) return shuttingDown();
    const names = Object.keys(readiness.checks);
    const results = await Promise.all(names.map((name) => run(readiness.checks[name]!)));
    // A shutdown that began while the checks ran wins, whatever they found: from the signal
    // on, every answer says the process is leaving.
    if (readiness.stopping()) return shuttingDown();
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!]));
    const failed = names.filter((name) => checks[name] !== 'ok');
    if (failed.length === 0) return res.json({ status: 'ready', checks });
    const reason = failed.map((name) => `${name}: ${checks[name]}`).join('; ');
    res.status(503).json({ status: 'unavailable', reason, checks });
  });
  return router;
}

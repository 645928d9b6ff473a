/** `GET /api/config`: what a signed-out screen (the table's TV) needs to know about the server. */
import { Router, type Request } from 'express';
import type { PublicConfigData } from '@showdown/shared/api';
import type { Config } from '../config.ts';

/** `PUBLIC_URL` without a trailing slash, else the request's own origin. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>, req: Request): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

export function publicConfigRouter(config: Config): Router {
  const router = Router();
  router.get('/config', (req, res) => {
    const data: PublicConfigData = { public_url: publicOrigin(config, req) };
    res.json({ success: true, data });
  });
  return router;
}

import type { RequestHandler, Response } from 'express';
import { MSG } from '@showdown/shared/messages';
import { unauthorized } from '../http/errors.ts';
import { toHttpError } from './refusal-http.ts';
import type { AccessIdentity, TokenService } from './token-service.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets a request through only with a valid `Authorization: Bearer <access token>`; the caller's
 * identity is then in `res.locals.auth` (read it with `authOf`). No token → 401, and the
 * TokenService's 401/403 contract for bad or expired ones.
 */
export function requireAuth(tokens: TokenService): RequestHandler {
  return async (req, res, next) => {
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized(MSG.NO_TOKEN);
    res.locals.auth = await tokens.verifyAccess(token).catch(toHttpError);
    next();
  };
}

/** The identity requireAuth established; calling it on an unauthenticated route is a bug. */
export function authOf(res: Response): AccessIdentity {
  const auth = res.locals.auth as AccessIdentity | undefined;
  if (!auth) throw new Error('authOf called on a route without requireAuth');
  return auth;
}

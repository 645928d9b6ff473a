import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { dbClient } from '../db/fair-queue.ts';

/** Bearer tokens whose client key was read, by the token's text (a phone sends the same one). */
const KEYS_KEPT = 10_000;
const keyOfToken = new Map<string, string | null>();

/** The user a bearer token names (decoded, not checked), as a queue key; null for none. */
function tokenKey(token: string): string | null {
  const known = keyOfToken.get(token);
  if (known !== undefined) return known;
  const payload = jwt.decode(token);
  const key =
    payload && typeof payload === 'object' && typeof payload.sub === 'string'
      ? `user:${payload.sub.slice(0, 20)}`
      : null;
  // Access tokens live minutes: a full map is emptied rather than kept in order.
  if (keyOfToken.size >= KEYS_KEPT) keyOfToken.clear();
  keyOfToken.set(token, key);
  return key;
}

/** The client a request is for: the user its bearer token names, else its address. */
export function clientKeyOf(req: Request): string {
  const header = req.headers.authorization;
  const key = header?.startsWith('Bearer ') ? tokenKey(header.slice(7)) : null;
  // req.ip walks the trusted proxies' addresses: only read when no token names the user.
  return key ?? `ip:${req.ip ?? ''}`;
}

/**
 * Tags everything a request does with the client it is for, so the database queue takes
 * clients in turn: the user its bearer token names, else its address. The token is only
 * decoded here; a forged one is refused by the auth check before it reaches the database.
 * A request whose client left before its turn at the database is dropped there.
 */
export function clientKeyMiddleware(): RequestHandler {
  return (req, res, next) => {
    const key = clientKeyOf(req);
    // A request whose connection closed before its answer (the client timed out, the phone
    // went away) does not start database work.
    const gone = () => req.socket.destroyed && !res.writableFinished;
    dbClient.run({ key, gone }, next);
  };
}

import type { RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { dbClient } from '../db/fair-queue.ts';

/**
 * Tags everything a request does with the client it is for, so the database queue takes
 * clients in turn: the user its bearer token names, else its address. The token is only
 * decoded here; a forged one is refused by the auth check before it reaches the database.
 * A request whose client left before its turn at the database is dropped there.
 */
export function clientKeyMiddleware(): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.authorization;
    let key = `ip:${req.ip ?? ''}`;
    if (header?.startsWith('Bearer ')) {
      const payload = jwt.decode(header.slice(7));
      if (payload && typeof payload === 'object' && typeof payload.sub === 'string')
        key = `user:${payload.sub.slice(0, 20)}`;
    }
    // A request whose connection closed before its answer (the client timed out, the phone
    // went away) does not start database work.
    const gone = () => req.socket.destroyed && !res.writableFinished;
    dbClient.run({ key, gone }, next);
  };
}

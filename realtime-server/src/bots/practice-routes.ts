/** `POST /api/practice`: a practice game against bots (bots/practice-service.ts). */
import { Router } from 'express';
import { practiceCreateSchema } from '@showdown/shared/api';
import type { AppContext } from '../context.ts';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import { parseInput } from '../http/errors.ts';
import { send } from '../http/game-routes.ts';
import { openPractice } from './practice-service.ts';

export function practiceRouter(ctx: AppContext): Router {
  const router = Router();
  router.post('/', requireAuth(ctx.tokens), async (req, res) => {
    const input = parseInput(practiceCreateSchema, req.body);
    send(res, await openPractice(ctx, authOf(res).userId, input, req.ip), 201);
  });
  return router;
}

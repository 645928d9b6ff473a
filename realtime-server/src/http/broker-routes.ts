/**
 * A new broker (handover, claim) and pausing the trade phase (docs/rules.md). Mounted
 * under /api/game next to the other game calls; refusals get their status in errors.ts.
 */
import { Router, type Response } from 'express';
import { brokerHandoverSchema } from '@showdown/shared/api';
import type { AppContext } from '../context.ts';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import * as broker from '../games/broker-service.ts';
import type { PhaseHooks } from '../games/flow-service.ts';
import * as pause from '../games/phase-pause-service.ts';
import { parseInput } from './errors.ts';
import { parseId, send } from './game-routes.ts';

export function brokerRouter(
  ctx: AppContext,
  hooks: PhaseHooks,
  online: broker.OnlinePlayers,
): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const user = (res: Response) => authOf(res).userId;

  router.post('/:id/broker/handover', async (req, res) => {
    const gameId = parseId(req.params.id);
    const input = parseInput(brokerHandoverSchema, req.body);
    send(res, await broker.handOverBroker(ctx, user(res), gameId, input));
  });
  router.post('/:id/broker/claim', async (req, res) => {
    send(res, await broker.claimBroker(ctx, online, user(res), parseId(req.params.id)));
  });
  router.post('/:id/phase/pause', async (req, res) => {
    send(res, await pause.pausePhase(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/phase/resume', async (req, res) => {
    send(res, await pause.resumePhase(ctx, hooks, user(res), parseId(req.params.id)));
  });
  return router;
}

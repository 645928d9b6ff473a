/** The game calls of SPEC §7: parse, authorise, call a service, answer. */
import { Router, type Response } from 'express';
import {
  changeRoleSchema,
  joinGameSchema,
  mayhemCreateSchema,
  mayhemRespondSchema,
  orderbookSchema,
  priceUpdateSchema,
  selectRoleSchema,
  settingsSchema,
  tradeSchema,
} from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import { parseInput } from '../http/errors.ts';
import { parseId } from './access.ts';
import * as lobby from './lobby-service.ts';
import * as market from './market-service.ts';
import * as mayhem from './mayhem-service.ts';
import { getPriceHistory } from './price-history.ts';
import type { ServiceResult } from './lobby-service.ts';

function send<T>(res: Response, result: ServiceResult<T>, status = 200) {
  res.status(status).json({
    success: true,
    ...(result.message ? { message: result.message } : {}),
    data: result.data,
  });
}

export function gameRouter(ctx: AppContext, hooks: market.PhaseHooks): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const user = (res: Response) => authOf(res).userId;

  router.post('/join', async (req, res) => {
    const { code } = parseInput(joinGameSchema, req.body);
    send(res, await lobby.joinBoard(ctx, user(res), code));
  });
  router.get('/:id/avatars', async (req, res) => {
    send(res, { data: await lobby.freeAvatars(ctx, user(res), parseId(req.params.id)) });
  });
  router.get('/:id/lobby', async (req, res) => {
    send(res, await lobby.lobby(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/remove-player/:playerId', async (req, res) => {
    const playerId = parseId(req.params.playerId, MSG.PLAYER_NOT_FOUND);
    send(res, await lobby.removePlayer(ctx, user(res), parseId(req.params.id), playerId));
  });
  router.get('/:id/settings', async (req, res) => {
    send(res, await lobby.getSettings(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/settings', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await lobby.updateSettings(ctx, user(res), gameId, parseInput(settingsSchema, req.body)),
    );
  });
  router.post('/:id/select-role', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await lobby.selectRole(ctx, user(res), gameId, parseInput(selectRoleSchema, req.body)),
    );
  });
  router.post('/:id/change-role', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await lobby.changeRole(ctx, user(res), gameId, parseInput(changeRoleSchema, req.body)),
    );
  });
  router.post('/:id/start', async (req, res) => {
    send(res, await lobby.startGame(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/first-player', async (req, res) => {
    send(res, await lobby.pickFirstPlayer(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/end', async (req, res) => {
    send(res, await lobby.endGame(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/showdown', async (req, res) => {
    send(res, await lobby.showdown(ctx, user(res), parseId(req.params.id)));
  });

  router.put('/:id/update/orderbook', async (req, res) => {
    const gameId = parseId(req.params.id);
    const { orderbook_status } = parseInput(orderbookSchema, req.body);
    send(res, await market.setOrderbook(ctx, hooks, user(res), gameId, orderbook_status));
  });
  router.get('/:id/stocks', async (req, res) => {
    send(res, await market.listStocks(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/stocks', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await market.updatePrice(ctx, user(res), gameId, parseInput(priceUpdateSchema, req.body)),
    );
  });
  router.post('/:id/stocks/trade', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(res, await market.placeOrder(ctx, user(res), gameId, parseInput(tradeSchema, req.body)));
  });
  router.put('/:id/payday', async (req, res) => {
    send(res, await market.givePayday(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/user/portfolio', async (req, res) => {
    send(res, await market.getPortfolio(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/prices/history', async (req, res) => {
    send(res, await getPriceHistory(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/transactions', async (req, res) => {
    send(res, await market.listTransactions(ctx, user(res), parseId(req.params.id)));
  });
  return router;
}

export function mayhemRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const user = (res: Response) => authOf(res).userId;

  router.post('/game/:id', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await mayhem.createMayhem(ctx, user(res), gameId, parseInput(mayhemCreateSchema, req.body)),
      201,
    );
  });
  router.get('/game/:id', async (req, res) => {
    send(res, await mayhem.getMayhem(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/respond', async (req, res) => {
    const mayhemId = parseId(req.params.id, MSG.MAYHEM_NOT_FOUND);
    send(
      res,
      await mayhem.respondMayhem(
        ctx,
        user(res),
        mayhemId,
        parseInput(mayhemRespondSchema, req.body),
      ),
    );
  });
  router.post('/:id/average', async (req, res) => {
    send(
      res,
      await mayhem.averageMayhemList(ctx, user(res), parseId(req.params.id, MSG.MAYHEM_NOT_FOUND)),
    );
  });
  return router;
}

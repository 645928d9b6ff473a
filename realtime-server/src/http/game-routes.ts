/**
 * The game calls of SPEC §7 and the board read: parse, authenticate, call a service, answer.
 * A service's refusal (a DomainError) gets its HTTP status in errors.ts.
 */
import { Router, type Request, type Response } from 'express';
import {
  boardParamsSchema,
  changeRoleSchema,
  historyQuerySchema,
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
import * as board from '../games/board-service.ts';
import * as flow from '../games/flow-service.ts';
import * as seats from '../games/seats-service.ts';
import * as market from '../games/market-service.ts';
import * as mayhem from '../games/mayhem-service.ts';
import { openRematch } from '../games/rematch-service.ts';
import { undoLastAction } from '../games/undo-service.ts';
import type { ServiceResult } from '../games/service-result.ts';
import { badRequest, notFound, parseInput } from './errors.ts';

const MAX_SERIAL = 2_147_483_647;

/** A route's numeric id, or a 404 for anything that cannot name a row. */
export function parseId(raw: unknown, message: string = MSG.GAME_NOT_FOUND): number {
  const text = typeof raw === 'string' ? raw : '';
  if (!/^\d{1,10}$/.test(text)) throw notFound(message);
  const id = Number(text);
  if (id < 1 || id > MAX_SERIAL) throw notFound(message);
  return id;
}

function send<T>(res: Response, result: ServiceResult<T>, status = 200) {
  res.status(status).json({
    success: true,
    ...(result.message ? { message: result.message } : {}),
    data: result.data,
  });
}

export function gameRouter(ctx: AppContext, hooks: flow.PhaseHooks): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const user = (res: Response) => authOf(res).userId;

  router.post('/join', async (req, res) => {
    // SPEC's join: `{ code }` opens the board's game or joins it (`create` is ignored).
    const { code } = parseInput(joinGameSchema, req.body);
    send(res, await board.joinBoard(ctx, user(res), { code, ip: req.ip }));
  });
  router.get('/:id/avatars', async (req, res) => {
    send(res, { data: await seats.freeAvatars(ctx, user(res), parseId(req.params.id)) });
  });
  router.get('/:id/lobby', async (req, res) => {
    send(res, await seats.lobby(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/remove-player/:playerId', async (req, res) => {
    const playerId = parseId(req.params.playerId, MSG.PLAYER_NOT_FOUND);
    send(res, await seats.removePlayer(ctx, user(res), parseId(req.params.id), playerId));
  });
  router.get('/:id/settings', async (req, res) => {
    send(res, await flow.getSettings(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/settings', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await flow.updateSettings(ctx, user(res), gameId, parseInput(settingsSchema, req.body)),
    );
  });
  router.post('/:id/select-role', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await seats.selectRole(ctx, user(res), gameId, parseInput(selectRoleSchema, req.body)),
    );
  });
  router.post('/:id/change-role', async (req, res) => {
    const gameId = parseId(req.params.id);
    send(
      res,
      await seats.changeRole(ctx, user(res), gameId, parseInput(changeRoleSchema, req.body)),
    );
  });
  router.post('/:id/start', async (req, res) => {
    send(res, await flow.startGame(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/first-player', async (req, res) => {
    send(res, await flow.pickFirstPlayer(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/end', async (req, res) => {
    send(res, await flow.endGame(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/showdown', async (req, res) => {
    send(res, await flow.showdown(ctx, user(res), parseId(req.params.id)));
  });

  router.put('/:id/update/orderbook', async (req, res) => {
    const gameId = parseId(req.params.id);
    const { orderbook_status } = parseInput(orderbookSchema, req.body);
    send(res, await flow.setOrderbook(ctx, hooks, user(res), gameId, orderbook_status));
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
    const input = parseInput(tradeSchema, req.body);
    const key = req.get('idempotency-key');
    if (key !== undefined && !/^[\x21-\x7e]{1,128}$/.test(key)) {
      throw badRequest(MSG.IDEMPOTENCY_KEY_INVALID);
    }
    send(res, await market.placeOrder(ctx, user(res), gameId, input, key));
  });
  router.put('/:id/payday', async (req, res) => {
    send(res, await flow.givePayday(ctx, user(res), parseId(req.params.id)));
  });
  // Issue 22 items 4 and 7: the broker's undo (60 s, no order since) and "Play again".
  router.post('/:id/undo', async (req, res) => {
    send(res, await undoLastAction(ctx, user(res), parseId(req.params.id)));
  });
  router.post('/:id/rematch', async (req, res) => {
    send(res, await openRematch(ctx, user(res), parseId(req.params.id), req.ip), 201);
  });
  router.get('/:id/user/portfolio', async (req, res) => {
    send(res, await market.getPortfolio(ctx, user(res), parseId(req.params.id)));
  });
  router.get('/:id/prices/history', async (req, res) => {
    send(res, await market.getPriceHistory(ctx, user(res), parseId(req.params.id)));
  });
  // Newest first, a page at a time: ?before=<entry id>&limit=<1-200, default 50>. A page shorter
  // than the limit is the end. /history is the same read.
  const history = async (req: Request, res: Response) => {
    const gameId = parseId(req.params.id);
    const page = parseInput(historyQuerySchema, req.query);
    send(res, await market.listTransactions(ctx, user(res), gameId, page));
  };
  router.get('/:id/transactions', history);
  router.get('/:id/history', history);
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

/** `GET /api/board/{code}`: whether the board has an open game; reads only, limited. */
export function boardRouter(ctx: AppContext): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const limiter = board.createBoardReadLimiter(ctx.db);
  router.get('/:code', async (req, res) => {
    const { code } = parseInput(boardParamsSchema, { code: req.params.code });
    send(res, await board.boardStatus(ctx, limiter, authOf(res).userId, req.ip, code));
  });
  return router;
}

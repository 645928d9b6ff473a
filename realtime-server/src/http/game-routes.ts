/**
 * The game calls and the board read: parse, authenticate, call a service, answer.
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
import type { z, ZodType } from 'zod';
import type { AppContext } from '../context.ts';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import * as board from '../games/board-service.ts';
import * as flow from '../games/flow-service.ts';
import * as seats from '../games/seats-service.ts';
import * as market from '../games/market-service.ts';
import * as mayhem from '../games/mayhem-service.ts';
import { openRematch } from '../games/rematch-service.ts';
import { skipRecap } from '../games/recap-service.ts';
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

export function send<T>(res: Response, result: ServiceResult<T>, status = 200) {
  res.status(status).json({
    success: true,
    ...(result.message ? { message: result.message } : {}),
    data: result.data,
  });
}

type GameService<A extends unknown[], T> = (
  ctx: AppContext,
  userId: number,
  gameId: number,
  ...args: A
) => Promise<ServiceResult<T>>;

/** The handler of a call on one game: the game id from the path, the service's answer sent. */
function onGame<T>(ctx: AppContext, service: GameService<[], T>) {
  return async (req: Request, res: Response) => {
    send(res, await service(ctx, authOf(res).userId, parseId(req.params.id)));
  };
}

/**
 * The handler of a call on one game with a body: the game id from the path, the body parsed by
 * `schema`, and the service's answer sent.
 */
function withInput<S extends ZodType, T>(
  ctx: AppContext,
  schema: S,
  service: GameService<[input: z.output<S>], T>,
) {
  return async (req: Request, res: Response) => {
    const gameId = parseId(req.params.id);
    send(res, await service(ctx, authOf(res).userId, gameId, parseInput(schema, req.body)));
  };
}

export function gameRouter(ctx: AppContext, hooks: flow.PhaseHooks): Router {
  const router = Router();
  router.use(requireAuth(ctx.tokens));
  const user = (res: Response) => authOf(res).userId;

  // A table's most frequent calls first: the router tries the routes in order.
  router.get('/:id/stocks', onGame(ctx, market.listStocks));
  router.post('/:id/stocks', withInput(ctx, priceUpdateSchema, market.updatePrice));
  router.post('/:id/stocks/trade', async (req, res) => {
    const gameId = parseId(req.params.id);
    const input = parseInput(tradeSchema, req.body);
    const key = req.get('idempotency-key');
    if (key !== undefined && !/^[\x21-\x7e]{1,128}$/.test(key)) {
      throw badRequest(MSG.IDEMPOTENCY_KEY_INVALID);
    }
    send(res, await market.placeOrder(ctx, user(res), gameId, input, key));
  });

  router.post('/join', async (req, res) => {
    // The join: `{ code }` opens the board's game or joins it (`create` is ignored).
    const { code } = parseInput(joinGameSchema, req.body);
    send(res, await board.joinBoard(ctx, user(res), { code, ip: req.ip }));
  });
  router.get('/:id/avatars', async (req, res) => {
    send(res, { data: await seats.freeAvatars(ctx, user(res), parseId(req.params.id)) });
  });
  router.get('/:id/lobby', onGame(ctx, seats.lobby));
  router.post('/:id/remove-player/:playerId', async (req, res) => {
    const playerId = parseId(req.params.playerId, MSG.PLAYER_NOT_FOUND);
    send(res, await seats.removePlayer(ctx, user(res), parseId(req.params.id), playerId));
  });
  router.get('/:id/settings', onGame(ctx, flow.getSettings));
  router.post('/:id/settings', withInput(ctx, settingsSchema, flow.updateSettings));
  router.post('/:id/select-role', withInput(ctx, selectRoleSchema, seats.selectRole));
  router.post('/:id/change-role', withInput(ctx, changeRoleSchema, seats.changeRole));
  router.post('/:id/start', onGame(ctx, flow.startGame));
  router.post('/:id/first-player', onGame(ctx, flow.pickFirstPlayer));
  router.post('/:id/end', onGame(ctx, flow.endGame));
  router.get('/:id/showdown', onGame(ctx, flow.showdown));

  router.put('/:id/update/orderbook', async (req, res) => {
    const gameId = parseId(req.params.id);
    const { orderbook_status } = parseInput(orderbookSchema, req.body);
    send(res, await flow.setOrderbook(ctx, hooks, user(res), gameId, orderbook_status));
  });
  router.put('/:id/payday', onGame(ctx, flow.givePayday));
  // The broker's undo (60 s, no order since) and "Play again" (docs/rules.md).
  router.post('/:id/undo', onGame(ctx, undoLastAction));
  router.post('/:id/rematch', async (req, res) => {
    send(res, await openRematch(ctx, user(res), parseId(req.params.id), req.ip), 201);
  });
  router.post('/:id/recap/skip', onGame(ctx, skipRecap));
  router.get('/:id/user/portfolio', onGame(ctx, market.getPortfolio));
  router.get('/:id/prices/history', onGame(ctx, market.getPriceHistory));
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
  router.get('/game/:id', onGame(ctx, mayhem.getMayhem));
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

/**
 * Game commands over the socket (shared/src/commands.ts): the broker's price moves,
 * phases, paydays and market mayhem, and the investors' orders, as events with an
 * acknowledgement. Each calls the same service as its REST route (http/game-routes.ts) with
 * the same body schema, Idempotency-Key check and answer; the services check the seat and the
 * role. The socket's identity was verified once at the handshake (gateway.ts), and a revoked
 * session's sockets are disconnected on every node; what a per-request check would still refuse
 * is refused here too: no token (a spectator's socket) and an access token past its expiry.
 */
import jwt from 'jsonwebtoken';
import type { Socket } from 'socket.io';
import type { ZodType } from 'zod';
import {
  mayhemCreateSchema,
  mayhemRespondSchema,
  orderbookSchema,
  priceUpdateSchema,
  tradeSchema,
} from '@showdown/shared/api';
import {
  COMMAND_ANSWER_TIMEOUT_MS,
  SOCKET_COMMAND_NAMES,
  type CommandAck,
  type CommandData,
  type CommandPayload,
  type SocketCommandName,
} from '@showdown/shared/commands';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import { dbClient, isClientGone } from '../db/fair-queue.ts';
import { isMissingUser } from '../db/errors.ts';
import {
  AppError,
  STATUS_OF,
  badRequest,
  dependencyAckError,
  notFound,
  parseInput,
} from '../http/errors.ts';
import { DomainError } from '../games/errors.ts';
import * as flow from '../games/flow-service.ts';
import * as market from '../games/market-service.ts';
import * as mayhem from '../games/mayhem-service.ts';
import type { ServiceResult } from '../games/service-result.ts';

export { SOCKET_COMMAND_NAMES };

const MAX_SERIAL = 2_147_483_647;
/** The REST route's check of the Idempotency-Key header. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

type Payload = Record<string, unknown>;

/** The id a REST path would name, or the REST answer to a path that names no row (404). */
function idOf(payload: Payload, field: 'game_id' | 'mayhem_id'): number {
  const id = payload[field];
  if (typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= MAX_SERIAL) return id;
  throw notFound(field === 'game_id' ? MSG.GAME_NOT_FOUND : MSG.MAYHEM_NOT_FOUND);
}

/** The body as the REST route parses it (the ids and the key are not body fields: dropped). */
function body<S extends ZodType>(schema: S, payload: Payload) {
  const { game_id: _g, mayhem_id: _m, idempotency_key: _k, ...rest } = payload;
  return parseInput(schema, rest);
}

function idempotencyKeyOf(payload: Payload): string | undefined {
  const key = payload.idempotency_key;
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)) {
    throw badRequest(MSG.IDEMPOTENCY_KEY_INVALID);
  }
  return key;
}

type Run<E extends SocketCommandName> = (
  ctx: AppContext,
  hooks: flow.PhaseHooks,
  userId: number,
  payload: Payload,
  socketId: string,
) => Promise<ServiceResult<CommandData<E>>>;

/** Each command, in the order its REST route checks: the path's id, the body, the service. */
const COMMANDS: { [E in SocketCommandName]: Run<E> } = {
  'price:update': (ctx, _hooks, userId, p) => {
    const gameId = idOf(p, 'game_id');
    return market.updatePrice(ctx, userId, gameId, body(priceUpdateSchema, p));
  },
  'orderbook:update': (ctx, hooks, userId, p) => {
    const gameId = idOf(p, 'game_id');
    const { orderbook_status } = body(orderbookSchema, p);
    return flow.setOrderbook(ctx, hooks, userId, gameId, orderbook_status);
  },
  'payday:give': (ctx, _hooks, userId, p) => flow.givePayday(ctx, userId, idOf(p, 'game_id')),
  'mayhem:create': (ctx, _hooks, userId, p) => {
    const gameId = idOf(p, 'game_id');
    return mayhem.createMayhem(ctx, userId, gameId, body(mayhemCreateSchema, p));
  },
  'mayhem:respond': (ctx, _hooks, userId, p) => {
    const mayhemId = idOf(p, 'mayhem_id');
    return mayhem.respondMayhem(ctx, userId, mayhemId, body(mayhemRespondSchema, p));
  },
  'mayhem:average': (ctx, _hooks, userId, p) =>
    mayhem.averageMayhemList(ctx, userId, idOf(p, 'mayhem_id')),
  'order:place': (ctx, _hooks, userId, p, socketId) => {
    const gameId = idOf(p, 'game_id');
    const input = body(tradeSchema, p);
    // No socket (a bot's command): every device of the owner is told the new portfolio.
    const answeredOn = socketId === '' ? undefined : socketId;
    return market.placeOrder(ctx, userId, gameId, input, idempotencyKeyOf(p), answeredOn);
  },
};

/**
 * Runs one command as the user, exactly as their socket's event would (the path's id, the body's
 * schema, the service), without a socket: how a bot acts (bots/driver.ts). Refusals throw.
 */
export function runCommand<E extends SocketCommandName>(
  ctx: AppContext,
  hooks: flow.PhaseHooks,
  userId: number,
  name: E,
  payload: CommandPayload<E>,
): Promise<ServiceResult<CommandData<E>>> {
  const run = COMMANDS[name] as Run<E>;
  return run(ctx, hooks, userId, payload as Payload, '');
}

function failure(status: number, code: AppError['code'], message: string): CommandAck<never> {
  return { error: { code, message, status } };
}

/** The REST failure's status, code and message for what a command threw (http/errors.ts). */
function failureOf(err: unknown, ctx: AppContext): CommandAck<never> {
  if (err instanceof AppError) return failure(err.status, err.code, err.message);
  if (err instanceof DomainError) return failure(STATUS_OF[err.kind], err.code, err.message);
  if (isMissingUser(err)) return failure(401, ERROR_CODE.UNAUTHORIZED, MSG.INVALID_TOKEN);
  const dependency = dependencyAckError(ctx.logger, err);
  if (dependency) return { error: dependency };
  if (!isClientGone(err)) ctx.logger.error({ err }, 'socket command failed');
  return failure(500, ERROR_CODE.INTERNAL, MSG.INTERNAL);
}

/** When the handshake's access token expires (ms), read once per socket; 0 without one. */
function tokenExpiryMs(socket: Socket): number {
  const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') return 0;
  const payload = jwt.decode(token);
  return payload && typeof payload === 'object' && typeof payload.exp === 'number'
    ? payload.exp * 1000
    : 0;
}

/**
 * Registers the commands on one connected socket. Call it from the gateway's connection
 * handler, after its per-socket rate limit (`socket.use`), which counts these events too.
 */
export function attachSocketCommands(
  socket: Socket,
  ctx: AppContext,
  hooks: flow.PhaseHooks,
): void {
  let expiresAtMs: number | undefined;
  for (const name of SOCKET_COMMAND_NAMES) {
    const run = COMMANDS[name] as Run<SocketCommandName>;
    socket.on(name, (payload: unknown, ack: unknown) => {
      // A command nobody can answer is not run: a device always waits for its answer.
      if (typeof ack !== 'function') return;
      const reply = ack as (res: CommandAck<unknown>) => void;
      const userId = socket.data.userId as number | null;
      if (userId === null) return reply(failure(401, ERROR_CODE.UNAUTHORIZED, MSG.NO_TOKEN));
      expiresAtMs ??= tokenExpiryMs(socket);
      if (ctx.clock.now().getTime() >= expiresAtMs) {
        return reply(failure(403, ERROR_CODE.TOKEN_EXPIRED, MSG.TOKEN_EXPIRED));
      }
      const fields: Payload =
        typeof payload === 'object' && payload !== null ? (payload as Payload) : {};
      // The database queue takes this user's work in turn with every other client's, as for a
      // request. A command whose device stopped waiting before its turn (the socket closed, or
      // the answer's timeout passed) starts nothing, as a request whose connection closed: under
      // overload the database serves the commands someone still waits for.
      const giveUpAt = ctx.clock.now().getTime() + COMMAND_ANSWER_TIMEOUT_MS;
      const gone = () => socket.disconnected || ctx.clock.now().getTime() >= giveUpAt;
      dbClient
        .run({ key: `user:${userId}`, gone }, async () =>
          run(ctx, hooks, userId, fields, socket.id),
        )
        .then(
          (result) =>
            reply(
              result.message === undefined
                ? { data: result.data }
                : { data: result.data, message: result.message },
            ),
          (err: unknown) => reply(failureOf(err, ctx)),
        );
    });
  }
}

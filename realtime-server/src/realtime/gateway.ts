/**
 * The Socket.IO gateway: handshake auth, rooms, snapshots. Handlers validate every
 * payload, answer with `{ data } | { error }` and never throw across the socket. The REST calls
 * are the only writers; this only reads, through the game services (never the database itself).
 */
import type { Socket } from 'socket.io';
import type { ZodType } from 'zod';
import { ERROR_CODE, MSG, type ErrorCode } from '@showdown/shared/messages';
import type { IncomingMessage } from 'node:http';
import {
  CONNECT_ERROR,
  MAX_SOCKETS_PER_USER,
  PROTOCOL_VERSION,
  type Ack,
  type ClientToServerEvents,
  type GameSnapshot,
  type ServerToClientEvents,
} from '@showdown/shared/protocol';
// Schemas apart from the protocol's types: the web app loads protocol.ts without zod.
import { gameRefSchema, spectateSchema } from '@showdown/shared/protocol-schemas';
import { toSpectatorSnapshot } from '@showdown/shared/spectator';
import type { AppContext } from '../context.ts';
import { dbClient, isClientGone } from '../db/fair-queue.ts';
import {
  AppError,
  RETRY_AFTER_SECONDS,
  dependencyAckError,
  dependencyFailure,
  logDependencyFailure,
} from '../http/errors.ts';
import { AuthRefusal } from '../auth/auth-refusal.ts';
import { spectatedGameId } from '../games/board-service.ts';
import { DomainError, unauthorized } from '../games/errors.ts';
import { seatOf, seatedPlayers } from '../games/seats-service.ts';
import { playerSnapshot, publicSnapshot } from '../games/snapshot-service.ts';
import { recordBrokerPresence } from './broker-presence.ts';
import { connectedUsersOf, createPresence } from './presence.ts';
import { createSocketCap } from './socket-cap.ts';
import { limitedLookup, type MissLimit } from '../http/miss-limit.ts';
import type { SeatCache } from './seat-cache.ts';
import { SOCKET_COMMAND_NAMES, attachSocketCommands } from './socket-commands.ts';
import type { PhaseHooks } from '../games/flow-service.ts';
import {
  boardRoom,
  gameRoom,
  sessionRoom,
  spectatorRoom,
  userRoom,
  type InterServerEvents,
  type ShowdownServer,
  type SocketData,
} from './publisher.ts';

type ShowdownSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

const KNOWN_EVENTS = new Set<string>([
  'game:join',
  'game:resync',
  'game:leave',
  'board:spectate',
  ...SOCKET_COMMAND_NAMES,
]);

/** Token bucket per socket, shared by every event, known or not: a burst of 30, 15 a second. */
const RATE_BURST = 30;
const RATE_PER_SECOND = 15;
/** A client that keeps sending after its bucket is empty is disconnected. */
const RATE_STRIKES_BEFORE_DISCONNECT = 50;
/** Ids are PostgreSQL `integer`s: anything larger can name no game. */
const MAX_ID = 2_147_483_647;

const gameRef = gameRefSchema.refine((p) => p.game_id <= MAX_ID);

function failure(code: ErrorCode, message: string): Ack<never> {
  return { error: { code, message } };
}

function toAckError(err: unknown, ctx: AppContext): Ack<never> {
  if (err instanceof AppError || err instanceof DomainError) return failure(err.code, err.message);
  // A disconnected socket's command that never started: nobody to answer, nothing went wrong.
  if (isClientGone(err)) return failure(ERROR_CODE.INTERNAL, MSG.INTERNAL);
  const dependency = dependencyAckError(ctx.logger, err);
  if (dependency) {
    // The gateway's answers carry no status (Ack): the code and the wait say it.
    const { status: _status, ...error } = dependency;
    return { error };
  }
  ctx.logger.error({ err }, 'socket handler failed');
  return failure(ERROR_CODE.INTERNAL, MSG.INTERNAL);
}

/** The game ids of the `game:<id>` rooms a socket is in. */
function gameRoomsOf(socket: ShowdownSocket): number[] {
  const ids: number[] = [];
  for (const room of socket.rooms) {
    if (room.startsWith('game:')) ids.push(Number(room.slice('game:'.length)));
  }
  return ids;
}

/**
 * Throws unless the user has a seat in the game (completed games included): from this process's
 * seat cache, else from the database (and then kept in the cache).
 */
async function checkSeat(
  ctx: AppContext,
  seats: SeatCache,
  gameId: number,
  userId: number,
): Promise<void> {
  if (seats.has(gameId, userId)) return;
  const mark = seats.mark();
  await seatOf(ctx.db, gameId, userId);
  seats.remember(gameId, userId, mark);
}

/** Whether the user still has a seat in the game (completed games included). */
async function isSeated(
  ctx: AppContext,
  seats: SeatCache,
  gameId: number,
  userId: number,
): Promise<boolean> {
  try {
    await checkSeat(ctx, seats, gameId, userId);
    return true;
  } catch (err) {
    if (err instanceof DomainError) return false;
    throw err;
  }
}

export interface Gateway {
  /** The server is closing: its sockets leave because it stops, which changes no presence. */
  close(): void;
  /** Player ids of the game's seated players with a connected device, on every node. */
  online(gameId: number): Promise<number[]>;
}

export interface GatewayOptions {
  /**
   * Other processes or nodes serve the same games (cluster workers, Redis nodes): presence and
   * the socket cap ask them too.
   */
  shared?: boolean;
  /** Board-code misses per client address (a spectator guessing codes). */
  spectateLimit: MissLimit;
  /** The client address of a handshake, as Express finds it (TRUST_PROXY). */
  clientAddress: (req: IncomingMessage) => string;
  /** The game commands over the socket (socket-commands.ts) tell the phase timers, as REST does. */
  hooks: PhaseHooks;
}

type Presence = ReturnType<typeof createPresence>;
type SocketCap = ReturnType<typeof createSocketCap>;

/**
 * The handshake: the protocol version, then the access token (none: a spectator), the socket
 * cap, and the user's and session's rooms.
 */
function handshake(ctx: AppContext, cap: SocketCap) {
  return async (socket: ShowdownSocket, next: (err?: Error) => void) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; protocol?: unknown };
    if (auth.protocol !== undefined && auth.protocol !== PROTOCOL_VERSION) {
      return next(
        Object.assign(new Error(CONNECT_ERROR.PROTOCOL_MISMATCH), {
          data: { protocol: PROTOCOL_VERSION },
        }),
      );
    }
    const data = socket.data;
    if (auth.token === undefined || auth.token === null || auth.token === '') {
      data.userId = null; // a spectator
      data.sessionId = null;
      return next();
    }
    if (typeof auth.token !== 'string') return next(new Error(CONNECT_ERROR.UNAUTHORIZED));
    try {
      // Runs on Connection State Recovery too: a recovered socket of a revoked session is refused.
      const { userId, sessionId } = await ctx.tokens.verifyAccess(auth.token);
      const admitted = await cap.admit(userId, socket.id);
      if (!admitted) {
        return next(
          Object.assign(new Error(MSG.TOO_MANY_SOCKETS), {
            data: { code: CONNECT_ERROR.TOO_MANY_SOCKETS, limit: MAX_SOCKETS_PER_USER },
          }),
        );
      }
      data.userId = userId;
      data.sessionId = sessionId;
      try {
        await socket.join([userRoom(userId), sessionRoom(sessionId)]);
      } finally {
        admitted.release();
      }
      next();
    } catch (err) {
      // The session's row could not be read: the token may well be good, so the device is told
      // to connect again shortly, as after a lost connection, and keeps its sign-in.
      const dependency = dependencyFailure(err);
      if (dependency) {
        logDependencyFailure(ctx.logger, err, dependency);
        const { code, message, retryAfter = RETRY_AFTER_SECONDS } = dependency;
        return next(
          Object.assign(new Error(CONNECT_ERROR.UNAVAILABLE), {
            data: { code, message, retry_after: retryAfter },
          }),
        );
      }
      const expired = err instanceof AuthRefusal && err.reason === 'TOKEN_EXPIRED';
      const reason = expired ? CONNECT_ERROR.TOKEN_EXPIRED : CONNECT_ERROR.UNAUTHORIZED;
      next(Object.assign(new Error(reason), { data: { code: reason } }));
    }
  };
}

/**
 * Every incoming event, known or not, with or without an acknowledgement, takes a token from the
 * socket's bucket; an unknown event is answered as such.
 */
function limitEvents(socket: ShowdownSocket): void {
  let tokens = RATE_BURST;
  let last = Date.now();
  let strikes = 0;

  const allow = (): boolean => {
    const now = Date.now();
    tokens = Math.min(RATE_BURST, tokens + ((now - last) / 1000) * RATE_PER_SECOND);
    last = now;
    if (tokens >= 1) {
      tokens -= 1;
      return true;
    }
    strikes += 1;
    if (strikes > RATE_STRIKES_BEFORE_DISCONNECT) socket.disconnect(true);
    return false;
  };

  socket.use((packet, next) => {
    if (allow()) return next();
    const ack: unknown = packet[packet.length - 1];
    if (typeof ack === 'function') ack(failure(ERROR_CODE.RATE_LIMITED, MSG.RATE_LIMITED));
  });

  socket.onAny((event: string, ...args: unknown[]) => {
    if (KNOWN_EVENTS.has(event)) return;
    const ack = args[args.length - 1];
    if (typeof ack === 'function')
      ack(failure(ERROR_CODE.VALIDATION, `Unknown event '${String(event).slice(0, 40)}'.`));
  });
}

/** What one socket's room handlers work with. */
interface SocketScope {
  socket: ShowdownSocket;
  ctx: AppContext;
  seats: SeatCache;
  presence: Presence;
  /** Runs room changes of the socket one after another, in arrival order. */
  inOrder: <R>(work: () => Promise<R>) => Promise<R>;
}

/**
 * Room changes of one socket run one after another in arrival order, so a `game:leave` sent
 * after a `game:join` is applied after it, whatever the database answers first.
 */
function sequential(): SocketScope['inOrder'] {
  let roomWork: Promise<unknown> = Promise.resolve();
  return <R>(work: () => Promise<R>): Promise<R> => {
    const run = roomWork.then(work, work);
    roomWork = run.catch(() => undefined);
    return run;
  };
}

/** Wraps a handler: payload validation, one acknowledgement, no throw. */
function handler({ socket, ctx, inOrder }: SocketScope) {
  return <P, R>(schema: ZodType<P>, work: (payload: P) => Promise<R>) =>
    (payload: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const reply = ack as (res: Ack<R>) => void;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return reply(failure(ERROR_CODE.VALIDATION, MSG.VALIDATION));
      // The database queue takes this socket's work in turn with every other client's.
      const key =
        socket.data.userId !== null ? `user:${socket.data.userId}` : `socket:${socket.id}`;
      const gone = () => socket.disconnected;
      inOrder(() => dbClient.run({ key, gone }, () => work(parsed.data))).then(
        (data) => reply({ data }),
        (err: unknown) => reply(toAckError(err, ctx)),
      );
    };
}

/** `game:join` and `game:resync`: the seat checked, the room joined, the player's snapshot. */
function joinGame({ socket, ctx, seats, presence }: SocketScope) {
  return async ({ game_id }: { game_id: number }): Promise<GameSnapshot> => {
    const userId = socket.data.userId;
    if (userId === null) throw unauthorized(MSG.NO_TOKEN);
    // Check first: a socket without a seat never enters the room. The check may answer from
    // the seat cache, which only ever holds seats this process read: an outsider is always
    // checked against the database.
    await checkSeat(ctx, seats, game_id, userId);
    const wasIn = socket.rooms.has(gameRoom(game_id));
    // Join before reading the snapshot: an event committed meanwhile carries a seq the
    // snapshot covers. The snapshot checks the seat again in the database, so a removal that
    // landed between the check and the join (and so missed this socket), or one this
    // process has not heard of yet (a cached seat), takes it out here.
    await socket.join(gameRoom(game_id));
    let snapshot: GameSnapshot;
    try {
      snapshot = await playerSnapshot(ctx, game_id, userId);
    } catch (err) {
      if (err instanceof DomainError) seats.forget(game_id, userId);
      await socket.leave(gameRoom(game_id));
      throw err;
    }
    if (!wasIn) void presence.refresh(game_id);
    return { ...snapshot, online: await presence.online(game_id) };
  };
}

/** `board:spectate`: a spectator follows one board, its misses counted per client address. */
function spectate({ socket, ctx, presence }: SocketScope, options: GatewayOptions) {
  const { spectateLimit, clientAddress } = options;
  return async ({ code }: { code: string }) => {
    const address = clientAddress(socket.request);
    const gameId = await limitedLookup(spectateLimit, address, MSG.SPECTATE_LIMITED, () =>
      spectatedGameId(ctx, code),
    );
    // A spectator follows one board: its game's spectator room (the allowlisted copy of each
    // event, never the players' room) and the board's room (told when a new game opens).
    for (const room of socket.rooms) {
      if (/^(game|spectate|board):/.test(room)) await socket.leave(room);
    }
    await socket.join([spectatorRoom(gameId), boardRoom(code)]);
    const snapshot = await publicSnapshot(ctx, gameId);
    return toSpectatorSnapshot({
      ...snapshot,
      price_history: snapshot.price_history ?? [],
      online: await presence.online(gameId),
    });
  };
}

/** The room events of one socket, and presence when it leaves. */
function attachRoomHandlers(scope: SocketScope, options: GatewayOptions): void {
  const { socket, presence } = scope;
  const handle = handler(scope);
  // Presence: a seated socket leaving its game room (or the server) changes who is online.
  socket.on('disconnecting', () => {
    const left = [...socket.rooms].filter((r) => r.startsWith('game:'));
    socket.once('disconnect', () => {
      for (const room of left) void presence.refresh(Number(room.slice('game:'.length)));
    });
  });

  socket.on('game:join', handle(gameRef, joinGame(scope)));
  socket.on('game:resync', handle(gameRef, joinGame(scope)));
  socket.on(
    'game:leave',
    handle(gameRef, async ({ game_id }) => {
      const wasIn = socket.rooms.has(gameRoom(game_id));
      await socket.leave(gameRoom(game_id));
      if (wasIn) void presence.refresh(game_id);
      return { left: true as const };
    }),
  );
  socket.on('board:spectate', handle(spectateSchema, spectate(scope, options)));
}

/** A recovered socket gets its rooms back as they were; a player removed meanwhile must not. */
function recheckRecovered({ socket, ctx, seats, presence, inOrder }: SocketScope): void {
  const userId = socket.data.userId;
  if (!socket.recovered || userId === null) return;
  void inOrder(async () => {
    for (const gameId of gameRoomsOf(socket)) {
      if (await isSeated(ctx, seats, gameId, userId)) continue;
      await socket.leave(gameRoom(gameId));
      void presence.refresh(gameId);
    }
  }).catch((err: unknown) => {
    ctx.logger.error({ err }, 'recovered socket re-check failed');
    socket.disconnect(true);
  });
}

export function attachGateway(
  io: ShowdownServer,
  ctx: AppContext,
  seats: SeatCache,
  options: GatewayOptions,
): Gateway {
  const shared = options.shared ?? false;
  const presence = createPresence(
    io,
    connectedUsersOf(io, shared),
    seatedPlayers(ctx.db),
    ctx.logger,
    recordBrokerPresence(ctx),
  );
  io.use(handshake(ctx, createSocketCap(io, shared, ctx.logger)));

  io.on('connection', (socket: ShowdownSocket) => {
    limitEvents(socket);
    const scope: SocketScope = { socket, ctx, seats, presence, inOrder: sequential() };
    attachRoomHandlers(scope, options);
    attachSocketCommands(socket, ctx, options.hooks);
    recheckRecovered(scope);
  });

  return { close: () => presence.stop(), online: (gameId) => presence.online(gameId) };
}

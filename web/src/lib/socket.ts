/**
 * The live connection to one game (docs/architecture.md). Transport only: what to do with a
 * snapshot or an event is injected, so this file knows neither the store nor the router.
 *
 * - first connect: 'game:join' enters the game room and answers a full snapshot.
 * - a reconnect that Connection State Recovery could not restore, or an event whose seq shows a
 *   gap: 'game:resync' for a fresh snapshot (one at a time; it also re-enters the room).
 * - connect_error TOKEN_EXPIRED: refresh the access token and connect again.
 * - connect_error UNAVAILABLE (the server's database briefly away): reconnecting, connect again
 *   after the server's retry_after.
 * - spectators connect without a token and send 'board:spectate'.
 */
import { GAME_EVENT_NAMES, SERVER_EVENT_NAMES } from './server-events';
import type {
  Ack,
  ClientToServerEvents,
  GameEventName,
  GameEventPayload,
  GameSnapshot,
  PresencePayload,
  ServerToClientEvents,
} from '@showdown/shared/protocol';
import type { Portfolio } from '@showdown/shared/api';
import type {
  SpectatorEventName,
  SpectatorEventPayload,
  SpectatorSnapshot,
} from '@showdown/shared/spectator';
import { CONNECT_ERROR, PROTOCOL_VERSION } from '@showdown/shared/protocol';
import { io, type Socket } from 'socket.io-client';
import { env } from '../config/env';
import { msg } from '../i18n';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** What applying one server event did. */
export type EventResult =
  /** Applied in order. */
  | 'applied'
  /** Already seen (seq ≤ current): ignored. */
  | 'stale'
  /** Events were missed: not applied, ask for a snapshot. */
  | 'gap'
  /** Another game, or no snapshot yet: ignored. */
  | 'ignored'
  /** I was removed from the game: the game state was cleared. */
  | 'removed-self';

export type EventHandler = <E extends GameEventName>(
  name: E,
  payload: GameEventPayload<E>,
) => EventResult;

/** What the connection is doing, for the "Reconnecting…" banner. */
export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting';

const ACK_TIMEOUT_MS = 10_000;
/** After the server disconnected us (shutdown), the wait before connecting again. */
export const SERVER_DISCONNECT_RETRY_MS = 1000;

/** The wait a refused handshake asks for (`data.retry_after`, seconds), else the shutdown's. */
function retryAfterMs(error: Error): number {
  const seconds = (error as { data?: { retry_after?: unknown } }).data?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : SERVER_DISCONNECT_RETRY_MS;
}

export interface ConnectionHandlers {
  onSnapshot: (snapshot: GameSnapshot) => void;
  /** Applies one public event; returning 'gap' asks for a snapshot. */
  onEvent: EventHandler;
  /** My private portfolio update (seated players only). */
  onPortfolio?: (gameId: number, portfolio: Portfolio) => void;
  /** Who of the seated players is connected now (no seq: the newest list wins). */
  onPresence?: (presence: PresencePayload) => void;
  /** The socket went down, or is back with the game's state resynced. */
  onStatus?: (status: ConnectionStatus) => void;
  /** A join/resync/spectate refusal, a handshake refusal or a failed token refresh. */
  onError?: (message: string, code?: string) => void;
}

export interface GameConnectionOptions extends ConnectionHandlers {
  gameId: number;
  getToken: () => string | null;
  /** Refreshes the access token (the api client's single-flight refresh). */
  refreshToken: () => Promise<string>;
  /** For tests: builds the socket instead of socket.io-client's io(). */
  createSocket?: (auth: SocketAuth) => GameSocket;
}

/** What a spectator screen does with what its socket receives (the allowlisted copies). */
export interface SpectatorHandlers {
  onSnapshot: (snapshot: SpectatorSnapshot) => void;
  /** Applies one event; returning 'gap' asks for a snapshot. */
  onEvent: <E extends SpectatorEventName>(
    name: E,
    payload: SpectatorEventPayload<E>,
  ) => EventResult;
  onError?: (message: string, code?: string) => void;
}

export interface SpectateOptions extends SpectatorHandlers {
  code: string;
  createSocket?: (auth: SocketAuth) => GameSocket;
}

export type SocketAuth = (cb: (data: { token?: string; protocol: number }) => void) => void;

export interface GameConnection {
  socket: GameSocket;
  /** Asks for a fresh snapshot (manual refresh or after a seq gap). */
  resync: () => Promise<void>;
  disconnect: () => void;
}

/**
 * The socket.io-client socket, pointed at VITE_API_URL ('' = this origin). WebSocket only: the
 * server offers no HTTP long-polling (one connection per session, whichever process holds it).
 */
export function createSocket(auth: SocketAuth): GameSocket {
  const options = { auth, autoConnect: false, transports: ['websocket'] };
  return env.VITE_API_URL ? io(env.VITE_API_URL, options) : io(options);
}

/**
 * Back online (the browser's `online` event), a socket that is down connects at once. Otherwise
 * it would wait out socket.io's backoff, or an attempt begun while the phone had no network,
 * which can hang until socket.io's 20 s connection timeout before the next one starts. Answers
 * the listener's removal.
 */
function connectWhenOnline(socket: GameSocket): () => void {
  const onOnline = () => {
    if (socket.connected) return;
    // A fresh attempt now: drops the pending one and the backoff, keeps the session to recover.
    socket.disconnect();
    socket.connect();
  };
  window.addEventListener('online', onOnline);
  return () => window.removeEventListener('online', onOnline);
}

type SnapshotCommand = 'game:join' | 'game:resync';

interface SnapshotHandlers<S> {
  onSnapshot: (snapshot: S) => void;
  onError?: (message: string, code?: string) => void;
}

function answer<S>(handlers: SnapshotHandlers<S>, resolve: () => void) {
  return (error: Error | null, res?: Ack<S>) => {
    if (error || !res) handlers.onError?.(error?.message ?? msg('No answer from the server'));
    else if ('error' in res) handlers.onError?.(res.error.message, res.error.code);
    else handlers.onSnapshot(res.data);
    resolve();
  };
}

function requestSnapshot(
  socket: GameSocket,
  command: SnapshotCommand,
  payload: { game_id: number },
  handlers: SnapshotHandlers<GameSnapshot> & Pick<ConnectionHandlers, 'onStatus'>,
): Promise<void> {
  return new Promise((resolve) => {
    const onSnapshot = (snapshot: GameSnapshot) => {
      handlers.onSnapshot(snapshot);
      handlers.onStatus?.('online');
    };
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit(command, payload, answer({ onSnapshot, onError: handlers.onError }, resolve));
  });
}

function requestSpectatorSnapshot(
  socket: GameSocket,
  code: string,
  handlers: SnapshotHandlers<SpectatorSnapshot>,
): Promise<void> {
  return new Promise((resolve) => {
    socket.timeout(ACK_TIMEOUT_MS).emit('board:spectate', { code }, answer(handlers, resolve));
  });
}

function listen(socket: GameSocket, handlers: ConnectionHandlers, onGap: () => void): void {
  for (const name of GAME_EVENT_NAMES) {
    // One generic listener per event name; the payload type follows the name.
    (socket.on as (event: string, listener: (payload: never) => void) => void)(name, (payload) => {
      if (handlers.onEvent(name, payload) === 'gap') onGap();
    });
  }
  socket.on('portfolio:updated', ({ game_id, portfolio }) =>
    handlers.onPortfolio?.(game_id, portfolio),
  );
  socket.on('presence:changed', (presence) => handlers.onPresence?.(presence));
  socket.on('disconnect', (reason) => {
    // Our own disconnect (leaving the game) is not a lost connection.
    if (reason !== 'io client disconnect') handlers.onStatus?.('reconnecting');
  });
}

/** Connects to one game as a seated player and keeps the state in sync. */
export function connectGame(options: GameConnectionOptions): GameConnection {
  const { gameId, getToken, refreshToken } = options;
  const auth: SocketAuth = (cb) => {
    const token = getToken();
    cb(token ? { token, protocol: PROTOCOL_VERSION } : { protocol: PROTOCOL_VERSION });
  };
  const socket = (options.createSocket ?? createSocket)(auth);
  let resyncing: Promise<void> | null = null;
  let closed = false;

  const resync = () => {
    resyncing ??= requestSnapshot(socket, 'game:resync', { game_id: gameId }, options).finally(
      () => {
        resyncing = null;
      },
    );
    return resyncing;
  };

  let joined = false;
  socket.on('connect', () => {
    if (!joined) {
      joined = true;
      void requestSnapshot(socket, 'game:join', { game_id: gameId }, options);
      return;
    }
    // A recovered session replayed the missed events and kept the room; otherwise resync
    // (which also re-enters the game room).
    if (socket.recovered) options.onStatus?.('online');
    else void resync();
  });

  socket.on('connect_error', (error) => {
    if (closed) return;
    if (error.message === CONNECT_ERROR.TOKEN_EXPIRED) {
      refreshToken().then(
        () => {
          if (!closed) socket.connect();
        },
        (refreshError: unknown) =>
          options.onError?.(
            refreshError instanceof Error ? refreshError.message : msg('Failed to refresh token'),
          ),
      );
      return;
    }
    if (error.message === CONNECT_ERROR.UNAVAILABLE) {
      // The server could not check the token (its database briefly away): a network blip, not a
      // sign-out. socket.io does not retry a refused handshake: try again after the server's wait.
      options.onStatus?.('reconnecting');
      setTimeout(() => {
        if (!closed) socket.connect();
      }, retryAfterMs(error));
      return;
    }
    if (socket.active) options.onStatus?.('reconnecting');
    else options.onError?.(error.message);
  });

  socket.on('disconnect', (reason) => {
    // A server shutting down (a restart, a deploy) disconnects every socket on purpose, and
    // socket.io does not retry after that: try again shortly, as after a lost connection.
    if (reason !== 'io server disconnect' || closed) return;
    setTimeout(() => {
      if (!closed) socket.connect();
    }, SERVER_DISCONNECT_RETRY_MS);
  });

  listen(socket, options, () => void resync());
  options.onStatus?.('connecting');
  socket.connect();
  const stopWatching = connectWhenOnline(socket);

  return {
    socket,
    resync,
    disconnect: () => {
      closed = true;
      stopWatching();
      socket.disconnect();
    },
  };
}

/**
 * A read-only view of a board's current game, without signing in: the allowlisted snapshot and
 * events. It follows the board: when a new game opens on the code ('board:moved'), or after a gap
 * or a reconnect that could not be recovered, it spectates the code again.
 */
export function spectateBoard(options: SpectateOptions): GameConnection {
  const socket = (options.createSocket ?? createSocket)((cb) => cb({ protocol: PROTOCOL_VERSION }));
  const code = options.code.trim().toUpperCase();
  let resyncing: Promise<void> | null = null;
  let closed = false;
  const resync = () => {
    resyncing ??= requestSpectatorSnapshot(socket, code, options).finally(() => {
      resyncing = null;
    });
    return resyncing;
  };
  socket.on('connect', () => {
    if (!socket.recovered) void resync();
  });
  socket.on('connect_error', (error) => {
    if (!closed && !socket.active) options.onError?.(error.message);
  });
  for (const name of SERVER_EVENT_NAMES) {
    if (name === 'portfolio:updated') continue;
    if (name === 'board:moved') {
      socket.on('board:moved', () => void resync());
      continue;
    }
    (socket.on as (event: string, listener: (payload: never) => void) => void)(name, (payload) => {
      if (options.onEvent(name, payload) === 'gap') void resync();
    });
  }
  socket.connect();
  const stopWatching = connectWhenOnline(socket);
  return {
    socket,
    resync,
    disconnect: () => {
      closed = true;
      stopWatching();
      socket.disconnect();
    },
  };
}

let active: GameConnection | null = null;

/** The connection the app shell opened, so a screen's refresh button can resync. */
export function setActiveConnection(connection: GameConnection | null): void {
  active = connection;
}

/** The live connection's socket (game commands go over it: socket-commands.ts), or null. */
export function activeSocket(): GameSocket | null {
  return active?.socket ?? null;
}

/** Asks the live connection for a fresh snapshot; resolves at once when none is open. */
export function resyncGame(): Promise<void> {
  return active ? active.resync() : Promise.resolve();
}

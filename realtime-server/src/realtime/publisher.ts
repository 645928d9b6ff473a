import type { Server } from 'socket.io';
import type {
  ClientToServerEvents,
  GameEventName,
  GameEventPayload,
  ServerToClientEvents,
} from '@showdown/shared/protocol';
import type { Portfolio } from '@showdown/shared/api';
import { spectatorsMaySeeAll, toSpectatorEvent } from '@showdown/shared/spectator';
import type { SeatCache } from './seat-cache.ts';
import type { UserSockets } from './socket-cap.ts';
import type { Metrics } from '../metrics.ts';

export const gameRoom = (gameId: number) => `game:${gameId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket of one sign-in (refresh-token family): revoking it disconnects them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** A game's spectators: they get the allowlisted copy of each public event, never the original. */
export const spectatorRoom = (gameId: number) => `spectate:${gameId}`;
/** A board code's spectators, told when a new game opens on the code. */
export const boardRoom = (code: string) => `board:${code}`;

/** How services tell devices about a committed change. Call it only after the commit. */
export interface GamePublisher {
  game<E extends GameEventName>(gameId: number, name: E, payload: GameEventPayload<E>): void;
  /**
   * The owner's portfolio to each of the owner's sockets; `answeredOn`, the socket whose command
   * answer already carries it, is left out (one frame and one kernel write fewer an order).
   */
  portfolio(userId: number, gameId: number, portfolio: Portfolio, answeredOn?: string): void;
  /**
   * A removed player: every socket of the user leaves the game's room, and every process drops
   * the seat from its cache.
   */
  evict(gameId: number, userId: number): void;
  /** A new game opened on a board code: its spectators move to it. */
  boardOpened(code: string, gameId: number): void;
}

/** Between server nodes (through the adapter): a phase one node opened, for the others' timers. */
export interface InterServerEvents {
  'phase:scheduled': (gameId: number, endsAt: string) => void;
  /** A session was revoked on another node: drop what this node knows of it. */
  'session:revoked': (sessionId: string) => void;
  /** A seat was removed on another node: drop it from this node's seat cache. */
  'seat:removed': (gameId: number, userId: number) => void;
  /** Presence: the user ids with a socket in the game's room on the node asked. */
  'presence:users': (gameId: number, answer: (userIds: number[]) => void) => void;
  /** The socket cap: the user's sockets on the node asked, and the handshakes it is admitting. */
  'user:sockets': (userId: number, answer: (held: UserSockets) => void) => void;
}

export interface SocketData {
  /** null for a spectator, who connects without a token. */
  userId: number | null;
  /** The session (refresh-token family) the access token belongs to; null for a spectator. */
  sessionId: string | null;
}

export type ShowdownServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export function createSocketPublisher(
  io: ShowdownServer,
  seats: SeatCache,
  metrics?: Pick<Metrics, 'broadcasts'>,
): GamePublisher {
  return {
    game(gameId, name, payload) {
      metrics?.broadcasts.inc({ event: name });
      // The generic emit signature cannot be narrowed per event name; the public signature is.
      const emit = (rooms: string | string[], p: unknown) =>
        (io.to(rooms).emit as (ev: string, p: unknown) => boolean)(name, p);
      // An event the spectators may see whole (a price move, a phase) is encoded and broadcast
      // once for both rooms; otherwise the spectators get their allowlisted copy.
      if (spectatorsMaySeeAll(name, payload)) {
        emit([gameRoom(gameId), spectatorRoom(gameId)], payload);
        return;
      }
      emit(gameRoom(gameId), payload);
      emit(spectatorRoom(gameId), toSpectatorEvent(name, payload));
    },
    portfolio(userId, gameId, portfolio, answeredOn) {
      metrics?.broadcasts.inc({ event: 'portfolio:updated' });
      const room = io.to(userRoom(userId));
      (answeredOn === undefined ? room : room.except(answeredOn)).emit('portfolio:updated', {
        game_id: gameId,
        portfolio,
      });
    },
    evict(gameId, userId) {
      seats.removed(gameId, userId);
      io.in(userRoom(userId)).socketsLeave(gameRoom(gameId));
    },
    boardOpened(code, gameId) {
      metrics?.broadcasts.inc({ event: 'board:moved' });
      io.to(boardRoom(code)).emit('board:moved', { code, game_id: gameId });
    },
  };
}

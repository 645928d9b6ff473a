import type { Server } from 'socket.io';
import type {
  ClientToServerEvents,
  GameEventName,
  GameEventPayload,
  ServerToClientEvents,
} from '@showdown/shared/protocol';
import type { Portfolio } from '@showdown/shared/api';
import type { CommandEvent } from '@showdown/shared/commands';
import { spectatorsMaySeeAll, toSpectatorEvent } from '@showdown/shared/spectator';
import type { SeatCache } from './seat-cache.ts';
import type { Metrics } from '../metrics.ts';

export const gameRoom = (gameId: number) => `game:${gameId}`;
export const userRoom = (userId: number) => `user:${userId}`;
/** Every socket of one sign-in (refresh-token family): revoking it disconnects them. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** A game's spectators: they get the allowlisted copy of each public event, never the original. */
export const spectatorRoom = (gameId: number) => `spectate:${gameId}`;
/** A board code's spectators, told when a new game opens on the code. */
export const boardRoom = (code: string) => `board:${code}`;

/**
 * The socket a command came on (realtime/socket-commands.ts), whose answer carries what that
 * socket is not sent on its own: one frame and one kernel write fewer for each.
 */
export interface AnsweredOn {
  socketId: string;
  /** The game events published for the command, which its answer carries (CommandAck). */
  events: CommandEvent[];
}

/** How services tell devices about a committed change. Call it only after the commit. */
export interface GamePublisher {
  /**
   * A public game event to the game's room and its spectators; with `answeredOn`, that socket is
   * left out and the event goes into its command's answer instead.
   */
  game<E extends GameEventName>(
    gameId: number,
    name: E,
    payload: GameEventPayload<E>,
    answeredOn?: AnsweredOn,
  ): void;
  /**
   * The owner's portfolio to each of the owner's sockets; `answeredOn`, the socket whose command
   * answer already carries it, is left out.
   */
  portfolio(userId: number, gameId: number, portfolio: Portfolio, answeredOn?: AnsweredOn): void;
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
  /** The socket cap: how many sockets the user has (or is opening) on the node asked. */
  'user:sockets': (userId: number, answer: (count: number) => void) => void;
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
    game(gameId, name, payload, answeredOn) {
      metrics?.broadcasts.inc({ event: name });
      if (answeredOn) answeredOn.events.push({ name, payload } as CommandEvent);
      // The generic emit signature cannot be narrowed per event name; the public signature is.
      const emit = (rooms: string | string[], p: unknown) => {
        const to = io.to(rooms);
        const except = answeredOn ? to.except(answeredOn.socketId) : to;
        return (except.emit as (ev: string, p: unknown) => boolean)(name, p);
      };
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
      (answeredOn ? room.except(answeredOn.socketId) : room).emit('portfolio:updated', {
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

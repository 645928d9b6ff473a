/**
 * Presence: which seated players have a live socket in their game's room, on any node (the
 * adapter's `fetchSockets` asks every node). Recomputed and broadcast to the game's players and
 * spectators whenever a seated socket enters or leaves a game room.
 *
 * Refreshes of one game are coalesced: while one runs, any number of further requests make one
 * more run after it (it may have read the room before their change), never one each. A table
 * whose nine devices join or drop at once costs two reads, not nine; and a closing server
 * refreshes nothing, since its sockets are leaving only because it stops.
 */
import { eq } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import type { Executor } from '../db/client.ts';
import { players } from '../db/schema.ts';
import { gameRoom, spectatorRoom, type ShowdownServer } from './publisher.ts';

export interface Presence {
  /** Player ids of the game's seated players that have a socket in the game's room. */
  online(gameId: number): Promise<number[]>;
  /** Recomputes the game's online list and broadcasts it (coalesced). Never throws. */
  refresh(gameId: number): Promise<void>;
  /** From now on, refreshes do nothing (the server is closing). */
  stop(): void;
}

export interface SeatedPlayer {
  id: number;
  userId: number;
}

/** The seated players of a game, as presence needs them. */
export function seatedPlayersOf(db: Executor) {
  return (gameId: number): Promise<SeatedPlayer[]> =>
    db
      .select({ id: players.id, userId: players.userId })
      .from(players)
      .where(eq(players.gameId, gameId));
}

type PresenceIo = Pick<ShowdownServer, 'in' | 'to'>;

export function createPresence(
  io: PresenceIo,
  seatedPlayers: (gameId: number) => Promise<SeatedPlayer[]>,
  logger: Pick<Logger, 'warn'>,
): Presence {
  let stopped = false;
  /** Games with a refresh running; `again` asks for one more run after it. */
  const running = new Map<number, { again: boolean; done: Promise<void> }>();

  const online = async (gameId: number): Promise<number[]> => {
    const sockets = await io.in(gameRoom(gameId)).fetchSockets();
    const connected = new Set(sockets.map((s) => s.data.userId).filter((id) => id !== null));
    if (connected.size === 0) return [];
    const seated = await seatedPlayers(gameId);
    return seated
      .filter((p) => connected.has(p.userId))
      .map((p) => p.id)
      .sort((a, b) => a - b);
  };

  const refreshOnce = async (gameId: number): Promise<void> => {
    try {
      const list = await online(gameId);
      if (stopped) return;
      io.to(gameRoom(gameId))
        .to(spectatorRoom(gameId))
        .emit('presence:changed', { game_id: gameId, online: list });
    } catch (err) {
      if (!stopped) logger.warn({ err, gameId }, 'presence refresh failed');
    }
  };

  return {
    online,
    refresh(gameId) {
      if (stopped) return Promise.resolve();
      const current = running.get(gameId);
      if (current) {
        current.again = true;
        return current.done;
      }
      const state = { again: false, done: Promise.resolve() };
      state.done = (async () => {
        try {
          do {
            state.again = false;
            await refreshOnce(gameId);
          } while (state.again && !stopped);
        } finally {
          running.delete(gameId);
        }
      })();
      running.set(gameId, state);
      return state.done;
    },
    stop() {
      stopped = true;
    },
  };
}

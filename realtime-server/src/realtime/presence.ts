/**
 * Presence: which seated players have a live socket in their game's room, on any process or
 * node, and the bots' seats, which are always at the table. Recomputed and broadcast to the game's players and spectators whenever a seated socket
 * enters or leaves a game room.
 *
 * Each process reads its own room; the others are asked for their users' ids only (a
 * server-side event with an answer), not with the adapter's `fetchSockets`, which ships every
 * socket's handshake (headers, access token), rooms and data through the primary or Redis: a
 * few bytes per socket instead of a kilobyte, on every join and every drop.
 *
 * Refreshes of one game are coalesced: while one runs, any number of further requests make one
 * more run after it (it may have read the room before their change), never one each. A table
 * whose nine devices join or drop at once costs two reads, not nine; and a closing server
 * refreshes nothing, since its sockets are leaving only because it stops.
 *
 * A refresh on another node may read the rooms before a change and finish after the refresh
 * that saw it, leaving its older list broadcast and recorded last (a broker shown online after
 * leaving, and a claim refused for it). So each node looks once more a moment after its
 * refreshes of a game settle: by then every refresh that began before the change has finished,
 * and the newest look has the last word.
 */
import type { Logger } from '../logger.ts';
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
  /** A bot's seat: the server drives it, so it is always at the table. */
  bot?: boolean;
}

/** The user ids with a socket in a game's room, on every process and node. */
export type ConnectedUsers = (gameId: number) => Promise<Iterable<number>>;

/** The user ids of the seated sockets in the game's room on this process. */
function localUsers(io: ShowdownServer, gameId: number): number[] {
  const nsp = io.of('/');
  const users: number[] = [];
  for (const id of nsp.adapter.rooms.get(gameRoom(gameId)) ?? []) {
    const userId = nsp.sockets.get(id)?.data.userId;
    if (userId !== null && userId !== undefined) users.push(userId);
  }
  return users;
}

/**
 * Reads presence from this process's rooms and, when other processes or nodes share the game
 * (`shared`), asks them for theirs; answers their asking in turn.
 */
export function connectedUsersOf(io: ShowdownServer, shared: boolean): ConnectedUsers {
  io.on('presence:users', (gameId, answer) => answer(localUsers(io, gameId)));
  return async (gameId) => {
    const here = localUsers(io, gameId);
    if (!shared) return here;
    const there = await io.serverSideEmitWithAck('presence:users', gameId);
    return here.concat(...there);
  };
}

/** How long after a game's refreshes settle a node looks once more (see above). */
export const SETTLE_MS = 3000;

export function createPresence(
  io: Pick<ShowdownServer, 'to'>,
  connectedUsers: ConnectedUsers,
  seatedPlayers: (gameId: number) => Promise<SeatedPlayer[]>,
  logger: Pick<Logger, 'warn'>,
  /** Told each list a refresh computed (e.g. to record when the broker's devices left). */
  observe?: (gameId: number, online: readonly number[]) => Promise<void>,
  options: { settleMs?: number } = {},
): Presence {
  const settleMs = options.settleMs ?? SETTLE_MS;
  let stopped = false;
  /** Per game, the look once more after its refreshes settle. */
  const settling = new Map<number, NodeJS.Timeout>();
  /**
   * Games with a refresh running; `again` asks for one more run after it, `settle` for the look
   * once more after the runs.
   */
  const running = new Map<number, { again: boolean; settle: boolean; done: Promise<void> }>();

  const online = async (gameId: number): Promise<number[]> => {
    const connected = new Set(await connectedUsers(gameId));
    const seated = await seatedPlayers(gameId);
    return seated
      .filter((p) => p.bot === true || connected.has(p.userId))
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
      await observe?.(gameId, list);
    } catch (err) {
      if (!stopped) logger.warn({ err, gameId }, 'presence refresh failed');
    }
  };

  const run = (gameId: number, then: 'settle' | 'done'): Promise<void> => {
    if (stopped) return Promise.resolve();
    const current = running.get(gameId);
    if (current) {
      current.again = true;
      current.settle ||= then === 'settle';
      return current.done;
    }
    const state = { again: false, settle: then === 'settle', done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await refreshOnce(gameId);
        } while (state.again && !stopped);
      } finally {
        running.delete(gameId);
      }
      if (state.settle && !stopped) {
        clearTimeout(settling.get(gameId));
        const timer = setTimeout(() => {
          settling.delete(gameId);
          void run(gameId, 'done');
        }, settleMs);
        timer.unref();
        settling.set(gameId, timer);
      }
    })();
    running.set(gameId, state);
    return state.done;
  };

  return {
    online,
    refresh: (gameId) => run(gameId, 'settle'),
    stop() {
      stopped = true;
      for (const timer of settling.values()) clearTimeout(timer);
      settling.clear();
    },
  };
}

/**
 * At most MAX_SOCKETS_PER_USER open sockets per user, counted on every process and node: each
 * process counts the sockets in the user's room (every signed-in socket joins it) and the
 * handshakes it is admitting; the others are asked for theirs as presence asks for its users (a
 * server-side event with an answer), a few bytes per process.
 *
 * Handshakes of one user running at once on several processes must not each count the others'
 * and all refuse: every handshake takes a ticket (the time it began, then its socket id), and
 * counts only the handshakes ahead of it. Of a burst, the first MAX_SOCKETS_PER_USER tickets are
 * admitted and the rest refused, wherever each runs. A handshake ahead of another one is known
 * to every process before the later one asks (it was registered when its ticket was taken), as
 * long as the processes' clocks agree (one machine; NTP across machines, to a few milliseconds).
 */
import { MAX_SOCKETS_PER_USER } from '@showdown/shared/protocol';
import type { Logger } from '../logger.ts';
import { userRoom, type ShowdownServer } from './publisher.ts';

/** A handshake being admitted: when it began (ms since the epoch, fractional), and its socket. */
export type Ticket = readonly [at: number, socketId: string];

/** What a process holds of a user: sockets in the user's room, handshakes not yet in it. */
export interface UserSockets {
  sockets: number;
  admitting: Ticket[];
}

export interface SocketCap {
  /**
   * Holds a place for one more socket of the user while its handshake completes: `release`
   * once the socket has joined its user room (or was refused); null past the cap. `socketId`:
   * a socket restored by Connection State Recovery is in its user room already and counts once.
   */
  admit(userId: number, socketId: string): Promise<{ release: () => void } | null>;
}

const ahead = (a: Ticket, b: Ticket) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);

/** The time now, comparable between the processes of one machine (and NTP-kept machines). */
const now = () => performance.timeOrigin + performance.now();

export function createSocketCap(
  io: ShowdownServer,
  shared: boolean,
  logger: Pick<Logger, 'warn'>,
  limit = MAX_SOCKETS_PER_USER,
): SocketCap {
  /** Per user, the tickets of the handshakes this process is admitting. */
  const admitting = new Map<number, Map<string, number>>();
  const room = (userId: number) => io.of('/').adapter.rooms.get(userRoom(userId));
  const held = (userId: number): UserSockets => {
    const members = room(userId);
    const tickets: Ticket[] = [];
    for (const [socketId, at] of admitting.get(userId) ?? []) {
      // Joined but not yet released: counted once, as a socket.
      if (!members?.has(socketId)) tickets.push([at, socketId]);
    }
    return { sockets: members?.size ?? 0, admitting: tickets };
  };
  io.on('user:sockets', (userId, answer) => answer(held(userId)));

  const elsewhere = async (userId: number): Promise<UserSockets[]> => {
    if (!shared) return [];
    try {
      const answers: unknown[] = await io.serverSideEmitWithAck('user:sockets', userId);
      // A node of the release before tickets answers a plain count.
      return answers.map((a) =>
        typeof a === 'number' ? { sockets: a, admitting: [] } : a,
      ) as UserSockets[];
    } catch (err) {
      // The adapter's own timeout: a process or node that does not answer (dying, restarting)
      // holds no sockets for long.
      logger.warn({ err }, 'socket cap: another process did not answer; counting this one');
      return [];
    }
  };

  return {
    async admit(userId, socketId) {
      // Registered at once with its ticket: concurrent handshakes anywhere see it from now on.
      const ticket: Ticket = [now(), socketId];
      const mine = admitting.get(userId) ?? new Map<string, number>();
      admitting.set(userId, mine.set(socketId, ticket[0]));
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        mine.delete(socketId);
        if (mine.size === 0 && admitting.get(userId) === mine) admitting.delete(userId);
      };
      const others = await elsewhere(userId);
      const counted = [held(userId), ...others];
      const restored = room(userId)?.has(socketId) ? 1 : 0;
      let before = -restored;
      for (const { sockets, admitting: tickets } of counted) {
        before += sockets + tickets.filter((t) => t[1] !== socketId && ahead(t, ticket)).length;
      }
      if (before >= limit) {
        release();
        return null;
      }
      return { release };
    },
  };
}

/**
 * At most MAX_SOCKETS_PER_USER open sockets per user, counted on every process and node: each
 * process counts the sockets in the user's room (every signed-in socket joins it) and the
 * handshakes it is admitting; the others are asked for theirs as presence asks for its users (a
 * server-side event with an answer), a few bytes per process.
 */
import { MAX_SOCKETS_PER_USER } from '@showdown/shared/protocol';
import type { Logger } from '../logger.ts';
import { userRoom, type ShowdownServer } from './publisher.ts';

export interface SocketCap {
  /**
   * Holds a place for one more socket of the user while its handshake completes: `release`
   * once the socket has joined its user room (or was refused); null past the cap. `socketId`:
   * a socket restored by Connection State Recovery is in its user room already and counts once.
   */
  admit(userId: number, socketId: string): Promise<{ release: () => void } | null>;
}

export function createSocketCap(
  io: ShowdownServer,
  shared: boolean,
  logger: Pick<Logger, 'warn'>,
  limit = MAX_SOCKETS_PER_USER,
): SocketCap {
  const admitting = new Map<number, number>();
  const local = (userId: number) =>
    (io.of('/').adapter.rooms.get(userRoom(userId))?.size ?? 0) + (admitting.get(userId) ?? 0);
  const change = (userId: number, by: number) => {
    const n = (admitting.get(userId) ?? 0) + by;
    if (n > 0) admitting.set(userId, n);
    else admitting.delete(userId);
  };
  io.on('user:sockets', (userId, answer) => answer(local(userId)));

  return {
    async admit(userId, socketId) {
      change(userId, 1); // counted at once: concurrent handshakes here see each other
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        change(userId, -1);
      };
      let elsewhere = 0;
      if (shared) {
        try {
          const counts = await io.serverSideEmitWithAck('user:sockets', userId);
          elsewhere = counts.reduce((sum, n) => sum + n, 0);
        } catch (err) {
          // The adapter's own timeout: a process or node that does not answer (dying, restarting)
          // holds no sockets for long.
          logger.warn({ err }, 'socket cap: another process did not answer; counting this one');
        }
      }
      const restored = io.of('/').adapter.rooms.get(userRoom(userId))?.has(socketId) ? 1 : 0;
      if (local(userId) - restored + elsewhere > limit) {
        release();
        return null;
      }
      return { release };
    },
  };
}

/**
 * Presence: which seated players have a live socket in their game's room, on any node (the
 * adapter's `fetchSockets` asks every node). Recomputed and broadcast to the game's players and
 * spectators whenever a seated socket enters or leaves a game room.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { players } from '../db/schema.ts';
import { gameRoom, spectatorRoom, type ShowdownServer } from './publisher.ts';

export interface Presence {
  /** Player ids of the game's seated players that have a socket in the game's room. */
  online(gameId: number): Promise<number[]>;
  /** Recomputes the game's online list and broadcasts it. Never throws. */
  refresh(gameId: number): Promise<void>;
}

export function createPresence(io: ShowdownServer, ctx: AppContext): Presence {
  const online = async (gameId: number): Promise<number[]> => {
    const sockets = await io.in(gameRoom(gameId)).fetchSockets();
    const connected = new Set(sockets.map((s) => s.data.userId).filter((id) => id !== null));
    if (connected.size === 0) return [];
    const seated = await ctx.db
      .select({ id: players.id, userId: players.userId })
      .from(players)
      .where(eq(players.gameId, gameId));
    return seated
      .filter((p) => connected.has(p.userId))
      .map((p) => p.id)
      .sort((a, b) => a - b);
  };
  return {
    online,
    async refresh(gameId) {
      try {
        const list = await online(gameId);
        io.to(gameRoom(gameId))
          .to(spectatorRoom(gameId))
          .emit('presence:changed', { game_id: gameId, online: list });
      } catch (err) {
        ctx.logger.warn({ err, gameId }, 'presence refresh failed');
      }
    },
  };
}

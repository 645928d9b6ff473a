/**
 * Who may do what to which game (docs/rules.md): every call re-checks the seat, the role and the
 * game's status on the server. Lookups run inside the caller's transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import { GAME_STATUS, type GameStatus, type Role } from '@showdown/shared/constants';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import type { Executor } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import { DomainError, conflict, forbidden, notFound } from './errors.ts';

export type GameRow = typeof games.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;

export const gameCompleted = () =>
  new DomainError('conflict', ERROR_CODE.GAME_COMPLETED, MSG.GAME_COMPLETED);

export type LockMode = 'none' | 'share' | 'update';

export async function findGame(tx: Executor, gameId: number, lock: LockMode = 'none') {
  const query = tx.select().from(games).where(eq(games.id, gameId));
  const rows = await (lock === 'none' ? query : query.for(lock));
  return rows[0];
}

/**
 * Locks the game row and takes the next `seq` in one statement: every public change of a game
 * goes through here, so changes of one game are serialised and numbered.
 */
export async function nextSeq(tx: Executor, gameId: number): Promise<number> {
  const rows = await tx
    .update(games)
    .set({ seq: sql`${games.seq} + 1` })
    .where(eq(games.id, gameId))
    .returning({ seq: games.seq });
  if (!rows[0]) throw notFound(MSG.GAME_NOT_FOUND);
  return rows[0].seq;
}

export interface SeatRules {
  /** Which roles may call; default any seated player. */
  roles?: 'broker' | 'investor' | 'any';
  /** Which statuses the call is valid in; default lobby and running. */
  status?: readonly GameStatus[];
  /** Let the call read a completed game (showdown, leaderboard). */
  allowCompleted?: boolean;
  lock?: LockMode;
}

export interface Seat {
  game: GameRow;
  player: PlayerRow;
}

/**
 * The game row and the caller's seat in it, in one statement. With a lock, only the game row is
 * locked (`FOR SHARE OF games` / `FOR UPDATE OF games`) and `current` says whether the locked
 * row is the version the statement's snapshot saw. When it is not, the statement waited for a
 * writer of the game that committed meanwhile, and PostgreSQL re-checked the game row alone:
 * the joined seat is still the one from before that writer (READ COMMITTED).
 */
async function gameAndSeat(tx: Executor, gameId: number, userId: number, lock: LockMode) {
  const query = tx
    .select({
      game: games,
      player: players,
      current:
        lock === 'none'
          ? sql<boolean>`true`
          : sql<boolean>`${games}.xmin = (select g.xmin from ${games} g where g.id = ${gameId})`,
    })
    .from(games)
    .leftJoin(players, and(eq(players.gameId, games.id), eq(players.userId, userId)))
    .where(eq(games.id, gameId));
  const rows = await (lock === 'none' ? query : query.for(lock, { of: games }));
  return rows[0];
}

/**
 * The caller's seat in the game, or the error that says why the call is refused. One round trip
 * (a hot path's cost); two only when a lock had to wait for a concurrent change of the game.
 */
export async function requireSeat(
  tx: Executor,
  gameId: number,
  userId: number,
  rules: SeatRules = {},
): Promise<Seat> {
  const lock = rules.lock ?? 'none';
  const row = await gameAndSeat(tx, gameId, userId, lock);
  if (!row) throw notFound(MSG.GAME_NOT_FOUND);
  const { game } = row;
  let player = row.player;
  if (lock !== 'none' && !row.current) {
    // Every change of a seat (taking it, its role, a removal) updates the game row under its
    // lock (nextSeq): after waiting for one, read the seat as it is now, the lock held.
    [player = null] = await tx
      .select()
      .from(players)
      .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  }
  if (!player) throw forbidden(MSG.NOT_IN_GAME);
  if (game.status === GAME_STATUS.COMPLETED && !rules.allowCompleted) throw gameCompleted();
  if (rules.roles === 'broker' && !isBrokerRole(player.role)) throw forbidden(MSG.BROKER_ONLY);
  if (rules.roles === 'investor' && !isInvestorRole(player.role))
    throw forbidden(MSG.INVESTOR_ONLY);
  const allowed = rules.status ?? [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING, GAME_STATUS.COMPLETED];
  if (!allowed.includes(game.status as GameStatus)) {
    throw conflict(
      game.status === GAME_STATUS.LOBBY ? MSG.GAME_NOT_RUNNING : MSG.GAME_NOT_IN_LOBBY,
    );
  }
  return { game, player: { ...player, role: player.role as Role } };
}

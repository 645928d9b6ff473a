/**
 * The one path of a game command (docs/architecture.md): a route or a socket calls a service, the
 * service states its rule, and `runGameCommand` does the rest in one place: the transaction, the
 * game lock, the seat check, the next `seq`, the commit, and the publish after the commit.
 * The hot paths (price update, order, payday) are one SQL function each, which locks, checks
 * and numbers in the database; they run through the same helper and the same publish step.
 */
import { and, eq } from 'drizzle-orm';
import type { GameStatus } from '@showdown/shared/constants';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { callFunction, HOT_PATHS } from '../db/hot-paths.ts';
import { boardJoins, players } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { GamePublisher } from '../realtime/publisher.ts';
import {
  findGame,
  gameCompleted,
  nextSeq,
  requireSeat,
  type GameRow,
  type PlayerRow,
} from './access.ts';
import { conflict, forbidden, notFound } from './errors.ts';
import { refusalError } from './refusals.ts';
import type { ServiceResult } from './service-result.ts';

/**
 * Who may run the command: the broker (roles 1 and 3), an investor (2 and 3), any seated
 * player, anyone who came in with the board code (taking a seat: the seat may not exist yet),
 * the holder of the board code coming in with it ('board-code': the join, which records it),
 * or the server itself ('system', no caller: the phase sweep).
 */
export type SeatRule = 'broker' | 'investor' | 'seated' | 'joined' | 'board-code' | 'system';

/** The rules under which the caller may have no seat (the seat is read, not required). */
type SeatlessRule = 'joined' | 'board-code' | 'system';

export interface CommandAccess<S extends SeatRule = SeatRule> {
  /** The game the command is about. */
  gameId: GameRef;
  /** The caller; null for the server itself (`seat: 'system'`). */
  userId: S extends 'system' ? null : number;
  seat: S;
  /** The statuses the command is valid in; a completed game always answers GAME_COMPLETED. */
  status: readonly GameStatus[];
  /**
   * 'on-demand': the rule takes the seq (`cmd.seq()`) only when it changes something, so an
   * idempotent no-op publishes nothing and numbers nothing. Default: taken after the seat check.
   */
  seq?: 'after-check' | 'on-demand';
}

/** A change to tell the devices, run once the transaction has committed. */
export type Publication = (publisher: GamePublisher) => void;

export interface Command<S extends SeatRule = SeatRule> {
  tx: Tx;
  /** The game row, locked FOR UPDATE for the whole transaction. */
  game: GameRow;
  /** The caller's seat; null while they have none ('joined', 'board-code') or for the system. */
  player: S extends 'system' ? null : S extends SeatlessRule ? PlayerRow | null : PlayerRow;
  /** The game's next seq (taken once; later calls answer the same number). */
  seq(): Promise<number>;
  /** Queues a publication for after the commit (dropped when the transaction fails). */
  publish(publication: Publication): void;
}

/** The game a command is about: its id, or found inside the transaction (a mayhem list's game). */
export type GameRef = number | ((tx: Tx) => Promise<number>);

/**
 * The user came in with the board code (or already sits at the table); otherwise 403
 * FORBIDDEN: a guessed game id never seats or informs a stranger.
 */
export async function assertJoined(tx: Executor, gameId: number, userId: number) {
  const [joined] = await tx
    .select({ userId: boardJoins.userId })
    .from(boardJoins)
    .where(and(eq(boardJoins.gameId, gameId), eq(boardJoins.userId, userId)));
  if (joined) return;
  const [seat] = await tx
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  if (!seat) throw forbidden(MSG.JOIN_FIRST);
}

/**
 * The locked game and the caller's seat (or none) for a command that needs no seat: open to
 * joined users ('joined'), to the holder of the board code ('board-code'), or the server's own.
 */
async function lockWithoutSeat(
  tx: Tx,
  gameId: number,
  userId: number | null,
  access: Pick<CommandAccess, 'seat' | 'status'>,
): Promise<{ game: GameRow; player: PlayerRow | null }> {
  const { status } = access;
  const game = await findGame(tx, gameId, 'update');
  if (!game) throw notFound(MSG.GAME_NOT_FOUND);
  if (access.seat === 'joined' && userId !== null) await assertJoined(tx, gameId, userId);
  if (game.status === GAME_STATUS.COMPLETED) throw gameCompleted();
  if (!status.includes(game.status as GameStatus)) {
    throw conflict(
      game.status === GAME_STATUS.LOBBY ? MSG.GAME_NOT_RUNNING : MSG.GAME_NOT_IN_LOBBY,
    );
  }
  if (userId === null) return { game, player: null };
  const [player = null] = await tx
    .select()
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  return { game, player };
}

const ROLES = { broker: 'broker', investor: 'investor', seated: 'any' } as const;

const isSeatless = (seat: SeatRule): seat is SeatlessRule => !(seat in ROLES);

/**
 * Runs one game command: in a transaction, locks the game and checks the caller's seat, role
 * and the game's status (`access`), takes the next seq, runs `rule`, commits, then publishes
 * what the rule queued. A refusal (a DomainError) or a failure rolls everything back and
 * publishes nothing.
 */
export async function runGameCommand<T, S extends SeatRule>(
  ctx: AppContext,
  access: CommandAccess<S>,
  rule: (cmd: Command<S>) => Promise<ServiceResult<T>>,
): Promise<ServiceResult<T>> {
  const userId = access.userId as number | null;
  let publications: Publication[] = [];
  const result = await inTransaction(ctx.db, async (tx) => {
    // A deadlock's retry runs the rule again from the start: only its last run publishes.
    publications = [];
    const gameId = typeof access.gameId === 'number' ? access.gameId : await access.gameId(tx);
    const { game, player } =
      userId === null || isSeatless(access.seat)
        ? await lockWithoutSeat(tx, gameId, userId, access)
        : await requireSeat(tx, gameId, userId, {
            roles: ROLES[access.seat as Exclude<SeatRule, SeatlessRule>],
            status: access.status,
            lock: 'update',
          });
    let seq: Promise<number> | undefined;
    const cmd = {
      tx,
      game,
      player,
      seq: () => (seq ??= nextSeq(tx, gameId)),
      publish: (publication: Publication) => void publications.push(publication),
    } as Command<S>;
    if (access.seq !== 'on-demand') await cmd.seq();
    return rule(cmd);
  });
  publishAll(ctx, publications);
  return result;
}

/** A command's rules when the service is called with the caller and the game's id. */
export interface CommandRules<S extends SeatRule> extends Pick<
  CommandAccess<S>,
  'seat' | 'status' | 'seq'
> {
  /** Turns a failure (a constraint a concurrent change tripped) into the refusal it means. */
  refusal?: (err: unknown) => never;
}

/** What a rule of `gameCommand` gets: the command, and who called about which game. */
export type GameCommand<S extends SeatRule> = Command<S> & {
  ctx: AppContext;
  userId: number;
  gameId: number;
};

/**
 * A service that is one game command: `(ctx, userId, gameId, ...args)` runs `rule` through
 * `runGameCommand` under `rules`, so the service states only its rule.
 */
export function gameCommand<S extends Exclude<SeatRule, 'system'>, A extends unknown[], T>(
  rules: CommandRules<S>,
  rule: (cmd: GameCommand<S>, ...args: A) => Promise<ServiceResult<T>>,
): (ctx: AppContext, userId: number, gameId: number, ...args: A) => Promise<ServiceResult<T>> {
  const { refusal, ...access } = rules;
  return async (ctx, userId, gameId, ...args) => {
    const run = runGameCommand(ctx, { ...access, gameId, userId } as CommandAccess<S>, (cmd) =>
      rule({ ...cmd, ctx, userId, gameId }, ...args),
    );
    return refusal ? run.catch(refusal) : run;
  };
}

export type HotPath = keyof typeof HOT_PATHS;

/**
 * Runs a hot path (db/hot-paths.ts: one SQL function call that takes the caller and the game
 * first, and locks, checks and numbers in the database) as the command's rule. The function's
 * statement is the transaction (its refusal becomes the DomainError it stands for); then
 * `shape` turns its answer into the service's answer and queues the publications, which go out
 * after the commit as for any other command.
 */
export async function runHotPathCommand<A, T>(
  ctx: AppContext,
  gameId: number,
  userId: number,
  path: HotPath,
  args: readonly unknown[],
  shape: (answer: A, publish: (publication: Publication) => void) => ServiceResult<T>,
): Promise<ServiceResult<T>> {
  let answer: A;
  try {
    answer = await callFunction<A>(ctx.db, {
      ...HOT_PATHS[path],
      values: [userId, gameId, ...args],
    });
  } catch (err) {
    throw refusalError(err);
  }
  const publications: Publication[] = [];
  const result = shape(answer, (publication) => void publications.push(publication));
  publishAll(ctx, publications);
  return result;
}

/** The publish step after a commit: every queued publication, in order. */
function publishAll(ctx: AppContext, publications: readonly Publication[]) {
  for (const publication of publications) publication(ctx.publisher);
}

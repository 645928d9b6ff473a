/**
 * Practice games: one person against bots (`POST /api/practice`). The person is an investor
 * beside a bot broker and bot investors, or the broker of bot investors, or watches bots play on
 * the TV screen. The game is a game like any other (the same seats, commands, events, ledger),
 * marked `practice`; its bots' seats are in `bot_seats` and the driver (driver.ts) plays them.
 * Practice games have a code of six characters (never a board's), are limited per person
 * (MAX_OPEN_PRACTICE_GAMES_PER_USER open at once) and are not counted against the lobby limits.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_INT4, type PracticeCreateInput, type PracticeData } from '@showdown/shared/api';
import {
  BOT_STRATEGIES,
  BROKER_AVATAR_ID,
  GAME_STATUS,
  MAX_OPEN_PRACTICE_GAMES_PER_USER,
  PAYDAY_INCREMENT_DEFAULT,
  PRACTICE_CODE_LENGTH,
  ROLE,
  SELECTABLE_AVATAR_IDS,
  STARTING_FUNDS_DEFAULT,
  type Role,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { rupeesToPaise } from '@showdown/shared/money';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation, pgConstraint } from '../db/errors.ts';
import { expectRow } from '../db/rows.ts';
import { boardJoins, botSeats, games, players, practiceGames, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, rateLimited } from '../games/errors.ts';
import type { ServiceResult } from '../games/service-result.ts';
import { BROKER_PACE_MS } from './broker-script.ts';
import { botUserIds } from './roster.ts';

type SeatStrategy = (typeof botSeats.$inferInsert)['strategy'];

interface PlannedSeat {
  userId: number;
  role: Role;
  avatarId: number;
  /** A bot's strategy; null for the person. */
  strategy: SeatStrategy | null;
}

/** Who sits where: the bot broker or the person as broker, the person, the bot investors. */
export function planSeats(
  input: Pick<PracticeCreateInput, 'mode' | 'bots'>,
  personId: number,
  personAvatar: number | null,
  bots: readonly number[],
  seed: number,
): PlannedSeat[] {
  const seats: PlannedSeat[] = [];
  if (input.mode === 'broker') {
    seats.push({ userId: personId, role: ROLE.BROKER, avatarId: BROKER_AVATAR_ID, strategy: null });
  } else {
    seats.push({
      userId: bots[0]!,
      role: ROLE.BROKER,
      avatarId: BROKER_AVATAR_ID,
      strategy: 'broker',
    });
  }
  const avatars: number[] = [...SELECTABLE_AVATAR_IDS];
  if (input.mode === 'investor') {
    const own = personAvatar && avatars.includes(personAvatar) ? personAvatar : avatars[0]!;
    avatars.splice(avatars.indexOf(own), 1);
    seats.push({ userId: personId, role: ROLE.INVESTOR, avatarId: own, strategy: null });
  }
  for (let i = 0; i < input.bots; i++) {
    seats.push({
      userId: bots[i + 1]!,
      role: ROLE.INVESTOR,
      avatarId: avatars[i]!,
      strategy: BOT_STRATEGIES[(seed + i) % BOT_STRATEGIES.length]!,
    });
  }
  return seats;
}

const CODE_CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random practice code (six characters: never a board's four). */
function practiceCode(): string {
  let code = '';
  for (let i = 0; i < PRACTICE_CODE_LENGTH; i++) code += CODE_CHARACTERS[randomInt(36)];
  return code;
}

/** The person's open practice games (lobby or running), refused at the limit. */
async function assertMayPractice(tx: Tx, userId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`practice:user:${userId}`}, 0))`,
  );
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(
      and(
        eq(games.practice, true),
        eq(games.createdBy, userId),
        inArray(games.status, [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING]),
      ),
    );
  if (Number(open?.n ?? 0) >= MAX_OPEN_PRACTICE_GAMES_PER_USER) {
    throw rateLimited(MSG.PRACTICE_LIMIT);
  }
}

/** Inserts the game, its seats, the bots' strategies and the driver's row; the person's seat. */
async function createPracticeGame(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  input: PracticeCreateInput,
  seed: number,
  ip: string | undefined,
) {
  const now = ctx.clock.now();
  await assertMayPractice(tx, userId);
  const bots = await botUserIds(tx);
  const [person] = await tx
    .select({ avatarId: users.avatarId })
    .from(users)
    .where(eq(users.id, userId));
  const [gameRow] = await tx
    .insert(games)
    .values({
      code: practiceCode(),
      practice: true,
      startingFundsPaise: rupeesToPaise(STARTING_FUNDS_DEFAULT),
      paydayIncrementPaise: rupeesToPaise(PAYDAY_INCREMENT_DEFAULT),
      tradePhaseDuration: input.trade_phase_duration,
      createdBy: userId,
      createdIp: ip,
      createdAt: now,
    })
    .returning();
  const game = expectRow(gameRow, 'games: open practice');
  const plan = planSeats(input, userId, person?.avatarId ?? null, bots, seed);
  const seated = await tx
    .insert(players)
    .values(
      plan.map((s) => ({ gameId: game.id, userId: s.userId, role: s.role, avatarId: s.avatarId })),
    )
    .returning();
  await tx
    .insert(botSeats)
    .values(
      plan.flatMap((s, i) =>
        s.strategy ? [{ playerId: seated[i]!.id, gameId: game.id, strategy: s.strategy }] : [],
      ),
    );
  if (input.mode !== 'watch') {
    await tx.insert(boardJoins).values({ gameId: game.id, userId, joinedAt: now });
  }
  await tx.insert(practiceGames).values({
    gameId: game.id,
    mode: input.mode,
    seed,
    rounds: input.rounds,
    nextAt: now,
    stepAt: new Date(now.getTime() + BROKER_PACE_MS),
    activeAt: now,
  });
  const mine = seated.find((p) => p.userId === userId) ?? null;
  return { game, mine };
}

/** `POST /api/practice`: opens a practice game; the person's seat (none when watching). */
export async function openPractice(
  ctx: AppContext,
  userId: number,
  input: PracticeCreateInput,
  ip?: string,
): Promise<ServiceResult<PracticeData>> {
  const seed = input.seed ?? randomInt(MAX_INT4);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const { game, mine } = await inTransaction(ctx.db, (tx) =>
        createPracticeGame(tx, ctx, userId, input, seed, ip?.slice(0, 64)),
      );
      return {
        data: {
          game_id: game.id,
          board_code: game.code,
          mode: input.mode,
          role: (mine?.role as PracticeData['role']) ?? null,
          player_id: mine?.id ?? null,
          game_status: game.status,
          seed,
        },
        message: MSG.PRACTICE_OPENED,
      };
    } catch (err) {
      // Another open game drew the same code: draw again.
      if (isUniqueViolation(err) && pgConstraint(err) === 'games_open_code_uq') continue;
      throw err;
    }
  }
  throw conflict(MSG.INTERNAL);
}

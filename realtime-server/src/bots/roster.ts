/**
 * The bots' users: seven of them, shared by every practice game (a user sits once per game). A
 * bot's country code is `bot`, which no sign-in accepts (the code must be `+` and digits), so no
 * code is ever sent for it and no one signs in as it; `users.bot` marks it for every screen.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';

export const BOT_COUNTRY_CODE = 'bot';

/** Slot 0 is the bot broker; 1–6 the bot investors, in the order they take seats. */
export const BOT_NAMES = ['Meera', 'Arjun', 'Kavya', 'Rohan', 'Zoya', 'Dev', 'Nisha'] as const;

/** The bots' user ids by slot, created the first time they are needed. */
export async function botUserIds(tx: Executor): Promise<number[]> {
  const wanted = BOT_NAMES.map((username, slot) => ({
    username,
    countryCode: BOT_COUNTRY_CODE,
    phoneNumber: `practice-${slot}`,
    bot: true,
  }));
  const existing = await findBots(tx);
  if (existing.length < wanted.length) {
    await tx.insert(users).values(wanted).onConflictDoNothing();
    return (await findBots(tx)).map((b) => b.id);
  }
  return existing.map((b) => b.id);
}

async function findBots(tx: Executor) {
  return tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.countryCode, BOT_COUNTRY_CODE), eq(users.bot, true)))
    .orderBy(asc(users.phoneNumber));
}

/**
 * A bot's seat belongs to the bot: no person takes it, changes it, removes it or gives it the
 * broker's powers.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '@showdown/shared/messages';
import type { Executor } from '../db/client.ts';
import { botSeats } from '../db/schema.ts';
import { conflict } from './errors.ts';

export async function isBotSeat(tx: Executor, playerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ playerId: botSeats.playerId })
    .from(botSeats)
    .where(eq(botSeats.playerId, playerId));
  return Boolean(row);
}

/** 409 when a bot holds the seat. */
export async function assertNotBotSeat(tx: Executor, playerId: number): Promise<void> {
  if (await isBotSeat(tx, playerId)) throw conflict(MSG.BOT_SEAT);
}

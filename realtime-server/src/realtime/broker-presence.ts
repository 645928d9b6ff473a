/**
 * When the broker's last device left (a claim waits for it): each presence refresh (on any node,
 * for every seated socket joining or leaving) records it in the game row. `broker_away_since` is
 * set when a refresh finds no device of the broker connected and cleared when it finds one; a
 * row already right is not written. A claim reads it under the game's lock.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { GAME_STATUS } from '@showdown/shared/constants';
import type { AppContext } from '../context.ts';
import { games } from '../db/schema.ts';

export function recordBrokerPresence(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return async (gameId: number, online: readonly number[]): Promise<void> => {
    const brokerOnline =
      online.length === 0
        ? sql`false`
        : sql`exists (select 1 from players p where p.game_id = ${games.id} and p.role in (1, 3)
            and p.id in (${sql.join(
              online.map((id) => sql`${id}`),
              sql`, `,
            )}))`;
    const now = ctx.clock.now().toISOString();
    await ctx.db
      .update(games)
      .set({
        brokerAwaySince: sql`case when ${brokerOnline} then null else coalesce(${games.brokerAwaySince}, ${now}::timestamptz) end`,
      })
      .where(
        and(
          eq(games.id, gameId),
          inArray(games.status, [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING]),
          sql`(${games.brokerAwaySince} is null) <> (${brokerOnline})`,
        ),
      );
  };
}

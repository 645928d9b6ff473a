/**
 * A new broker (docs/rules.md). The broker hands the broker's powers to a seated player, or,
 * once no device of the broker has been connected for BROKER_CLAIM_AFTER_S seconds, any seated
 * player claims them. Either way the receiving seat gains them (an Investor becomes Investor &
 * Broker and keeps the portfolio) and the broker's seat loses them (Investor & Broker becomes
 * Investor, a pure Broker a "Former broker" without powers), in one command under the game's
 * lock, so the first of many claims wins and the rest see the new broker.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BrokerChange, BrokerHandoverInput } from '@showdown/shared/api';
import { GAME_STATUS, ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import {
  claimSecondsLeft,
  claimTooEarlyMessage,
  roleWithBrokerPowers,
  roleWithoutBrokerPowers,
} from '@showdown/shared/roles';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { games, players } from '../db/schema.ts';
import type { PlayerRow } from './access.ts';
import { runGameCommand, type Command } from './command.ts';
import { conflict, notFound } from './errors.ts';
import { assertNotBotSeat } from './bot-seat.ts';
import type { ServiceResult } from './service-result.ts';

const LOBBY_OR_RUNNING = [GAME_STATUS.LOBBY, GAME_STATUS.RUNNING] as const;

/** Which seated players have a connected device now, on every node (realtime/presence.ts). */
export type OnlinePlayers = (gameId: number) => Promise<readonly number[]>;

/** The game's broker seat, locked; none when no seat has the powers. */
async function brokerSeat(tx: Tx, gameId: number): Promise<PlayerRow | undefined> {
  const [row] = await tx
    .select()
    .from(players)
    .where(and(eq(players.gameId, gameId), inArray(players.role, [ROLE.BROKER, ROLE.BOTH])))
    .for('update');
  return row;
}

/** Moves the powers from `from` (none: no broker seat) to `to`, and announces it. */
async function moveBrokerPowers(
  cmd: Pick<Command, 'tx' | 'game' | 'seq' | 'publish'>,
  from: PlayerRow | undefined,
  to: PlayerRow,
): Promise<BrokerChange> {
  const { tx, game } = cmd;
  const formerRole = from ? roleWithoutBrokerPowers(from.role) : to.role;
  // The former broker first: the database allows one broker seat per game.
  if (from) await tx.update(players).set({ role: formerRole }).where(eq(players.id, from.id));
  const brokerRole = roleWithBrokerPowers(to.role);
  await tx.update(players).set({ role: brokerRole }).where(eq(players.id, to.id));
  // The new broker's absence is counted from their own devices, not the former broker's.
  await tx.update(games).set({ brokerAwaySince: null }).where(eq(games.id, game.id));
  const change: BrokerChange = {
    broker: { player_id: to.id, role: brokerRole },
    former_broker: { player_id: from?.id ?? to.id, role: from ? formerRole : brokerRole },
  };
  const taken = await cmd.seq();
  cmd.publish((p) =>
    p.game(game.id, 'broker:changed', { seq: taken, game_id: game.id, ...change }),
  );
  return change;
}

/** `POST /api/game/{id}/broker/handover`: the broker gives the powers to a seated player. */
export async function handOverBroker(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: BrokerHandoverInput,
): Promise<ServiceResult<BrokerChange>> {
  return runGameCommand(
    ctx,
    { gameId, userId, seat: 'broker', status: LOBBY_OR_RUNNING, seq: 'on-demand' },
    async (cmd) => {
      if (input.player_id === cmd.player.id) throw conflict(MSG.BROKER_HANDOVER_SELF);
      const [target] = await cmd.tx
        .select()
        .from(players)
        .where(and(eq(players.gameId, gameId), eq(players.id, input.player_id)))
        .for('update');
      if (!target) throw notFound(MSG.BROKER_HANDOVER_NOT_SEATED);
      await assertNotBotSeat(cmd.tx, target.id);
      const data = await moveBrokerPowers(cmd, cmd.player, target);
      return { data, message: MSG.BROKER_HANDED_OVER };
    },
  );
}

type ClaimOutcome = { kind: 'claimed'; change: BrokerChange } | { kind: 'early'; message: string };

/**
 * `POST /api/game/{id}/broker/claim`: any seated player takes the powers once no device of the
 * broker has been connected for BROKER_CLAIM_AFTER_S seconds; before that 409 with the time
 * left. When the broker's absence was never recorded (no presence change seen since, e.g. the
 * node that held their sockets died), the first claim starts the count.
 */
export async function claimBroker(
  ctx: AppContext,
  online: OnlinePlayers,
  userId: number,
  gameId: number,
): Promise<ServiceResult<BrokerChange>> {
  const connected = new Set(await online(gameId));
  const { data: outcome } = await runGameCommand<ClaimOutcome, 'seated'>(
    ctx,
    { gameId, userId, seat: 'seated', status: LOBBY_OR_RUNNING, seq: 'on-demand' },
    async (cmd) => {
      const broker = await brokerSeat(cmd.tx, gameId);
      if (broker?.id === cmd.player.id) throw conflict(MSG.BROKER_HANDOVER_SELF);
      if (broker) await assertNotBotSeat(cmd.tx, broker.id);
      if (broker) {
        if (connected.has(broker.id)) throw conflict(MSG.BROKER_ONLINE);
        const now = ctx.clock.now();
        const awaySince = cmd.game.brokerAwaySince;
        if (!awaySince) {
          // Committed although the claim is refused: the count starts now.
          await cmd.tx
            .update(games)
            .set({
              brokerAwaySince: sql`coalesce(${games.brokerAwaySince}, ${now.toISOString()}::timestamptz)`,
            })
            .where(eq(games.id, gameId));
        }
        const left = claimSecondsLeft((awaySince ?? now).getTime(), now.getTime());
        if (left > 0) return { data: { kind: 'early', message: claimTooEarlyMessage(left) } };
      }
      return { data: { kind: 'claimed', change: await moveBrokerPowers(cmd, broker, cmd.player) } };
    },
  );
  if (outcome.kind === 'early') throw conflict(outcome.message);
  return { data: outcome.change, message: MSG.BROKER_CLAIMED };
}

/** Market mayhem: the broker's list, the investors' answers, and the averaged price moves. */
import { expectRow } from '../db/rows.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { MayhemCreateInput, MayhemData, MayhemRespondInput } from '@showdown/shared/api';
import { GAME_STATUS, PRICE_CAP_PAISE, PRICE_FLOOR_PAISE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { averageMayhem, validateMayhemResponse } from '@showdown/shared/mayhem';
import { paiseToRupees } from '@showdown/shared/money';
import type { PriceChange } from '@showdown/shared/protocol';
import { refusalMessage } from '@showdown/shared/refusals';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { pgConstraint } from '../db/errors.ts';
import { gameStocks, mayhemResponses, mayhems, transactions } from '../db/schema.ts';
import { readSnapshot } from '../db/transaction.ts';
import { requireSeat } from './access.ts';
import { runGameCommand } from './command.ts';
import { conflict, invalid, notFound } from './errors.ts';
import { recordPricePoints } from './price-history.ts';
import { recordUndoableMayhem } from './undo-service.ts';
import { mayhemView, openMayhem, publicMayhemView } from './queries.ts';
import type { ServiceResult } from './service-result.ts';

const RUNNING = [GAME_STATUS.RUNNING] as const;

export async function createMayhem(
  ctx: AppContext,
  userId: number,
  gameId: number,
  input: MayhemCreateInput,
): Promise<ServiceResult<MayhemData>> {
  return runGameCommand(
    ctx,
    { gameId, userId, seat: 'broker', status: RUNNING },
    async ({ tx, seq, publish }) => {
      const listed = await tx
        .select({ stockId: gameStocks.stockId })
        .from(gameStocks)
        .where(and(eq(gameStocks.gameId, gameId), inArray(gameStocks.stockId, input.stock_ids)));
      if (listed.length !== input.stock_ids.length) throw invalid(MSG.STOCK_NOT_FOUND);
      const [row] = await tx
        .insert(mayhems)
        .values({ gameId, stockIds: input.stock_ids, percentages: input.percentage })
        .returning();
      const view = await mayhemView(tx, expectRow(row, 'mayhems: create'), null);
      const { responded: _r, my_response: _m, ...publicView } = view;
      const taken = await seq();
      publish((p) =>
        p.game(gameId, 'mayhem:created', { seq: taken, game_id: gameId, mayhem: publicView }),
      );
      return { data: view, message: MSG.MAYHEM_CREATED };
    },
  ).catch((err: unknown) => {
    if (pgConstraint(err) === 'mayhems_one_open_uq') throw conflict(MSG.MAYHEM_EXISTS);
    throw err;
  });
}

export async function getMayhem(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<MayhemData>> {
  return readSnapshot(ctx.db, async (tx) => {
    const { player } = await requireSeat(tx, gameId, userId, { status: RUNNING });
    const row = await openMayhem(tx, gameId);
    if (!row) throw notFound(MSG.MAYHEM_NOT_FOUND);
    return { data: await mayhemView(tx, row, player.id) };
  });
}

async function mayhemById(tx: Tx, mayhemId: number) {
  const [row] = await tx.select().from(mayhems).where(eq(mayhems.id, mayhemId)).for('update');
  if (!row) throw notFound(MSG.MAYHEM_NOT_FOUND);
  return row;
}

/** The game a mayhem list belongs to (a command on a list locks its game). */
const gameOfMayhem = (mayhemId: number) => async (tx: Tx) => {
  const [peek] = await tx
    .select({ gameId: mayhems.gameId })
    .from(mayhems)
    .where(eq(mayhems.id, mayhemId));
  if (!peek) throw notFound(MSG.MAYHEM_NOT_FOUND);
  return peek.gameId;
};

export async function respondMayhem(
  ctx: AppContext,
  userId: number,
  mayhemId: number,
  input: MayhemRespondInput,
) {
  return runGameCommand(
    ctx,
    { gameId: gameOfMayhem(mayhemId), userId, seat: 'investor', status: RUNNING },
    async ({ tx, player, seq, publish }) => {
      const row = await mayhemById(tx, mayhemId);
      if (row.status !== 1) throw conflict(MSG.MAYHEM_NOT_FOUND);
      const problem = validateMayhemResponse(
        { stockIds: row.stockIds, percentages: row.percentages },
        input.stocks,
      );
      if (problem) throw invalid(refusalMessage(problem));
      await tx
        .insert(mayhemResponses)
        .values({ mayhemId, playerId: player.id, stocks: input.stocks });
      const count = (await publicMayhemView(tx, row)).responses_count;
      const taken = await seq();
      publish((p) =>
        p.game(row.gameId, 'mayhem:responded', {
          seq: taken,
          game_id: row.gameId,
          mayhem_id: mayhemId,
          responses_count: count,
        }),
      );
      return {
        data: { mayhem_id: mayhemId, responses_count: count },
        message: MSG.MAYHEM_RESPONDED,
      };
    },
  ).catch((err: unknown) => {
    if (pgConstraint(err) === 'mayhem_responses_uq') throw conflict(MSG.MAYHEM_ALREADY_RESPONDED);
    throw err;
  });
}

/** Moves each picked company by the mean of the investors' percentages and closes the list. */
export async function averageMayhemList(ctx: AppContext, userId: number, mayhemId: number) {
  return runGameCommand(
    ctx,
    { gameId: gameOfMayhem(mayhemId), userId, seat: 'broker', status: RUNNING },
    async ({ tx, game, seq, publish }) => {
      const gameId = game.id;
      const row = await mayhemById(tx, mayhemId);
      if (row.status !== 1) throw conflict(MSG.MAYHEM_NOT_FOUND);
      const answers = await tx
        .select({ stocks: mayhemResponses.stocks })
        .from(mayhemResponses)
        .where(eq(mayhemResponses.mayhemId, mayhemId))
        .orderBy(asc(mayhemResponses.id));
      const averages = averageMayhem(answers.map((a) => a.stocks));
      const changes: PriceChange[] = [];
      const moved: Array<{ stockId: number; pricePaise: number; previousPaise: number }> = [];
      for (const avg of averages) {
        const [stock] = await tx
          .select()
          .from(gameStocks)
          .where(and(eq(gameStocks.gameId, gameId), eq(gameStocks.stockId, avg.stock_id)))
          .for('update');
        if (!stock) continue;
        // The price update's rule in SQL (sql/functions/mayhem_price.sql), stopped at the cap.
        const [updated] = await tx
          .update(gameStocks)
          .set({
            pricePaise: sql`showdown_mayhem_price(${gameStocks.pricePaise}, ${avg.sum}, ${avg.count}, ${PRICE_FLOOR_PAISE}, ${PRICE_CAP_PAISE})`,
          })
          .where(and(eq(gameStocks.gameId, gameId), eq(gameStocks.stockId, avg.stock_id)))
          .returning({ pricePaise: gameStocks.pricePaise });
        const price = expectRow(updated, 'game_stocks: mayhem price').pricePaise;
        await tx.insert(transactions).values({
          gameId,
          type: 'Market mayhem',
          stockId: avg.stock_id,
          percentage: avg.percentage.toFixed(2),
        });
        moved.push({ stockId: avg.stock_id, pricePaise: price, previousPaise: stock.pricePaise });
        changes.push({
          stock_id: avg.stock_id,
          previous_price: paiseToRupees(stock.pricePaise),
          price: paiseToRupees(price),
          percentage: avg.percentage,
        });
      }
      const now = ctx.clock.now();
      const points = await recordPricePoints(
        tx,
        gameId,
        'mayhem',
        now,
        moved.map((m) => ({ stockId: m.stockId, pricePaise: m.pricePaise })),
      );
      await tx.update(mayhems).set({ status: 2, averagedAt: now }).where(eq(mayhems.id, mayhemId));
      await recordUndoableMayhem(tx, gameId, now, moved);
      const taken = await seq();
      publish((p) =>
        p.game(gameId, 'mayhem:averaged', {
          seq: taken,
          game_id: gameId,
          mayhem_id: mayhemId,
          changes,
          points,
        }),
      );
      return { data: { mayhem_id: mayhemId, changes }, message: MSG.MAYHEM_AVERAGED };
    },
  );
}

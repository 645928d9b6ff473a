/**
 * The broker's undo (docs/rules.md#undo): `POST /api/game/{id}/undo` reverses the game's last price
 * update, payday or averaged market mayhem list, if it is at most UNDO_WINDOW_SECONDS old and no
 * order was placed since. The action wrote what its undo needs (`undoable_actions`): the prices before and after, to the paisa, and its last history entry.
 * The reversal is history of its own: an 'Undone' entry (one per company moved back), price
 * points with cause 'undo', and for a payday a negative 'payday' ledger entry per credited
 * investor, so the ledger still sums to every player's cash.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TransactionEntry } from '@showdown/shared/api';
import { companyById } from '@showdown/shared/catalogue';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { fillTemplate, MSG_TEMPLATE } from '@showdown/shared/message-templates';
import { formatINR } from '@showdown/shared/format';
import { paiseToRupees } from '@showdown/shared/money';
import type { PriceChange, UndoneAction } from '@showdown/shared/protocol';
import { refusalMessage } from '@showdown/shared/refusals';
import { undoRefusal } from '@showdown/shared/rules';
import type { AppContext } from '../context.ts';
import type { Executor, Tx } from '../db/client.ts';
import { expectRow } from '../db/rows.ts';
import {
  gameStocks,
  games,
  ledgerEntries,
  players,
  transactions,
  undoableActions,
} from '../db/schema.ts';
import type { GameRow } from './access.ts';
import { runGameCommand, type Command } from './command.ts';
import { conflict } from './errors.ts';
import { recordPricePoints } from './price-history.ts';
import { portfolioView } from './queries.ts';
import type { ServiceResult } from './service-result.ts';

type ActionRow = typeof undoableActions.$inferSelect;
type MovedPrice = ActionRow['prices'][number];

const UNDONE_TYPE = {
  price: 'Price update',
  payday: 'PAYDAY',
  mayhem: 'Market mayhem',
} as const satisfies Record<ActionRow['kind'], TransactionEntry['undone_type']>;

/** The game's last history entry: an action's own entries are the latest when it is recorded. */
async function lastTransactionId(tx: Executor, gameId: number): Promise<number> {
  const [row] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.gameId, gameId))
    .orderBy(desc(transactions.id))
    .limit(1);
  return expectRow(row, 'transactions: last of game').id;
}

/**
 * Records an averaged mayhem list's moves for its undo, in the list's own transaction (the price
 * update and the payday record theirs in their SQL functions). A list that moved nothing is not
 * an action to undo.
 */
export async function recordUndoableMayhem(
  tx: Tx,
  gameId: number,
  at: Date,
  moved: ReadonlyArray<{ stockId: number; previousPaise: number; pricePaise: number }>,
): Promise<void> {
  if (moved.length === 0) return;
  await tx.insert(undoableActions).values({
    gameId,
    kind: 'mayhem',
    transactionId: await lastTransactionId(tx, gameId),
    prices: moved.map((m) => ({
      stock_id: m.stockId,
      previous_paise: m.previousPaise,
      price_paise: m.pricePaise,
    })),
    createdAt: at,
  });
}

/** The percentage that takes `from` back to `to`, to two decimals (the history's precision). */
function percentBetween(from: number, to: number): number {
  return Math.round(((to - from) * 10_000) / from) / 100;
}

/** Whether an order was placed in the game after the action. */
async function orderSince(tx: Tx, action: ActionRow): Promise<boolean> {
  const [order] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.gameId, action.gameId),
        eq(transactions.type, 'trade'),
        gt(transactions.id, action.transactionId),
      ),
    )
    .limit(1);
  return order !== undefined;
}

/** Why the last action cannot be undone now (shared/src/rules.ts undoRefusal), or null. */
async function refusal(tx: Tx, action: ActionRow | undefined, now: Date) {
  const facts = action && {
    atMs: action.createdAt.getTime(),
    undone: action.undoneAt !== null,
    orderSince: await orderSince(tx, action),
  };
  return undoRefusal(facts ?? null, now.getTime());
}

/** Puts each company back at its price before the action: history entries and price points. */
async function restorePrices(
  tx: Tx,
  game: GameRow,
  action: ActionRow,
  now: Date,
): Promise<{ changes: PriceChange[]; points: Awaited<ReturnType<typeof recordPricePoints>> }> {
  const changes: PriceChange[] = [];
  for (const moved of action.prices as MovedPrice[]) {
    const [stock] = await tx
      .select({ pricePaise: gameStocks.pricePaise })
      .from(gameStocks)
      .where(and(eq(gameStocks.gameId, game.id), eq(gameStocks.stockId, moved.stock_id)))
      .for('update');
    // Only the action and its own reversal move prices while it is the game's last action.
    if (!stock || stock.pricePaise !== moved.price_paise) throw conflict(MSG.UNDO_NOTHING);
    await tx
      .update(gameStocks)
      .set({ pricePaise: moved.previous_paise })
      .where(and(eq(gameStocks.gameId, game.id), eq(gameStocks.stockId, moved.stock_id)));
    const percentage = percentBetween(moved.price_paise, moved.previous_paise);
    await tx.insert(transactions).values({
      gameId: game.id,
      type: 'Undone',
      stockId: moved.stock_id,
      percentage: percentage.toFixed(2),
      undoneType: UNDONE_TYPE[action.kind],
      createdAt: now,
    });
    changes.push({
      stock_id: moved.stock_id,
      previous_price: paiseToRupees(moved.price_paise),
      price: paiseToRupees(moved.previous_paise),
      percentage,
    });
  }
  const points = await recordPricePoints(
    tx,
    game.id,
    'undo',
    now,
    action.prices.map((m) => ({ stockId: m.stock_id, pricePaise: m.previous_paise })),
  );
  return { changes, points };
}

/**
 * Takes a payday's credit back from every investor it credited, exactly: one negative 'payday'
 * ledger entry per credit, under an 'Undone' history entry. Answers the investors' user ids and
 * the amount.
 */
async function takeBackPayday(tx: Tx, game: GameRow, action: ActionRow, now: Date) {
  const credits = await tx
    .select({ playerId: ledgerEntries.playerId, deltaPaise: ledgerEntries.deltaPaise })
    .from(ledgerEntries)
    .where(
      and(eq(ledgerEntries.transactionId, action.transactionId), eq(ledgerEntries.kind, 'payday')),
    );
  const [payday] = await tx
    .select({ amountPaise: transactions.amountPaise })
    .from(transactions)
    .where(eq(transactions.id, action.transactionId));
  const amountPaise = payday?.amountPaise ?? 0;
  const [entry] = await tx
    .insert(transactions)
    .values({
      gameId: game.id,
      type: 'Undone',
      amountPaise,
      undoneType: UNDONE_TYPE.payday,
      createdAt: now,
    })
    .returning({ id: transactions.id });
  const undoneId = expectRow(entry, 'transactions: undone payday').id;
  for (const credit of credits) {
    await tx
      .update(players)
      .set({ cashPaise: sql`${players.cashPaise} - ${credit.deltaPaise}` })
      .where(eq(players.id, credit.playerId));
  }
  if (credits.length > 0) {
    await tx.insert(ledgerEntries).values(
      credits.map((c) => ({
        gameId: game.id,
        playerId: c.playerId,
        kind: 'payday',
        deltaPaise: -c.deltaPaise,
        transactionId: undoneId,
        createdAt: now,
      })),
    );
  }
  const [updated] = await tx
    .update(games)
    .set({ paydaysGiven: sql`${games.paydaysGiven} - 1` })
    .where(eq(games.id, game.id))
    .returning();
  return {
    game: expectRow(updated, 'games: undo payday'),
    amountPaise,
    playerIds: credits.map((c) => c.playerId),
  };
}

const inr = (paise: number) => formatINR(paiseToRupees(paise));

function labelOf(action: ActionRow, amountPaise: number): string {
  if (action.kind === 'payday') {
    return fillTemplate(MSG_TEMPLATE.UNDONE_PAYDAY, { amount: inr(amountPaise) });
  }
  const names = action.prices.map((m) => companyById(m.stock_id)?.name ?? `#${m.stock_id}`);
  const companies = names.join(', ');
  if (action.kind === 'mayhem') return fillTemplate(MSG_TEMPLATE.UNDONE_MAYHEM, { companies });
  const moved = action.prices[0];
  return moved
    ? fillTemplate(MSG_TEMPLATE.UNDONE_PRICE_BACK, { companies, price: inr(moved.previous_paise) })
    : fillTemplate(MSG_TEMPLATE.UNDONE_PRICE, { companies });
}

/** The reversal inside the command: what every device is told, and its publications. */
async function reverse(
  ctx: AppContext,
  { tx, game, seq, publish }: Command<'broker'>,
  action: ActionRow,
): Promise<UndoneAction> {
  const now = ctx.clock.now();
  let after = game;
  let amountPaise = 0;
  let restored: Awaited<ReturnType<typeof restorePrices>> = { changes: [], points: [] };
  let credited: number[] = [];
  if (action.kind === 'payday') {
    const taken = await takeBackPayday(tx, game, action, now);
    after = taken.game;
    amountPaise = taken.amountPaise;
    credited = taken.playerIds;
  } else {
    restored = await restorePrices(tx, game, action, now);
  }
  await tx.update(undoableActions).set({ undoneAt: now }).where(eq(undoableActions.id, action.id));
  const undone: UndoneAction = {
    kind: action.kind,
    label: labelOf(action, amountPaise),
    changes: restored.changes,
    points: restored.points,
    paydays_given: after.paydaysGiven,
  };
  const portfolios =
    credited.length === 0
      ? []
      : await Promise.all(
          (await tx.select().from(players).where(inArray(players.id, credited))).map(
            async (player) => ({
              userId: player.userId,
              portfolio: await portfolioView(tx, after, player),
            }),
          ),
        );
  const taken = await seq();
  publish((p) => {
    p.game(game.id, 'action:undone', { seq: taken, game_id: game.id, ...undone });
    for (const { userId, portfolio } of portfolios) p.portfolio(userId, game.id, portfolio);
  });
  return undone;
}

/**
 * `POST /api/game/{id}/undo` (the broker, running game): reverses the last price update, payday
 * or averaged mayhem list; 409 with the reason when it is already undone, older than the window,
 * or an order came after it.
 */
export async function undoLastAction(
  ctx: AppContext,
  userId: number,
  gameId: number,
): Promise<ServiceResult<UndoneAction>> {
  return runGameCommand(
    ctx,
    { gameId, userId, seat: 'broker', status: [GAME_STATUS.RUNNING], seq: 'on-demand' },
    async (cmd) => {
      const [action] = await cmd.tx
        .select()
        .from(undoableActions)
        .where(eq(undoableActions.gameId, gameId))
        .orderBy(desc(undoableActions.id))
        .limit(1);
      const why = await refusal(cmd.tx, action, ctx.clock.now());
      if (why || !action) throw conflict(refusalMessage(why ?? 'UNDO_NOTHING'));
      return { data: await reverse(ctx, cmd, action), message: MSG.UNDONE };
    },
  );
}

/**
 * The one game-command path (docs/architecture.md): runGameCommand owns the transaction, the lock,
 * the seat check, the seq and the publish after the commit; runHotPathCommand runs a SQL hot
 * path through the same publish step. Each rule only states what it changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GAME_STATUS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import type { AppContext } from '../src/context.ts';
import { games } from '../src/db/schema.ts';
import { runGameCommand, runHotPathCommand } from '../src/games/command.ts';
import { DomainError, conflict } from '../src/games/errors.ts';
import { endExpiredPhases } from '../src/games/flow-service.ts';
import { STATUS_OF } from '../src/http/errors.ts';
import type { GamePublisher } from '../src/realtime/publisher.ts';
import { openPhase, setupTable } from './helpers/game.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { waitUntil } from './helpers/sockets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The context with a publisher that records each call and the game's seq as committed then. */
function recording() {
  const ctx = server.application.context;
  const calls: Array<{ name: string; committedSeq: Promise<number> }> = [];
  const committedSeq = async (gameId: number) => {
    // Read on another connection: only a committed change is visible there.
    const [row] = await ctx.db.select({ seq: games.seq }).from(games).where(eq(games.id, gameId));
    return row!.seq;
  };
  const publisher: GamePublisher = {
    game: (gameId, name) => void calls.push({ name, committedSeq: committedSeq(gameId) }),
    portfolio: (_u, gameId) =>
      void calls.push({ name: 'portfolio', committedSeq: committedSeq(gameId) }),
    evict: () => undefined,
    boardOpened: () => undefined,
  };
  return { ctx: { ...ctx, publisher } as AppContext, calls };
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (err: unknown) => (err instanceof DomainError ? `${STATUS_OF[err.kind]} ${err.message}` : err),
  );

describe('runGameCommand', () => {
  it('checks the seat and the status, numbers the change and publishes after the commit', async () => {
    const table = await setupTable(server, { investors: 1 });
    const { ctx, calls } = recording();
    const before = (
      await server.application.context.db
        .select({ seq: games.seq })
        .from(games)
        .where(eq(games.id, table.gameId))
    )[0]!.seq;
    const result = await runGameCommand(
      ctx,
      {
        gameId: table.gameId,
        userId: table.broker.userId,
        seat: 'broker',
        status: [GAME_STATUS.LOBBY],
      },
      async ({ game, player, seq, publish }) => {
        expect(player.id).toBe(table.broker.playerId);
        expect(game.id).toBe(table.gameId);
        const taken = await seq();
        expect(await seq()).toBe(taken);
        publish((p) => p.game(table.gameId, 'phase:ended', { seq: taken, game_id: table.gameId }));
        // Nothing is published before the rule has returned and the transaction committed.
        expect(calls).toHaveLength(0);
        return { data: taken };
      },
    );
    expect(result.data).toBe(before + 1);
    expect(calls.map((c) => c.name)).toEqual(['phase:ended']);
    expect(await calls[0]!.committedSeq).toBe(before + 1);
  });

  it('refuses by seat, role and status with domain errors, and then publishes nothing', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const { ctx, calls } = recording();
    const investor = table.investors[0]!;
    const rule = async () => ({ data: 'ran' });
    const run = (userId: number, seat: 'broker' | 'investor' | 'seated', status = [2] as const) =>
      refusal(runGameCommand(ctx, { gameId: table.gameId, userId, seat, status }, rule));
    expect(await run(investor.userId, 'broker')).toBe(`403 ${MSG.BROKER_ONLY}`);
    expect(await run(table.broker.userId, 'investor')).toBe(`403 ${MSG.INVESTOR_ONLY}`);
    expect(await run(table.broker.userId + 1_000_000, 'seated')).toBe(`403 ${MSG.NOT_IN_GAME}`);
    expect(
      await refusal(
        runGameCommand(
          ctx,
          { gameId: table.gameId, userId: table.broker.userId, seat: 'broker', status: [1] },
          rule,
        ),
      ),
    ).toBe(`409 ${MSG.GAME_NOT_IN_LOBBY}`);
    expect(
      await refusal(
        runGameCommand(
          ctx,
          { gameId: 2_000_000_000, userId: table.broker.userId, seat: 'seated', status: [2] },
          rule,
        ),
      ),
    ).toBe(`404 ${MSG.GAME_NOT_FOUND}`);
    expect(await run(table.broker.userId, 'broker')).toBe('done');
    expect(calls).toHaveLength(0);
  });

  it("a rule's refusal rolls back what it wrote and its queued publications", async () => {
    const table = await setupTable(server, { investors: 1 });
    const { ctx, calls } = recording();
    const db = server.application.context.db;
    const read = async () => (await db.select().from(games).where(eq(games.id, table.gameId)))[0]!;
    const before = await read();
    const refused = runGameCommand(
      ctx,
      { gameId: table.gameId, userId: table.broker.userId, seat: 'broker', status: [1] },
      async ({ tx, seq, publish }) => {
        const taken = await seq();
        await tx.update(games).set({ tradePhaseDuration: 180 }).where(eq(games.id, table.gameId));
        publish((p) => p.game(table.gameId, 'phase:ended', { seq: taken, game_id: table.gameId }));
        throw conflict(MSG.NEED_INVESTOR);
      },
    );
    expect(await refusal(refused)).toBe(`409 ${MSG.NEED_INVESTOR}`);
    const after = await read();
    expect(after.seq).toBe(before.seq);
    expect(after.tradePhaseDuration).toBe(before.tradePhaseDuration);
    expect(calls).toHaveLength(0);
  });

  it("with seq 'on-demand' a rule that changes nothing numbers nothing", async () => {
    const table = await setupTable(server, { investors: 1 });
    const { ctx } = recording();
    const db = server.application.context.db;
    const seqNow = async () =>
      (await db.select({ seq: games.seq }).from(games).where(eq(games.id, table.gameId)))[0]!.seq;
    const before = await seqNow();
    await runGameCommand(
      ctx,
      {
        gameId: table.gameId,
        userId: table.broker.userId,
        seat: 'broker',
        status: [1],
        seq: 'on-demand',
      },
      async () => ({ data: null }),
    );
    expect(await seqNow()).toBe(before);
  });
});

describe('runHotPathCommand', () => {
  it('runs the SQL function as the rule and publishes its events after its statement', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const { ctx, calls } = recording();
    const investor = table.investors[0]!;
    const answer = await runHotPathCommand<{ replayed: boolean }, boolean>(
      ctx,
      table.gameId,
      investor.userId,
      'placeOrder',
      [1, 0, 2, null, new Date().toISOString(), null],
      (outcome, publish) => {
        publish((p) => p.portfolio(investor.userId, table.gameId, {} as never));
        expect(calls).toHaveLength(0);
        return { data: outcome.replayed };
      },
    );
    expect(answer.data).toBe(false);
    expect(calls.map((c) => c.name)).toEqual(['portfolio']);

    // A refusal raised in SQL is the same DomainError as in TypeScript, and publishes nothing.
    const refused = runHotPathCommand(
      ctx,
      table.gameId,
      table.broker.userId,
      'placeOrder',
      [1, 0, 2, null, new Date().toISOString(), null],
      (_outcome, publish) => {
        publish((p) => p.portfolio(table.broker.userId, table.gameId, {} as never));
        return { data: null };
      },
    );
    expect(await refusal(refused)).toBe(`403 ${MSG.INVESTOR_ONLY}`);
    expect(calls).toHaveLength(1);
  });
});

describe('the phase sweep, a command of the server itself', () => {
  it('ends a due phase once across concurrent sweeps, numbered once, published after the commit', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const { db } = server.application.context;
    const seqOf = async () =>
      (await db.select({ seq: games.seq }).from(games).where(eq(games.id, table.gameId)))[0]!.seq;
    await db
      .update(games)
      .set({ phaseEndsAt: new Date(Date.now() - 1000) })
      .where(eq(games.id, table.gameId));
    const before = await seqOf();
    const { ctx, calls } = recording();
    // Two sweeps at once (and the server's own, every second): one of them ends the phase.
    const swept = await Promise.all([endExpiredPhases(ctx), endExpiredPhases(ctx)]);
    await waitUntil(async () => (await seqOf()) > before, 5000, 'the phase ended');
    const ended = swept.flat().filter((id) => id === table.gameId);
    expect(ended.length).toBeLessThanOrEqual(1);
    expect(calls.map((c) => c.name)).toEqual(ended.length ? ['phase:ended'] : []);
    if (calls[0]) expect(await calls[0].committedSeq).toBe(before + 1);
    expect(await seqOf()).toBe(before + 1);
    const [game] = await db.select().from(games).where(eq(games.id, table.gameId));
    expect(game).toMatchObject({ orderbookStatus: 0, phaseEndsAt: null });
  });
});

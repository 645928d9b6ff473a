/**
 * The hot paths as SQL functions (sql/functions/): one round trip each, the same
 * answers and events as the views read through Drizzle, refusals mapped to the same errors,
 * and Idempotency-Key answers stored before the migration still replayed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Portfolio } from '@showdown/shared/api';
import { roundHalfUpDiv } from '@showdown/shared/money';
import type { AppContext } from '../src/context.ts';
import { dbClient } from '../src/db/fair-queue.ts';
import type { Database } from '../src/db/client.ts';
import { callFunction, REFUSAL_SQLSTATE } from '../src/db/hot-paths.ts';
import { STATUS_OF } from '../src/http/errors.ts';
import { DomainError } from '../src/games/errors.ts';
import { givePayday } from '../src/games/flow-service.ts';
import { getPortfolio, placeOrder, updatePrice } from '../src/games/market-service.ts';
import { refusalError } from '../src/games/refusals.ts';
import type { GamePublisher } from '../src/realtime/publisher.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { openPhase, setupTable } from './helpers/game.ts';

let server: TestServer;
let ctx: AppContext;
beforeAll(async () => {
  server = await startTestServer();
  ctx = server.application.context;
});
afterAll(async () => {
  await server?.close();
});

/** Every statement any pg client sends while `work` runs in its own client context. */
async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const probe = `probe-${Math.random()}`;
  const original = pg.Client.prototype.query;
  let queries = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (dbClient.getStore()?.key === probe) queries += 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    const result = await dbClient.run({ key: probe }, work);
    return { result, queries };
  } finally {
    pg.Client.prototype.query = original;
  }
}

/** The context with a publisher that records what the services publish. */
function recording() {
  const events: Array<{ name: string; gameId: number; payload: unknown }> = [];
  const portfolios: Array<{ userId: number; gameId: number; portfolio: Portfolio }> = [];
  const publisher: GamePublisher = {
    game: (gameId, name, payload) => void events.push({ name, gameId, payload }),
    portfolio: (userId, gameId, portfolio) => void portfolios.push({ userId, gameId, portfolio }),
    evict: () => undefined,
    boardOpened: () => undefined,
  };
  return { ctx: { ...ctx, publisher }, events, portfolios };
}

const buy = (quantity: number, stockId = 3) => ({
  stock_id: stockId,
  trade_type: 0 as const,
  quantity,
});

describe('one round trip per hot path', () => {
  it('an order, a price update and a payday each send one statement', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    await openPhase(table);
    const [a] = table.investors;
    const order = await countQueries(() => placeOrder(ctx, a!.userId, table.gameId, buy(2)));
    expect(order.result.message).toBeDefined();
    expect(order.queries).toBe(1);
    const keyed = await countQueries(() =>
      placeOrder(ctx, a!.userId, table.gameId, buy(1), 'hot-path-key'),
    );
    expect(keyed.queries).toBe(1);
    const replay = await countQueries(() =>
      placeOrder(ctx, a!.userId, table.gameId, buy(1), 'hot-path-key'),
    );
    expect(replay.queries).toBe(1);
    expect(replay.result.data).toEqual(keyed.result.data);
    const price = await countQueries(() =>
      updatePrice(ctx, table.broker.userId, table.gameId, {
        stock_id: 3,
        operation: '+',
        value: 5,
      }),
    );
    expect(price.queries).toBe(1);
    const payday = await countQueries(() => givePayday(ctx, table.broker.userId, table.gameId));
    expect(payday.queries).toBe(1);
  });

  it('a refusal is one statement too and leaves the connection usable', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    for (let i = 0; i < 5; i++) {
      const refused = await countQueries(() =>
        placeOrder(ctx, inv.userId, table.gameId, buy(1_000_000_000)).catch((e: unknown) => e),
      );
      expect(refused.queries).toBe(1);
      expect(refused.result).toBeInstanceOf(DomainError);
      expect(STATUS_OF[(refused.result as DomainError).kind]).toBe(422);
    }
    const ok = await placeOrder(ctx, inv.userId, table.gameId, buy(1));
    expect(ok.data.portfolio_data.find((r) => r.stock_id === 3)?.total_quantity).toBe(1);
  });
});

describe('answers and events', () => {
  it("an order's answer and published portfolio equal the portfolio read afterwards", async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const rec = recording();
    await placeOrder(rec.ctx, inv.userId, table.gameId, buy(7));
    const sold = await placeOrder(rec.ctx, inv.userId, table.gameId, {
      stock_id: 3,
      trade_type: 1,
      quantity: 3,
    });
    const read = await getPortfolio(ctx, inv.userId, table.gameId);
    expect(sold.data).toEqual(read.data);
    expect(rec.portfolios.map((p) => p.userId)).toEqual([inv.userId, inv.userId]);
    expect(rec.portfolios[1]!.portfolio).toEqual(read.data);
    expect(read.data.ends_at).not.toBeNull();
  });

  it('a price update publishes the change and its point at the clock time', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const rec = recording();
    const before = (await table.broker.api.get(`/api/game/${table.gameId}/stocks`)).body.data
      .stocks_data as Array<{ stock_id: number; current_price: number }>;
    const previous = before.find((s) => s.stock_id === 5)!.current_price;
    const answer = await updatePrice(rec.ctx, table.broker.userId, table.gameId, {
      stock_id: 5,
      operation: '-',
      value: 7,
    });
    expect(rec.events).toHaveLength(1);
    const event = rec.events[0]!;
    expect(event.name).toBe('price:updated');
    const payload = event.payload as Record<string, any>;
    expect(payload).toMatchObject({
      game_id: table.gameId,
      stock_id: 5,
      previous_price: previous,
      price: answer.data.updatedPrice,
      percentage: -7,
      point: { stock_id: 5, price: answer.data.updatedPrice, cause: 'update' },
    });
    const history = await table.broker.api.get(`/api/game/${table.gameId}/prices/history`);
    const last = history.body.data.at(-1);
    expect(payload.point).toEqual(last);
    expect(answer.data.previousPrice).toBe(previous);
  });

  it('a payday publishes every credited investor the portfolio read afterwards', async () => {
    const table = await setupTable(server, { investors: 2, start: true, brokerRole: 3 });
    await openPhase(table);
    const [a] = table.investors;
    await placeOrder(ctx, a!.userId, table.gameId, buy(4));
    const rec = recording();
    const given = await givePayday(rec.ctx, table.broker.userId, table.gameId);
    expect(rec.events.map((e) => e.name)).toEqual(['payday:given']);
    expect(rec.events[0]!.payload).toMatchObject({
      game_id: table.gameId,
      amount: given.data.amount,
      paydays_given: 1,
    });
    const credited = [table.broker, ...table.investors].map((s) => s.userId).sort();
    expect(rec.portfolios.map((p) => p.userId).sort()).toEqual(credited);
    for (const p of rec.portfolios) {
      expect(p.portfolio).toEqual((await getPortfolio(ctx, p.userId, table.gameId)).data);
    }
  });
});

describe('refusals', () => {
  const refusal = (key: string) =>
    Object.assign(new pg.DatabaseError(key, 0, 'error'), { code: REFUSAL_SQLSTATE });

  it('each refusal key maps to its status, code and message', () => {
    const cases: Array<[string, number, string]> = [
      ['GAME_NOT_FOUND', 404, 'Game not found.'],
      ['NOT_IN_GAME', 403, 'You are not a player in this game.'],
      ['GAME_COMPLETED', 409, 'Game already completed.'],
      ['BROKER_ONLY', 403, 'Only the Broker can do this.'],
      ['INVESTOR_ONLY', 403, 'Only investors can do this.'],
      ['GAME_NOT_RUNNING', 409, 'The game is not running.'],
      ['TRADE_PHASE_OFF', 409, 'The trade phase is not active.'],
      ['STOCK_NOT_FOUND', 404, 'Stock not found.'],
      ['INSUFFICIENT_FUNDS', 422, 'Insufficient cash balance for this order.'],
      ['INSUFFICIENT_SHARES', 422, 'You do not have enough shares to sell.'],
      ['PRICE_CAP', 422, 'Price cannot exceed ₹1,00,00,000'],
      ['PAYDAY_LIMIT', 409, 'All 3 paydays have already been given.'],
      ['IDEMPOTENCY_KEY_REUSED', 409, 'This Idempotency-Key was already used for another game.'],
    ];
    for (const [key, status, message] of cases) {
      const mapped = refusalError(refusal(key));
      expect(mapped, key).toBeInstanceOf(DomainError);
      expect(STATUS_OF[(mapped as DomainError).kind], key).toBe(status);
      expect((mapped as DomainError).message, key).toBe(message);
    }
    expect((refusalError(refusal('GAME_COMPLETED')) as DomainError).code).toBe('GAME_COMPLETED');
  });

  it('an unknown key or another database error stays a server fault', () => {
    const unknown = refusal('SOMETHING_ELSE');
    expect(refusalError(unknown)).toBe(unknown);
    const other = Object.assign(new pg.DatabaseError('boom', 0, 'error'), { code: '23505' });
    expect(refusalError(other)).toBe(other);
  });

  it("a refused keyed order keeps no claim: the key's next order runs", async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    await expect(
      placeOrder(ctx, inv.userId, table.gameId, buy(1_000_000_000), 'refused-first'),
    ).rejects.toMatchObject({ kind: 'unprocessable' });
    const rows = await ctx.db.execute(
      sql`select count(*)::int as n from idempotency_keys where key = 'refused-first'`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    const placed = await placeOrder(ctx, inv.userId, table.gameId, buy(2), 'refused-first');
    expect(placed.data.portfolio_data.find((r) => r.stock_id === 3)?.total_quantity).toBe(2);
  });
});

describe('Idempotency-Key answers', () => {
  it('an answer stored before the migration (a built portfolio) is replayed as it is', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const stored = (await getPortfolio(ctx, inv.userId, table.gameId)).data;
    await ctx.db.execute(
      sql`insert into idempotency_keys (user_id, key, game_id, response)
          values (${inv.userId}, 'old-shape', ${table.gameId}, ${JSON.stringify(stored)}::jsonb)`,
    );
    const rec = recording();
    const replay = await placeOrder(rec.ctx, inv.userId, table.gameId, buy(5), 'old-shape');
    expect(replay.data).toEqual(stored);
    expect(rec.portfolios).toHaveLength(0);
    const after = await getPortfolio(ctx, inv.userId, table.gameId);
    expect(after.data).toEqual(stored);
  });

  it("a keyed order writes its key's row twice: the claim with the fingerprint, then the answer", async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    // Counted inside one transaction, rolled back: this statement's writes (PGlite's one backend
    // reports its counts late, so the difference around the statement).
    const writes = (tx: Pick<typeof ctx.db, 'execute'>) =>
      tx.execute(
        sql`select coalesce(sum(n_tup_ins), 0)::int as ins, coalesce(sum(n_tup_upd), 0)::int as upd
            from pg_stat_xact_user_tables where relname = 'idempotency_keys'`,
      ) as unknown as Promise<{ rows: Array<{ ins: number; upd: number }> }>;
    const counted = await ctx.db
      .transaction(async (tx) => {
        const before = (await writes(tx)).rows[0]!;
        await tx.execute(
          sql`select showdown_place_order_once(${inv.userId}, ${table.gameId}, 3, 0, 1,
              'two-writes', now(), 'fingerprint')`,
        );
        const after = (await writes(tx)).rows[0]!;
        const row = (await tx.execute(
          sql`select fingerprint, response from idempotency_keys where key = 'two-writes'`,
        )) as unknown as { rows: Array<Record<string, unknown>> };
        const stats = { ins: after.ins - before.ins, upd: after.upd - before.upd, ...row.rows[0] };
        throw Object.assign(new Error('rollback'), { stats });
      })
      .catch((err: { stats?: Record<string, unknown> }) => err.stats);
    expect(counted).toMatchObject({ ins: 1, upd: 1, fingerprint: 'fingerprint' });
    expect(counted?.response).toMatchObject({ cash_paise: expect.any(Number) });
  });

  it("an order's answer reads only what the player was given, not every trade they made", async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const inv = table.investors[0]!;
    // showdown_player_facts' sum, planned after 300 trades of the player (rolled back): the
    // index it is read through holds the start and paydays only (ledger_entries_contributed_idx),
    // so its cost does not grow with the player's trades.
    const plan = await ctx.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (game_id, player_id, kind, delta_paise)
              select ${table.gameId}, ${inv.playerId}, 'buy', -100 from generate_series(1, 300)`,
        );
        await tx.execute(sql`analyze ledger_entries`);
        // A test database's ledger is a few pages, which a sequential scan reads cheapest; a
        // game night's holds every player of every game. The question is which index serves.
        await tx.execute(sql`set local enable_seqscan = off`);
        const explained = (await tx.execute(
          sql`explain (analyze, format json)
              select coalesce(sum(delta_paise), 0) from ledger_entries
              where player_id = ${inv.playerId} and kind in ('start', 'payday')`,
        )) as unknown as { rows: Array<{ 'QUERY PLAN': unknown }> };
        throw Object.assign(new Error('rollback'), { plan: JSON.stringify(explained.rows[0]) });
      })
      .catch((err: { plan?: string }) => err.plan ?? String(err));
    expect(plan).toContain('"Index Name":"ledger_entries_contributed_idx"');
    expect(plan).not.toContain('Rows Removed by Filter');
  });

  it('a replay in another game is refused, in the same statement as the claim', async () => {
    const first = await setupTable(server, { investors: 1, start: true });
    await openPhase(first);
    const inv = first.investors[0]!;
    await placeOrder(ctx, inv.userId, first.gameId, buy(1), 'one-game');
    const other = await setupTable(server, { investors: 0, start: false });
    await expect(
      placeOrder(ctx, inv.userId, other.gameId, buy(1), 'one-game'),
    ).rejects.toMatchObject({ kind: 'conflict', message: MSG_KEY_REUSED });
  });
});

const MSG_KEY_REUSED = 'This Idempotency-Key was already used for another game.';

describe('the SQL rounding', () => {
  it('showdown_round_half_up_div equals shared roundHalfUpDiv', async () => {
    const pairs: Array<[bigint, bigint]> = [
      [5n, 2n],
      [-5n, 2n],
      [7n, 2n],
      [0n, 3n],
      [999_999_999n * 1_000_000_000n - 1n, 2_000_000_000n],
      [4_611_686_018_427_387_903n * 3n, 7n],
    ];
    for (let i = 0; i < 300; i++) {
      const d = BigInt(1 + Math.floor(Math.random() * 2_000_000_000));
      const n = BigInt(Math.floor((Math.random() - 0.3) * 1e15)) * BigInt(1 + (i % 5000));
      pairs.push([n, d], [d * BigInt(i) + d / 2n, d], [d * BigInt(i) + (d - 1n) / 2n, d]);
    }
    const result = (await ctx.db.execute(
      sql`select showdown_round_half_up_div(n, d)::text as q
          from unnest(${`{${pairs.map((p) => p[0]).join(',')}}`}::numeric[],
                      ${`{${pairs.map((p) => p[1]).join(',')}}`}::numeric[]) with ordinality as t(n, d, i)
          order by i`,
    )) as unknown as { rows: Array<{ q: string }> };
    expect(result.rows.map((r) => r.q)).toEqual(
      pairs.map(([n, d]) => String(roundHalfUpDiv(n, d))),
    );
  });
});

describe('callFunction', () => {
  /** A pool whose connection answers each query with the next outcome in `outcomes`. */
  function fakeDatabase(outcomes: Array<Error | { r: unknown }>) {
    const released: Array<Error | undefined> = [];
    let queries = 0;
    const client = {
      query: async () => {
        const next = outcomes[queries++];
        if (next instanceof Error) throw next;
        return { rows: [next] };
      },
      release: (err?: Error) => void released.push(err),
    };
    const db = { $client: { connect: async () => client } } as unknown as Database;
    return { db, released, queries: () => queries };
  }
  const dbError = (code: string) =>
    Object.assign(new pg.DatabaseError('failed', 0, 'error'), { code });
  const call = { name: 'probe', text: 'select 1 as r', values: [] };

  it('retries a deadlock or serialization failure, then answers', async () => {
    const fake = fakeDatabase([dbError('40P01'), dbError('40001'), { r: { ok: true } }]);
    await expect(callFunction(fake.db, call)).resolves.toEqual({ ok: true });
    expect(fake.queries()).toBe(3);
    expect(fake.released).toEqual([undefined, undefined, undefined]);
  });

  it('gives up after five attempts', async () => {
    const fake = fakeDatabase(Array.from({ length: 6 }, () => dbError('40001')));
    await expect(callFunction(fake.db, call)).rejects.toMatchObject({ code: '40001' });
    expect(fake.queries()).toBe(5);
  });

  it('does not retry a refusal, and keeps its connection', async () => {
    const fake = fakeDatabase([dbError(REFUSAL_SQLSTATE), { r: 1 }]);
    await expect(callFunction(fake.db, call)).rejects.toMatchObject({ code: REFUSAL_SQLSTATE });
    expect(fake.queries()).toBe(1);
    expect(fake.released).toEqual([undefined]);
  });

  it('gives a connection that failed otherwise back as broken', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const fake = fakeDatabase([lost]);
    await expect(callFunction(fake.db, call)).rejects.toBe(lost);
    expect(fake.released).toEqual([lost]);
  });
});

/**
 * One source for every rule: random sequences of orders (buy, sell, over-cash, over-sell, bad
 * quantities), price moves (floor ₹1, cap ₹1,00,00,000, rounding at half a paisa), trade phases
 * and time, paydays and market mayhem averages run through the SQL functions the server calls
 * (realtime-server/sql/functions/) and through the `shared/` rules, comparing
 * cash, holdings, invested amounts, prices, "is the trade phase open" and refusals after every
 * step. It runs on both databases (the server-pglite and server-pg projects).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAYHEM_PERCENTAGES,
  PAYDAYS_PER_GAME,
  PRICE_CAP_PAISE,
  PRICE_FLOOR_PAISE,
} from '@showdown/shared/constants';
import { averageMayhem, type MayhemPick } from '@showdown/shared/mayhem';
import { roundHalfUpDiv } from '@showdown/shared/money';
import { canGivePayday } from '@showdown/shared/payday';
import { isTradePhaseOpen } from '@showdown/shared/phase';
import { applyPercentChange, capPrice, exceedsPriceCap } from '@showdown/shared/pricing';
import {
  REFUSAL_CODES,
  SQL_REFUSAL_CODES,
  refusalMessage,
  type RefusalCode,
} from '@showdown/shared/refusals';
import { buy, sell, type Holding } from '@showdown/shared/trading';
import type { AppContext } from '../src/context.ts';
import { callFunction, HOT_PATHS, REFUSAL_SQLSTATE, refusalKey } from '../src/db/hot-paths.ts';
import { readFunctionFiles } from '../src/db/sql-functions.ts';
import { DomainError } from '../src/games/errors.ts';
import { endExpiredPhases, setOrderbook } from '../src/games/flow-service.ts';
import { averageMayhemList, createMayhem, respondMayhem } from '../src/games/mayhem-service.ts';
import { refusalError } from '../src/games/refusals.ts';
import { STATUS_OF } from '../src/http/errors.ts';
import { FakeClock } from './helpers/clock.ts';
import { setupTable, type TableSetup } from './helpers/game.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

describe('refusal codes: one list', () => {
  /** Every code a RAISE of the SQL function files gives, and the count of RAISEs. */
  function raisedCodes(): { codes: Set<string>; raises: number; matched: number } {
    const codes = new Set<string>();
    let raises = 0;
    let matched = 0;
    for (const file of readFunctionFiles()) {
      // The code without its comments (which may name RAISE in prose).
      const text = file.text.replace(/--.*$/gm, '');
      raises += text.match(/\bRAISE\b/g)?.length ?? 0;
      const pattern = new RegExp(
        `RAISE EXCEPTION USING ERRCODE = '${REFUSAL_SQLSTATE}',\\s*MESSAGE = (CASE\\b[\\s\\S]*?\\bEND|'[^']*')`,
        'g',
      );
      for (const raise of text.matchAll(pattern)) {
        matched += 1;
        for (const code of raise[1]!.matchAll(/'([^']*)'/g)) codes.add(code[1]!);
      }
    }
    return { codes, raises, matched };
  }

  it('every code the SQL functions raise is in the list, and every SQL code of the list is raised', () => {
    const { codes, raises, matched } = raisedCodes();
    // Every RAISE is a refusal of the expected form (none slips past the pattern).
    expect(matched).toBe(raises);
    expect(raises).toBeGreaterThan(0);
    expect([...codes].sort()).toEqual([...SQL_REFUSAL_CODES].sort());
  });

  it('every code has a message, and the SQL ones map to an answer carrying it', () => {
    expect(new Set(REFUSAL_CODES).size).toBe(REFUSAL_CODES.length);
    for (const code of REFUSAL_CODES) expect(refusalMessage(code), code).toMatch(/\S/);
    for (const code of SQL_REFUSAL_CODES) {
      const raised = Object.assign(new pg.DatabaseError(code, 0, 'error'), {
        code: REFUSAL_SQLSTATE,
      });
      const answer = refusalError(raised);
      expect(answer, code).toBeInstanceOf(DomainError);
      expect((answer as DomainError).message, code).toBe(refusalMessage(code));
    }
  });
});

// ---------- the differential run ----------

/** The stocks the runs trade and move (the first three of the game). */
const STOCKS = 3;
const TRADERS = 3;

type Quantity =
  | { kind: 'some'; n: number }
  | { kind: 'most' }
  | { kind: 'over'; extra: number }
  | { kind: 'invalid'; n: number };

type Step =
  | { kind: 'order'; trader: number; stock: number; side: 'buy' | 'sell'; quantity: Quantity }
  | { kind: 'price'; stock: number; percent: number }
  | { kind: 'payday' }
  | {
      kind: 'mayhem';
      list: Array<{ stock: number; percentage: number }>;
      answers: Array<Array<[number, number]> | null>;
    }
  | { kind: 'phase'; open: boolean }
  | { kind: 'time'; seconds: number }
  | { kind: 'sweep' };

const quantityArb: fc.Arbitrary<Quantity> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('some' as const), n: fc.integer({ min: 1, max: 6 }) }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'most' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('over' as const),
      extra: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('invalid' as const),
      n: fc.integer({ min: -3, max: 0 }),
    }),
  },
);

/**
 * A whole percentage of a price update (the API's ±1 … ±100), leaning to factors that land on
 * exactly half a paisa for many prices (× 50/100 of an odd price, × 110/100 of a price ending in 5).
 */
const percentArb = fc.oneof(
  fc.integer({ min: 1, max: 100 }).chain((v) => fc.constantFrom(v, -v)),
  fc.constantFrom(-50, 50, -90, -70, -30, -10, 10, 30, 70, 90, -100, 100),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      trader: fc.integer({ min: 0, max: TRADERS - 1 }),
      stock: fc.integer({ min: 0, max: STOCKS - 1 }),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: quantityArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      stock: fc.integer({ min: 0, max: STOCKS - 1 }),
      percent: percentArb,
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'payday' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('mayhem' as const),
      list: fc.uniqueArray(
        fc.record({
          stock: fc.integer({ min: 0, max: STOCKS - 1 }),
          percentage: fc.constantFrom(...MAYHEM_PERCENTAGES),
        }),
        { minLength: 1, maxLength: STOCKS, selector: (e) => e.stock },
      ),
      answers: fc.array(
        fc.option(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: STOCKS })),
        { minLength: TRADERS, maxLength: TRADERS },
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('phase' as const), open: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constant(120)),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
);

/** A starting price: anywhere, near the floor, or near the cap. */
const priceArb = fc.oneof(
  fc.integer({ min: PRICE_FLOOR_PAISE, max: 500_000 }),
  fc.integer({ min: PRICE_FLOOR_PAISE, max: 400 }),
  fc.integer({ min: PRICE_CAP_PAISE - 2_000_000, max: PRICE_CAP_PAISE }),
);

/** What both sides hold, in the shape both are read into. */
interface Observed {
  open: boolean;
  paydays: number;
  prices: Record<string, number>;
  traders: Record<string, { cash: number; holdings: Record<string, [number, number]> }>;
}

interface Trader {
  userId: number;
  cash: number;
  holdings: Map<number, Holding>;
}

/** The `shared/` side: the game as the TypeScript rules see it. */
interface Model {
  orderbook: number;
  endsAt: number | null;
  paydays: number;
  prices: Map<number, number>;
  traders: Trader[];
}

/** How often the run reached each case: a run that never reaches one proves nothing about it. */
const reached = new Map<string, number>();
const note = (what: string) => reached.set(what, (reached.get(what) ?? 0) + 1);

/** Whether price × (100·den + num) / (100·den) lies exactly on half a paisa. */
function onHalfPaisa(price: number, numerator: number, denominator: number): boolean {
  const scale = 100n * BigInt(denominator);
  return ((BigInt(price) * (scale + BigInt(numerator))) % scale) * 2n === scale;
}

function observeModel(model: Model, nowMs: number): Observed {
  const traders: Observed['traders'] = {};
  for (const t of model.traders) {
    const holdings: Record<string, [number, number]> = {};
    for (const [stock, h] of t.holdings) {
      if (h.quantity !== 0 || h.investedPaise !== 0)
        holdings[stock] = [h.quantity, h.investedPaise];
    }
    traders[t.userId] = { cash: t.cash, holdings };
  }
  return {
    open: isTradePhaseOpen({ orderbookStatus: model.orderbook, endsAt: model.endsAt }, nowMs),
    paydays: model.paydays,
    prices: Object.fromEntries(model.prices),
    traders,
  };
}

let server: TestServer;
let ctx: AppContext;
let table: TableSetup;
const clock = new FakeClock(new Date('2026-03-01T10:00:00Z'));
let stockIds: number[];
let startCash: number;
let paydayPaise: number;
let phaseSeconds: number;

beforeAll(async () => {
  server = await startTestServer({ clock });
  ctx = server.application.context;
  // The broker also invests (role 3): three traders, all credited on payday.
  table = await setupTable(server, { investors: 2, start: true, brokerRole: 3 });
  const facts = await rows<{ start: string; payday: string; duration: number; stocks: number[] }>(
    sql`select (select cash_paise from players where game_id = g.id limit 1)::text as start,
          g.payday_increment_paise::text as payday, g.trade_phase_duration as duration,
          (select array_agg(stock_id order by stock_id) from game_stocks where game_id = g.id)
            as stocks
        from games g where g.id = ${table.gameId}`,
  );
  startCash = Number(facts[0]!.start);
  paydayPaise = Number(facts[0]!.payday);
  phaseSeconds = facts[0]!.duration;
  stockIds = facts[0]!.stocks.slice(0, STOCKS);
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const traderIds = () => [table.broker, ...table.investors].map((s) => s.userId);

/** Both sides back to the same start: cash, no holdings, no paydays, an open phase, `prices`. */
async function reset(prices: number[]): Promise<Model> {
  const now = clock.now();
  const endsAt = new Date(now.getTime() + phaseSeconds * 1000);
  const g = table.gameId;
  await ctx.db.execute(sql`update players set cash_paise = ${startCash} where game_id = ${g}`);
  await ctx.db.execute(
    sql`delete from holdings where player_id in (select id from players where game_id = ${g})`,
  );
  await ctx.db.execute(
    sql`update games set paydays_given = 0, orderbook_status = 1,
          phase_ends_at = ${endsAt.toISOString()}::timestamptz where id = ${g}`,
  );
  await ctx.db.execute(sql`update mayhems set status = 2 where game_id = ${g} and status = 1`);
  for (let i = 0; i < STOCKS; i++) {
    await ctx.db.execute(
      sql`update game_stocks set price_paise = ${prices[i]!}
          where game_id = ${g} and stock_id = ${stockIds[i]!}`,
    );
  }
  return {
    orderbook: 1,
    endsAt: endsAt.getTime(),
    paydays: 0,
    prices: new Map(stockIds.map((id, i) => [id, prices[i]!])),
    traders: traderIds().map((userId) => ({ userId, cash: startCash, holdings: new Map() })),
  };
}

/** The database side, read in one statement; "open" is the SQL helper's answer. */
async function observeDatabase(nowMs: number): Promise<Observed & { rowOpen: boolean }> {
  const [row] = await rows<{ r: any }>(
    sql`select json_build_object(
          'open', showdown_phase_is_open(g, ${new Date(nowMs).toISOString()}::timestamptz),
          'orderbook', g.orderbook_status,
          'ends_at', g.phase_ends_at,
          'paydays', g.paydays_given,
          'prices', (select json_object_agg(stock_id, price_paise) from game_stocks
            where game_id = g.id and stock_id = any(${`{${stockIds.join(',')}}`}::int[])),
          'traders', (select json_object_agg(p.user_id, json_build_object(
            'cash', p.cash_paise,
            'holdings', (select coalesce(json_object_agg(h.stock_id,
                json_build_array(h.quantity, h.invested_paise)), '{}'::json)
              from holdings h
              where h.player_id = p.id and (h.quantity <> 0 or h.invested_paise <> 0))))
            from players p where p.game_id = g.id)) as r
        from games g where g.id = ${table.gameId}`,
  );
  const r = row!.r;
  return {
    open: r.open,
    paydays: r.paydays,
    prices: r.prices,
    traders: r.traders,
    // The shared rule on the database's own row (the server's setOrderbook asks this).
    rowOpen: isTradePhaseOpen({ orderbookStatus: r.orderbook, endsAt: r.ends_at }, nowMs),
  };
}

/** A refusal code of the SQL call, or null when it went through. */
async function refusalOf(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (err) {
    const code = refusalKey(err);
    if (code !== undefined) return code;
    if (err instanceof DomainError) return `DomainError ${STATUS_OF[err.kind]} ${err.message}`;
    throw err;
  }
}

const noHooks = { onPhaseStarted: () => undefined };

/** Runs one step on both sides; returns the two refusals (null when none). */
async function runStep(
  model: Model,
  step: Step,
): Promise<{ sql: string | null; shared: RefusalCode | null }> {
  const now = clock.now();
  const nowMs = now.getTime();
  const open = () =>
    isTradePhaseOpen({ orderbookStatus: model.orderbook, endsAt: model.endsAt }, nowMs);
  const g = table.gameId;
  switch (step.kind) {
    case 'order': {
      const trader = model.traders[step.trader]!;
      const stockId = stockIds[step.stock]!;
      const price = model.prices.get(stockId)!;
      const holding = trader.holdings.get(stockId) ?? { quantity: 0, investedPaise: 0 };
      const q = step.quantity;
      const quantity =
        q.kind === 'some' || q.kind === 'invalid'
          ? q.n
          : step.side === 'buy'
            ? Math.floor(trader.cash / price) + (q.kind === 'over' ? q.extra : 0)
            : holding.quantity + (q.kind === 'over' ? q.extra : 0);
      const sqlRefusal = await refusalOf(() =>
        callFunction(ctx.db, {
          ...HOT_PATHS.placeOrder,
          values: [
            trader.userId,
            g,
            stockId,
            step.side === 'buy' ? 0 : 1,
            quantity,
            null,
            now.toISOString(),
            null, // no Idempotency-Key, so no fingerprint
          ],
        }),
      );
      let shared: RefusalCode | null;
      if (!open()) shared = 'TRADE_PHASE_OFF';
      else {
        const result = (step.side === 'buy' ? buy : sell)(trader.cash, holding, price, quantity);
        if (result.ok) {
          if (step.side === 'sell' && quantity < holding.quantity) {
            const share = BigInt(holding.investedPaise) * BigInt(quantity);
            if ((share % BigInt(holding.quantity)) * 2n === BigInt(holding.quantity))
              note('sell on half a paisa');
          }
          trader.cash = result.cashPaise;
          trader.holdings.set(stockId, result.holding);
          shared = null;
        } else shared = result.error;
      }
      return { sql: sqlRefusal, shared };
    }
    case 'price': {
      const stockId = stockIds[step.stock]!;
      const sqlRefusal = await refusalOf(() =>
        callFunction(ctx.db, {
          ...HOT_PATHS.updatePrice,
          values: [
            table.broker.userId,
            g,
            stockId,
            step.percent,
            now.toISOString(),
            PRICE_FLOOR_PAISE,
            PRICE_CAP_PAISE,
          ],
        }),
      );
      const previous = model.prices.get(stockId)!;
      if (onHalfPaisa(previous, step.percent, 1)) note('price on half a paisa');
      const next = applyPercentChange(previous, step.percent);
      if (next === PRICE_FLOOR_PAISE) note('price at the floor');
      if (exceedsPriceCap(next)) return { sql: sqlRefusal, shared: 'PRICE_CAP' };
      model.prices.set(stockId, next);
      return { sql: sqlRefusal, shared: null };
    }
    case 'payday': {
      const sqlRefusal = await refusalOf(() =>
        callFunction(ctx.db, {
          ...HOT_PATHS.givePayday,
          values: [table.broker.userId, g, PAYDAYS_PER_GAME, new Date().toISOString()],
        }),
      );
      if (!canGivePayday(model.paydays)) return { sql: sqlRefusal, shared: 'PAYDAY_LIMIT' };
      model.paydays += 1;
      for (const t of model.traders) t.cash += paydayPaise;
      return { sql: sqlRefusal, shared: null };
    }
    case 'mayhem': {
      const list = step.list.map((e) => ({
        stockId: stockIds[e.stock]!,
        percentage: e.percentage,
      }));
      const created = await createMayhem(ctx, table.broker.userId, g, {
        stock_ids: list.map((e) => e.stockId),
        percentage: list.map((e) => e.percentage),
      });
      const responses: MayhemPick[][] = [];
      for (const [i, answer] of step.answers.entries()) {
        if (!answer) continue;
        // Valid picks from the list: each company at most once.
        const picks = new Map<number, number>();
        for (const [s, p] of answer) {
          const stockId = list[s % list.length]!.stockId;
          if (!picks.has(stockId)) picks.set(stockId, list[p % list.length]!.percentage);
        }
        const stocks = [...picks].map(([stock_id, percentage]) => ({ stock_id, percentage }));
        await respondMayhem(ctx, model.traders[i]!.userId, created.data.id, { stocks });
        responses.push(stocks);
      }
      await averageMayhemList(ctx, table.broker.userId, created.data.id);
      for (const avg of averageMayhem(responses)) {
        const previous = model.prices.get(avg.stock_id)!;
        if (onHalfPaisa(previous, avg.sum, avg.count)) note('mayhem on half a paisa');
        const moved = applyPercentChange(previous, avg.sum, avg.count);
        if (exceedsPriceCap(moved)) note('mayhem stopped at the cap');
        model.prices.set(avg.stock_id, capPrice(moved));
      }
      return { sql: null, shared: null };
    }
    case 'phase': {
      await setOrderbook(ctx, noHooks, table.broker.userId, g, step.open ? 1 : 0);
      if (!step.open) {
        model.orderbook = 0;
        model.endsAt = null;
      } else if (!open()) {
        model.orderbook = 1;
        model.endsAt = nowMs + phaseSeconds * 1000;
      }
      return { sql: null, shared: null };
    }
    case 'time':
      clock.advance(step.seconds);
      return { sql: null, shared: null };
    case 'sweep': {
      await endExpiredPhases(ctx);
      if (model.orderbook === 1 && !open()) {
        model.orderbook = 0;
        model.endsAt = null;
      }
      return { sql: null, shared: null };
    }
  }
}

/** One run: reset both sides, then every step on both, comparing after each. */
async function run(prices: number[], steps: Step[]): Promise<void> {
  const model = await reset(prices);
  for (const [i, step] of steps.entries()) {
    const refusals = await runStep(model, step);
    const where = `step ${i + 1} of ${steps.length}: ${JSON.stringify(step)}`;
    expect(refusals.sql, where).toBe(refusals.shared);
    if (refusals.shared) note(refusals.shared);
    const nowMs = clock.now().getTime();
    const { rowOpen, ...database } = await observeDatabase(nowMs);
    expect(database, where).toEqual(observeModel(model, nowMs));
    expect(rowOpen, `${where}: the shared rule on the database row`).toBe(database.open);
  }
}

/** A sequence that reaches every refusal and every edge at least once, whatever the seed. */
const EVERY_EDGE: [number[], Step[]] = [
  [301, PRICE_CAP_PAISE - 1_000, 101],
  [
    { kind: 'order', trader: 0, stock: 0, side: 'buy', quantity: { kind: 'some', n: 3 } },
    { kind: 'order', trader: 1, stock: 0, side: 'buy', quantity: { kind: 'some', n: 1 } },
    // 301 → 304.01 → 304: trader 1 then holds 2 shares worth 605 invested.
    { kind: 'price', stock: 0, percent: 1 },
    { kind: 'order', trader: 1, stock: 0, side: 'buy', quantity: { kind: 'some', n: 1 } },
    // Selling 1 of 2 removes 605 / 2 = 302.5 → 303.
    { kind: 'order', trader: 1, stock: 0, side: 'sell', quantity: { kind: 'some', n: 1 } },
    { kind: 'order', trader: 1, stock: 0, side: 'sell', quantity: { kind: 'over', extra: 1 } },
    { kind: 'order', trader: 2, stock: 1, side: 'buy', quantity: { kind: 'some', n: 1 } },
    { kind: 'order', trader: 2, stock: 2, side: 'buy', quantity: { kind: 'over', extra: 1 } },
    { kind: 'order', trader: 2, stock: 2, side: 'buy', quantity: { kind: 'invalid', n: 0 } },
    // 101 × 50 % = 50.5 → 51, raised to the floor.
    { kind: 'price', stock: 2, percent: -50 },
    { kind: 'price', stock: 2, percent: -100 },
    { kind: 'price', stock: 1, percent: 1 },
    { kind: 'payday' },
    { kind: 'payday' },
    { kind: 'payday' },
    { kind: 'payday' },
    // Stock 1 (+16 %) stops at the cap; stock 2 moves by (−1 + 16) / 2 %: 100 → 107.5 → 108.
    {
      kind: 'mayhem',
      list: [
        { stock: 1, percentage: 16 },
        { stock: 2, percentage: -1 },
      ],
      answers: [[[0, 0]], [[1, 1]], [[1, 0]]],
    },
    { kind: 'time', seconds: 120 },
    { kind: 'order', trader: 0, stock: 0, side: 'sell', quantity: { kind: 'most' } },
    { kind: 'sweep' },
    { kind: 'phase', open: true },
  ],
];

describe('the SQL functions and the shared rules agree', () => {
  it('on random sequences of orders, price moves, phases, paydays and mayhem', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(priceArb, { minLength: STOCKS, maxLength: STOCKS }),
        fc.array(stepArb, { minLength: 1, maxLength: 20 }),
        run,
      ),
      { numRuns: 40, examples: [EVERY_EDGE] },
    );
    // Each case was reached, so the comparison above covered it.
    for (const what of [
      'INSUFFICIENT_FUNDS',
      'INSUFFICIENT_SHARES',
      'INVALID_QUANTITY',
      'TRADE_PHASE_OFF',
      'PRICE_CAP',
      'PAYDAY_LIMIT',
      'price on half a paisa',
      'price at the floor',
      'sell on half a paisa',
      'mayhem on half a paisa',
      'mayhem stopped at the cap',
    ]) {
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
    }
  }, 600_000);

  it('the half-paisa check itself: 301 × 50 % is 150.5, rounded up', () => {
    expect(onHalfPaisa(301, -50, 1)).toBe(true);
    expect(applyPercentChange(301, -50)).toBe(Number(roundHalfUpDiv(301n * 50n, 100n)));
    expect(applyPercentChange(301, -50)).toBe(151);
  });
});

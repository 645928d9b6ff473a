/**
 * One source for every rule: random sequences of commands (orders with and without an
 * Idempotency-Key, price updates, paydays, market mayhem averaged, undos) from every kind of
 * caller (investors, the broker as Broker and as Investor & Broker, someone not seated, a game
 * that does not exist), between trade phases opened, paused, resumed, closed and swept on the
 * fake clock, and games not yet started or completed, run through the server (the SQL functions
 * of realtime-server/sql/functions/ and the game services) and through `shared/src/rules.ts`.
 * After every step the refusal (or the answer) of both sides and the game's facts (prices,
 * phase, paydays, each seat's cash, contributions and holdings, the keys used, the action an
 * undo would take back) are compared. The test writes no rule: the phase switches, which are
 * no rule of `rules.ts`, are read back from the database into the shared side's facts. On both
 * databases (the server-pglite and server-pg projects).
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
import { paiseToRupees } from '@showdown/shared/money';
import {
  REFUSAL_CODES,
  SQL_REFUSAL_CODES,
  refusalMessage,
  type RefusalCode,
} from '@showdown/shared/refusals';
import {
  applyMayhem,
  givePayday,
  keyOf,
  movePrice,
  placeOrder,
  undo,
  type GameFacts,
  type KeyUse,
  type PortfolioFacts,
  type RuleResult,
  type SeatFacts,
  type UndoableAction,
} from '@showdown/shared/rules';
import type { AppContext } from '../src/context.ts';
import { callFunction, HOT_PATHS, REFUSAL_SQLSTATE, refusalKey } from '../src/db/hot-paths.ts';
import { readFunctionFiles } from '../src/db/sql-functions.ts';
import { DomainError } from '../src/games/errors.ts';
import { endExpiredPhases, setOrderbook } from '../src/games/flow-service.ts';
import { averageMayhemList, createMayhem, respondMayhem } from '../src/games/mayhem-service.ts';
import { orderFingerprint } from '../src/games/order-fingerprint.ts';
import { pausePhase, resumePhase } from '../src/games/phase-pause-service.ts';
import { refusalError } from '../src/games/refusals.ts';
import { undoLastAction } from '../src/games/undo-service.ts';
import { FakeClock } from './helpers/clock.ts';
import { setupTable, type TableSetup } from './helpers/game.ts';
import { signUp, startTestServer, type TestServer } from './helpers/server.ts';

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

/** The stocks the runs trade and move (the first three of the game), and one it does not list. */
const STOCKS = 3;
const UNLISTED_STOCK = 9_999;
/** Who calls: the broker (Investor & Broker, or Broker), two investors, someone not seated. */
const CALLERS = 4;
const OUTSIDER = 3;
const KEYS = 3;

type Quantity =
  | { kind: 'some'; n: number }
  | { kind: 'most' }
  | { kind: 'over'; extra: number }
  | { kind: 'invalid'; n: number };

/** The game a command names: this one, or one that does not exist. */
type Target = 'game' | 'missing';

type Step =
  | {
      kind: 'order';
      caller: number;
      game: Target;
      stock: number;
      side: 'buy' | 'sell';
      quantity: Quantity;
      key: number | null;
      /** Seconds the order is late by: placed at that time, the clock not moved. */
      late: number;
    }
  | { kind: 'price'; caller: number; game: Target; stock: number; percent: number }
  | { kind: 'payday'; caller: number; game: Target }
  | {
      kind: 'mayhem';
      caller: number;
      list: Array<{ stock: number; percentage: number }>;
      answers: Array<Array<[number, number]> | null>;
    }
  | { kind: 'undo'; caller: number; game: Target }
  | { kind: 'phase'; open: boolean }
  | { kind: 'pause'; resume: boolean }
  | { kind: 'time'; seconds: number }
  | { kind: 'status'; status: 1 | 2 | 3 }
  | { kind: 'role'; brokerRole: 1 | 3 };

const callerArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.constant(OUTSIDER) },
);
const brokerCallerArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: OUTSIDER }) },
);
const targetArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Target>('game') },
  { weight: 1, arbitrary: fc.constant<Target>('missing') },
);
const stockArb = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: STOCKS - 1 }) },
  { weight: 1, arbitrary: fc.constant(-1) },
);

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

const mayhemArb = fc.record({
  kind: fc.constant('mayhem' as const),
  caller: brokerCallerArb,
  list: fc.uniqueArray(
    fc.record({
      stock: fc.integer({ min: 0, max: STOCKS - 1 }),
      percentage: fc.constantFrom(...MAYHEM_PERCENTAGES),
    }),
    { minLength: 1, maxLength: STOCKS, selector: (e) => e.stock },
  ),
  answers: fc.array(
    fc.option(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: STOCKS })),
    { minLength: CALLERS - 1, maxLength: CALLERS - 1 },
  ),
});

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      caller: callerArb,
      game: targetArb,
      stock: stockArb,
      side: fc.constantFrom('buy' as const, 'sell' as const),
      quantity: quantityArb,
      key: fc.option(fc.integer({ min: 0, max: KEYS - 1 }), { freq: 2 }),
      late: fc.oneof(
        { weight: 6, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.constantFrom(60, 119, 120, 180) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      caller: brokerCallerArb,
      game: targetArb,
      stock: stockArb,
      percent: percentArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payday' as const),
      caller: brokerCallerArb,
      game: targetArb,
    }),
  },
  { weight: 1, arbitrary: mayhemArb },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('undo' as const),
      caller: brokerCallerArb,
      game: targetArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('phase' as const), open: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('pause' as const), resume: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      seconds: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom(30, 61, 120)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      status: fc.oneof(
        { weight: 1, arbitrary: fc.constantFrom(1 as const, 3 as const) },
        { weight: 3, arbitrary: fc.constant(2 as const) },
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('role' as const),
      brokerRole: fc.constantFrom(1 as const, 3 as const),
    }),
  },
);

/** A starting price: anywhere, near the floor, or near the cap. */
const priceArb = fc.oneof(
  fc.integer({ min: PRICE_FLOOR_PAISE, max: 500_000 }),
  fc.integer({ min: PRICE_FLOOR_PAISE, max: 400 }),
  fc.integer({ min: PRICE_CAP_PAISE - 2_000_000, max: PRICE_CAP_PAISE }),
);

/** How often the run reached each case: a run that never reaches one proves nothing about it. */
const reached = new Map<string, number>();
const note = (what: string) => reached.set(what, (reached.get(what) ?? 0) + 1);

let server: TestServer;
let ctx: AppContext;
let table: TableSetup;
let outsider: number;
const clock = new FakeClock(new Date('2026-03-01T10:00:00Z'));
let stockIds: number[];
let startCash: number;
let runs = 0;

beforeAll(async () => {
  server = await startTestServer({ clock });
  ctx = server.application.context;
  table = await setupTable(server, { investors: 2, start: true, brokerRole: 3 });
  outsider = (await signUp(server, 'Not Seated')).userId;
  const [facts] = await rows<{ start: string; stocks: number[] }>(
    sql`select (select cash_paise from players where game_id = g.id limit 1)::text as start,
          (select array_agg(stock_id order by stock_id) from game_stocks where game_id = g.id)
            as stocks
        from games g where g.id = ${table.gameId}`,
  );
  startCash = Number(facts!.start);
  stockIds = facts!.stocks.slice(0, STOCKS);
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const callerIds = () => [table.broker.userId, ...table.investors.map((s) => s.userId), outsider];
const gameOf = (target: Target) => (target === 'game' ? table.gameId : table.gameId + 100_000);
const stockOf = (index: number) => (index < 0 ? UNLISTED_STOCK : stockIds[index]!);

/** The game's facts as the database holds them, in the shape of `shared/`'s GameFacts. */
async function readFacts(): Promise<GameFacts> {
  const [row] = await rows<{ r: any }>(
    sql`select json_build_object(
          'status', g.status, 'orderbook', g.orderbook_status,
          'ends_at', round(extract(epoch from g.phase_ends_at) * 1000)::bigint,
          'remaining', g.phase_remaining_ms, 'paydays', g.paydays_given,
          'payday', g.payday_increment_paise,
          'prices', (select json_agg(json_build_array(stock_id, price_paise)) from game_stocks
            where game_id = g.id),
          'seats', (select json_agg(json_build_object(
            'user', p.user_id, 'role', p.role, 'cash', p.cash_paise,
            'facts', showdown_player_facts(p.id, p.cash_paise))) from players p
            where p.game_id = g.id),
          'keys', (select coalesce(json_agg(json_build_object('user', k.user_id, 'key', k.key,
            'game', k.game_id, 'fingerprint', k.fingerprint, 'answer', k.response)), '[]')
            from idempotency_keys k where k.user_id in (select user_id from players
              where game_id = g.id union select ${outsider})),
          'action', (select json_build_object('kind', a.kind,
              'at', round(extract(epoch from a.created_at) * 1000)::bigint,
              'prices', a.prices, 'undone', a.undone_at is not null,
              'order_since', exists (select from transactions t where t.game_id = g.id
                and t.type = 'trade' and t.id > a.transaction_id),
              'amount', coalesce((select t.amount_paise from transactions t
                where t.id = a.transaction_id and a.kind = 'payday'), 0),
              'credited', (select coalesce(json_agg(p.user_id order by p.user_id), '[]')
                from ledger_entries l join players p on p.id = l.player_id
                where l.transaction_id = a.transaction_id and l.kind = 'payday'
                  and a.kind = 'payday'))
            from undoable_actions a where a.game_id = g.id order by a.id desc limit 1)) as r
        from games g where g.id = ${table.gameId}`,
  );
  const r = row!.r;
  const seats: Record<number, SeatFacts> = {};
  for (const s of r.seats) seats[s.user] = seatOf(s.role, s.facts);
  const keys: Record<string, KeyUse & { fingerprint?: string }> = {};
  for (const k of r.keys) {
    keys[keyOf(k.user, k.key)] = {
      gameId: k.game,
      order: { stockId: 0, side: 'buy', quantity: 0 },
      fingerprint: k.fingerprint,
      answer: answerOf(k.answer),
    };
  }
  return {
    gameId: table.gameId,
    status: r.status,
    orderbookStatus: r.orderbook,
    phaseEndsAtMs: r.ends_at === null ? null : Number(r.ends_at),
    phaseRemainingMs: r.remaining === null ? null : Number(r.remaining),
    paydaysGiven: r.paydays,
    paydayPaise: Number(r.payday),
    prices: Object.fromEntries(r.prices.map(([id, p]: [number, string]) => [id, Number(p)])),
    seats,
    keys,
    lastAction: r.action && actionOf(r.action),
  };
}

/** A seat from the SQL player facts (showdown_player_facts: cash, contributed, holdings). */
function seatOf(role: number, facts: any): SeatFacts {
  return {
    role,
    cashPaise: Number(facts.cash_paise),
    contributedPaise: Number(facts.contributed_paise),
    holdings: Object.fromEntries(
      facts.holdings.map((h: any) => [
        h.stock_id,
        { quantity: Number(h.quantity), investedPaise: Number(h.invested_paise) },
      ]),
    ),
  };
}

/** An order's SQL answer (market and player facts) in the shape of PortfolioFacts. */
function answerOf(facts: any): PortfolioFacts {
  const seat = seatOf(0, facts);
  return {
    prices: facts.prices.map((p: any) => ({
      stockId: p.stock_id,
      pricePaise: Number(p.price_paise),
    })),
    orderbookStatus: facts.orderbook_status,
    phaseEndsAtMs: facts.phase_ends_at_ms === null ? null : Number(facts.phase_ends_at_ms),
    cashPaise: seat.cashPaise,
    contributedPaise: seat.contributedPaise,
    holdings: Object.entries(seat.holdings).map(([id, h]) => ({ stockId: Number(id), ...h })),
  };
}

function actionOf(a: any): UndoableAction {
  return {
    kind: a.kind,
    atMs: Number(a.at),
    prices: a.prices.map((m: any) => ({
      stockId: m.stock_id,
      previousPaise: Number(m.previous_paise),
      pricePaise: Number(m.price_paise),
    })),
    amountPaise: Number(a.amount),
    credited: a.credited,
    orderSince: a.order_since,
    undone: a.undone,
  };
}

/**
 * The facts both sides are compared on. A key is compared on its game, its answer and what it
 * is bound to: the database stores the order's fingerprint, the shared side the order itself.
 */
function comparable(facts: GameFacts) {
  const keys = Object.entries(facts.keys).map(([name, use]) => {
    const stored = (use as { fingerprint?: string }).fingerprint;
    const bound =
      stored ??
      orderFingerprint(use.gameId, {
        stock_id: use.order.stockId,
        trade_type: use.order.side === 'buy' ? 0 : 1,
        quantity: use.order.quantity,
      });
    return { name, gameId: use.gameId, bound, answer: use.answer };
  });
  const credited = facts.lastAction && [...facts.lastAction.credited].sort((a, b) => a - b);
  return {
    ...facts,
    keys: keys.sort((a, b) => a.name.localeCompare(b.name)),
    lastAction: facts.lastAction && { ...facts.lastAction, credited },
  };
}

/** Both sides back to one start: this run's prices, no holdings, keys, actions or paydays. */
async function reset(prices: number[]): Promise<GameFacts> {
  const g = table.gameId;
  const endsAt = new Date(clock.now().getTime() + 120_000);
  await ctx.db.execute(sql`update players set cash_paise = ${startCash} where game_id = ${g}`);
  await ctx.db.execute(sql`update players set role = 3 where id = ${table.broker.playerId}`);
  await ctx.db.execute(
    sql`delete from holdings where player_id in (select id from players where game_id = ${g})`,
  );
  await ctx.db.execute(sql`delete from undoable_actions where game_id = ${g}`);
  await ctx.db.execute(
    sql`delete from idempotency_keys where user_id = any(${`{${callerIds().join(',')}}`}::int[])`,
  );
  await ctx.db.execute(
    sql`update games set status = 2, paydays_given = 0, orderbook_status = 1,
          phase_remaining_ms = null, phase_ends_at = ${endsAt.toISOString()}::timestamptz
        where id = ${g}`,
  );
  await ctx.db.execute(sql`update mayhems set status = 2 where game_id = ${g} and status = 1`);
  for (let i = 0; i < STOCKS; i++) {
    await ctx.db.execute(
      sql`update game_stocks set price_paise = ${prices[i]!}
          where game_id = ${g} and stock_id = ${stockIds[i]!}`,
    );
  }
  return readFacts();
}

/** What the server answered: the refusal as its message, or the answer. */
type Outcome = { refusal: string } | { answer: unknown };

async function outcomeOf(work: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { answer: await work() };
  } catch (err) {
    const code = refusalKey(err);
    if (code !== undefined) return { refusal: refusalMessage(code) };
    if (err instanceof DomainError) return { refusal: err.message };
    throw err;
  }
}

/** The shared rule's outcome, in the server's terms (`answer` maps an answer onto its shape). */
function sharedOutcome<A>(result: RuleResult<A>, answer: (a: A) => unknown): Outcome {
  return result.ok
    ? { answer: answer(result.answer) }
    : { refusal: refusalMessage(result.refusal) };
}

const noHooks = { onPhaseStarted: () => undefined };

/** The quantity an order step asks for, from the shared side's facts. */
function quantityOf(facts: GameFacts, step: Extract<Step, { kind: 'order' }>, userId: number) {
  const q = step.quantity;
  if (q.kind === 'some' || q.kind === 'invalid') return q.n;
  const seat = facts.seats[userId];
  const stock = stockOf(step.stock);
  const extra = q.kind === 'over' ? q.extra : 0;
  if (step.side === 'sell') return (seat?.holdings[stock]?.quantity ?? 0) + extra;
  const price = facts.prices[stock] ?? PRICE_FLOOR_PAISE;
  return Math.floor((seat?.cashPaise ?? 0) / price) + extra;
}

/** A step of the server's phase switch, or of the fixture; the shared side reads the result. */
async function runFlow(step: Step): Promise<void> {
  const g = table.gameId;
  const broker = table.broker.userId;
  const quietly = (work: () => Promise<unknown>) =>
    work().catch((err: unknown) => {
      if (!(err instanceof DomainError)) throw err;
    });
  if (step.kind === 'phase')
    await quietly(() => setOrderbook(ctx, noHooks, broker, g, step.open ? 1 : 0));
  if (step.kind === 'pause')
    await quietly(() =>
      step.resume ? resumePhase(ctx, noHooks, broker, g) : pausePhase(ctx, broker, g),
    );
  if (step.kind === 'time') clock.advance(step.seconds);
  if (step.kind === 'status')
    await ctx.db.execute(sql`update games set status = ${step.status} where id = ${g}`);
  if (step.kind === 'role')
    await ctx.db.execute(
      sql`update players set role = ${step.brokerRole} where id = ${table.broker.playerId}`,
    );
  // The server's scheduler ends a due phase of a running game within a second, after time
  // passes or after the game starts running again with its phase past its end: the step does
  // it at once, so the scheduler's own sweep finds nothing left to end between two steps.
  await endExpiredPhases(ctx);
}

/** One step on both sides: the server's outcome, the shared rule's, and the shared facts after. */
async function runStep(
  facts: GameFacts,
  step: Step,
): Promise<{ server: Outcome; shared: Outcome; facts: GameFacts }> {
  const now = clock.now();
  const nowMs = now.getTime();
  const ids = callerIds();
  const none = { server: { answer: null }, shared: { answer: null } };
  switch (step.kind) {
    case 'order': {
      const at = new Date(nowMs + step.late * 1000);
      const caller = { userId: ids[step.caller]!, gameId: gameOf(step.game), nowMs: at.getTime() };
      const order = {
        stockId: stockOf(step.stock),
        side: step.side,
        quantity: quantityOf(facts, step, caller.userId),
      };
      const key = step.key === null ? null : `key-${runs}-${step.key}`;
      const input = {
        stock_id: order.stockId,
        trade_type: step.side === 'buy' ? 0 : 1,
        quantity: order.quantity,
      } as const;
      const server = await outcomeOf(async () => {
        const r = await callFunction<any>(ctx.db, {
          ...HOT_PATHS.placeOrder,
          values: [
            caller.userId,
            caller.gameId,
            order.stockId,
            input.trade_type,
            order.quantity,
            key,
            at.toISOString(),
            key === null ? null : orderFingerprint(caller.gameId, input),
          ],
        });
        return { replayed: r.replayed, facts: answerOf(r.facts) };
      });
      const result = placeOrder(facts, { ...caller, ...order, key });
      if (result.ok && result.answer.replayed) note('replayed');
      const held = facts.seats[caller.userId]?.holdings[order.stockId];
      if (result.ok && step.side === 'sell' && held && order.quantity < held.quantity) {
        const share = BigInt(held.investedPaise) * BigInt(order.quantity);
        if ((share % BigInt(held.quantity)) * 2n === BigInt(held.quantity)) {
          note('sell on half a paisa');
        }
      }
      return {
        server,
        shared: sharedOutcome(result, (a) => a),
        facts: result.ok ? result.facts : facts,
      };
    }
    case 'price': {
      const caller = { userId: ids[step.caller]!, gameId: gameOf(step.game), nowMs };
      const server = await outcomeOf(async () => {
        const r = await callFunction<any>(ctx.db, {
          ...HOT_PATHS.updatePrice,
          values: [
            caller.userId,
            caller.gameId,
            stockOf(step.stock),
            step.percent,
            now.toISOString(),
            PRICE_FLOOR_PAISE,
            PRICE_CAP_PAISE,
          ],
        });
        return { previousPaise: Number(r.previous_paise), pricePaise: Number(r.price_paise) };
      });
      const result = movePrice(facts, {
        ...caller,
        stockId: stockOf(step.stock),
        percent: step.percent,
      });
      if (result.ok && result.answer.pricePaise === PRICE_FLOOR_PAISE) note('price at the floor');
      if (result.ok && onHalfPaisa(result.answer.previousPaise, step.percent, 1))
        note('price on half a paisa');
      return {
        server,
        shared: sharedOutcome(result, (a) => a),
        facts: result.ok ? result.facts : facts,
      };
    }
    case 'payday': {
      const caller = { userId: ids[step.caller]!, gameId: gameOf(step.game), nowMs };
      const server = await outcomeOf(async () => {
        const r = await callFunction<any>(ctx.db, {
          ...HOT_PATHS.givePayday,
          values: [caller.userId, caller.gameId, PAYDAYS_PER_GAME, now.toISOString()],
        });
        return {
          paydaysGiven: r.paydays_given,
          amountPaise: Number(r.amount_paise),
          credited: r.credited.map((c: any) => c.user_id).sort(),
        };
      });
      const result = givePayday(facts, caller);
      const shared = sharedOutcome(result, (a) => ({ ...a, credited: [...a.credited].sort() }));
      return { server, shared, facts: result.ok ? result.facts : facts };
    }
    case 'mayhem':
      return runMayhem(facts, step, nowMs);
    case 'undo': {
      const caller = { userId: ids[step.caller]!, gameId: gameOf(step.game), nowMs };
      const server = await outcomeOf(async () => {
        const r = await undoLastAction(ctx, caller.userId, caller.gameId);
        return r.data.kind;
      });
      const result = undo(facts, caller);
      if (result.ok) note(`undo ${result.answer.kind}`);
      return {
        server,
        shared: sharedOutcome(result, (a) => a.kind),
        facts: result.ok ? result.facts : facts,
      };
    }
    default: {
      await runFlow(step);
      const read = await readFacts();
      // What the flow changed: the phase, the status, the broker's role.
      const broker = table.broker.userId;
      return {
        ...none,
        facts: {
          ...facts,
          status: read.status,
          orderbookStatus: read.orderbookStatus,
          phaseEndsAtMs: read.phaseEndsAtMs,
          phaseRemainingMs: read.phaseRemainingMs,
          seats: {
            ...facts.seats,
            [broker]: { ...facts.seats[broker]!, role: read.seats[broker]!.role },
          },
        },
      };
    }
  }
}

/**
 * A market mayhem list: the broker opens it, those who may answer do (their picks taken from
 * the list), and `caller` averages it; a list left open by a refused average is closed after.
 */
async function runMayhem(
  facts: GameFacts,
  step: Extract<Step, { kind: 'mayhem' }>,
  nowMs: number,
): Promise<{ server: Outcome; shared: Outcome; facts: GameFacts }> {
  const ids = callerIds();
  const list = step.list.map((e) => ({ stockId: stockIds[e.stock]!, percentage: e.percentage }));
  const created = await outcomeOf(() =>
    createMayhem(ctx, table.broker.userId, table.gameId, {
      stock_ids: list.map((e) => e.stockId),
      percentage: list.map((e) => e.percentage),
    }),
  );
  if (!('answer' in created)) return { server: created, shared: created, facts };
  const mayhemId = (created.answer as { data: { id: number } }).data.id;
  const responses: Array<Array<{ stock_id: number; percentage: number }>> = [];
  for (const [i, answer] of step.answers.entries()) {
    if (!answer) continue;
    // Valid picks from the list: each company at most once.
    const picks = new Map<number, number>();
    for (const [s, p] of answer) {
      const stockId = list[s % list.length]!.stockId;
      if (!picks.has(stockId)) picks.set(stockId, list[p % list.length]!.percentage);
    }
    const stocks = [...picks].map(([stock_id, percentage]) => ({ stock_id, percentage }));
    const answered = await outcomeOf(() => respondMayhem(ctx, ids[i]!, mayhemId, { stocks }));
    if ('answer' in answered) responses.push(stocks);
  }
  const caller = { userId: ids[step.caller]!, gameId: table.gameId, nowMs };
  const server = await outcomeOf(async () => {
    const r = await averageMayhemList(ctx, caller.userId, mayhemId);
    return r.data.changes;
  });
  await ctx.db.execute(sql`update mayhems set status = 2 where id = ${mayhemId}`);
  const result = applyMayhem(facts, { ...caller, responses });
  if (result.ok) {
    for (const move of result.answer.moves) {
      const average = responses.flat().filter((r) => r.stock_id === move.stockId);
      const sum = average.reduce((total, r) => total + r.percentage, 0);
      if (onHalfPaisa(move.previousPaise, sum, average.length)) note('mayhem on half a paisa');
      if (move.pricePaise === PRICE_CAP_PAISE) note('mayhem stopped at the cap');
    }
  }
  const shared = sharedOutcome(result, (a) =>
    a.moves.map((m) => ({
      stock_id: m.stockId,
      previous_price: paiseToRupees(m.previousPaise),
      price: paiseToRupees(m.pricePaise),
      percentage: m.percentage,
    })),
  );
  return { server, shared, facts: result.ok ? result.facts : facts };
}

/** Whether price × (100·den + num) / (100·den) lies exactly on half a paisa. */
function onHalfPaisa(price: number, numerator: number, denominator: number): boolean {
  const scale = 100n * BigInt(denominator);
  return ((BigInt(price) * (scale + BigInt(numerator))) % scale) * 2n === scale;
}

/** One run: reset both sides, then every step on both, comparing after each. */
async function run(prices: number[], steps: Step[]): Promise<void> {
  runs += 1;
  let facts = await reset(prices);
  for (const [i, step] of steps.entries()) {
    const outcome = await runStep(facts, step);
    const where = `step ${i + 1} of ${steps.length}: ${JSON.stringify(step)}`;
    expect(outcome.server, where).toEqual(outcome.shared);
    if ('refusal' in outcome.shared) note(outcome.shared.refusal);
    facts = outcome.facts;
    expect(comparable(await readFacts()), where).toEqual(comparable(facts));
  }
}

const order = (
  caller: number,
  stock: number,
  side: 'buy' | 'sell',
  quantity: Quantity,
  more: { key?: number; game?: Target; late?: number } = {},
): Step => ({
  kind: 'order',
  caller,
  game: more.game ?? 'game',
  stock,
  side,
  quantity,
  key: more.key ?? null,
  late: more.late ?? 0,
});
const some = (n: number): Quantity => ({ kind: 'some', n });

/** A sequence that reaches every refusal and every edge at least once, whatever the seed. */
const EVERY_EDGE: [number[], Step[]] = [
  [301, PRICE_CAP_PAISE - 1_000, 101],
  [
    order(0, 0, 'buy', some(3)),
    order(1, 0, 'buy', some(1), { key: 0 }),
    // The same key and order: the first answer again; another order: refused.
    order(1, 0, 'buy', some(1), { key: 0 }),
    order(1, 0, 'buy', some(2), { key: 0 }),
    order(1, 0, 'buy', some(1), { key: 0, game: 'missing' }),
    order(1, 0, 'buy', some(1), { key: 1, game: 'missing' }),
    order(3, 0, 'buy', some(1)),
    order(1, -1, 'buy', some(1)),
    // 301 → 304.01 → 304: trader 1 then holds 2 shares worth 605 invested.
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: 1 },
    order(1, 0, 'buy', some(1)),
    // Selling 1 of 2 removes 605 / 2 = 302.5 → 303.
    order(1, 0, 'sell', some(1)),
    order(1, 0, 'sell', { kind: 'over', extra: 1 }),
    order(2, 1, 'buy', some(1)),
    order(2, 2, 'buy', { kind: 'over', extra: 1 }),
    order(2, 2, 'buy', { kind: 'invalid', n: 0 }),
    // 101 × 50 % = 50.5 → 51, raised to the floor.
    { kind: 'price', caller: 0, game: 'game', stock: 2, percent: -50 },
    { kind: 'price', caller: 0, game: 'game', stock: 2, percent: -100 },
    { kind: 'price', caller: 0, game: 'game', stock: 1, percent: 1 },
    { kind: 'price', caller: 1, game: 'game', stock: 1, percent: 1 },
    { kind: 'price', caller: 3, game: 'game', stock: 1, percent: 1 },
    { kind: 'price', caller: 0, game: 'missing', stock: 1, percent: 1 },
    { kind: 'price', caller: 0, game: 'game', stock: -1, percent: 1 },
    { kind: 'payday', caller: 0, game: 'game' },
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'payday', caller: 0, game: 'game' },
    { kind: 'payday', caller: 0, game: 'game' },
    { kind: 'payday', caller: 0, game: 'game' },
    { kind: 'payday', caller: 0, game: 'game' },
    // Stock 1 (+16 %) stops at the cap; stock 2 moves by (−1 + 16) / 2 %: 100 → 107.5 → 108.
    {
      kind: 'mayhem',
      caller: 0,
      list: [
        { stock: 1, percentage: 16 },
        { stock: 2, percentage: -1 },
      ],
      answers: [[[0, 0]], [[1, 1]], [[1, 0]]],
    },
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: 10 },
    order(2, 0, 'buy', some(1)),
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: -10 },
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: 5 },
    { kind: 'time', seconds: 61 },
    { kind: 'undo', caller: 0, game: 'game' },
    { kind: 'undo', caller: 1, game: 'game' },
    { kind: 'pause', resume: false },
    order(2, 0, 'buy', some(1)),
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: 5 },
    { kind: 'pause', resume: true },
    order(2, 0, 'buy', some(1), { late: 200 }),
    { kind: 'time', seconds: 120 },
    order(0, 0, 'sell', { kind: 'most' }),
    { kind: 'phase', open: true },
    { kind: 'role', brokerRole: 1 },
    order(0, 0, 'buy', some(1)),
    { kind: 'role', brokerRole: 3 },
    { kind: 'status', status: 1 },
    order(1, 0, 'buy', some(1)),
    { kind: 'status', status: 3 },
    { kind: 'payday', caller: 0, game: 'game' },
    { kind: 'status', status: 2 },
  ],
];

/**
 * A phase whose end passes while the game is not running stays open until the game runs again;
 * then it ends (found by a run: the scheduler's sweep ended it between two steps).
 */
const EXPIRED_WHILE_NOT_RUNNING: [number[], Step[]] = [
  [388, 138, 199],
  [
    { kind: 'status', status: 1 },
    { kind: 'time', seconds: 120 },
    { kind: 'status', status: 2 },
    order(1, 1, 'sell', { kind: 'over', extra: 1 }),
  ],
];

/**
 * An expensive company crashed to the floor and the move undone: the reversal is +997,999,900 %,
 * which the history entry must hold (found by a run: it overflowed the column, a 500).
 */
const UNDO_FROM_THE_FLOOR: [number[], Step[]] = [
  [998_000_000, 998_000_000, 100],
  [
    { kind: 'price', caller: 0, game: 'game', stock: 0, percent: -100 },
    { kind: 'undo', caller: 0, game: 'game' },
    order(0, 0, 'buy', { kind: 'over', extra: 1 }),
  ],
];

/** Every refusal a command of the run can meet (a status outside 1–3 cannot be stored). */
const REACHABLE: RefusalCode[] = [
  ...SQL_REFUSAL_CODES.filter((code) => code !== 'GAME_NOT_IN_LOBBY'),
  'UNDO_NOTHING',
  'UNDO_TOO_LATE',
  'UNDO_ORDER_PLACED',
];

describe('the SQL functions and the shared rules agree', () => {
  it('on random sequences of commands from every caller, in every phase and status', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(priceArb, { minLength: STOCKS, maxLength: STOCKS }),
        fc.array(stepArb, { minLength: 1, maxLength: 20 }),
        run,
      ),
      { numRuns: 40, examples: [EVERY_EDGE, EXPIRED_WHILE_NOT_RUNNING, UNDO_FROM_THE_FLOOR] },
    );
    // Each case was reached, so the comparison above covered it.
    for (const what of [
      ...REACHABLE.map(refusalMessage),
      'replayed',
      'undo price',
      'undo payday',
      'undo mayhem',
      'price on half a paisa',
      'price at the floor',
      'sell on half a paisa',
      'mayhem on half a paisa',
      'mayhem stopped at the cap',
    ]) {
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
    }
  }, 600_000);

  it('the half-paisa check itself: 301 × 50 % is 150.5', () => {
    expect(onHalfPaisa(301, -50, 1)).toBe(true);
    expect(onHalfPaisa(300, -50, 1)).toBe(false);
  });
});

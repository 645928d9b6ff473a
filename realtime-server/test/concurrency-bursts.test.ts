import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAYHEM_PERCENTAGES } from '@showdown/shared/constants';
import { ERROR_CODE } from '@showdown/shared/messages';
import { reconcileLedger } from '../../scripts/bench/ledger.ts';
import {
  http,
  nextIp,
  nextPhone,
  signUp,
  startTestServer,
  type HttpAnswer,
  type SignedUp,
  type TestServer,
} from './helpers/server.ts';
import { nextBoardCode, openPhase, setupTable, type TableSetup } from './helpers/game.ts';

/**
 * Bursts of 50 mixed concurrent calls (login guesses; end, payday, price update and
 * mayhem average racing each other; buys and sells; seat grabs), each followed by the ledger
 * reconciliation of every player and the invariants: at most one end wins, at most five OTP
 * guesses are judged, nothing is negative, at most seven seats and one broker per game.
 * Written for PostgreSQL, where the calls really run in parallel; it runs on PGlite too.
 */
let server: TestServer;
let grabbers: SignedUp[];
let acceptedOrders = 0;
beforeAll(async () => {
  server = await startTestServer();
  grabbers = [];
  for (let i = 0; i < 12; i++) grabbers.push(await signUp(server, `Grabber ${i}`));
});
afterAll(async () => {
  await server?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A running game with five investors holding shares of every company, and an open mayhem list. */
async function preparedTable(): Promise<TableSetup & { mayhemId: number }> {
  const table = await setupTable(server, { investors: 5, start: true });
  await openPhase(table);
  for (const inv of table.investors) {
    for (const stock_id of [1, 2, 3]) {
      const res = await inv.api.post(`/api/game/${table.gameId}/stocks/trade`, {
        stock_id,
        trade_type: 0,
        quantity: 4,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      acceptedOrders += 1;
    }
  }
  const created = await table.broker.api.post(`/api/marketMayhem/game/${table.gameId}`, {
    stock_ids: [1, 2],
    percentage: [MAYHEM_PERCENTAGES[0], MAYHEM_PERCENTAGES[1]],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const mayhemId = created.body.data.id as number;
  for (const inv of table.investors.slice(0, 3)) {
    const res = await inv.api.post(`/api/marketMayhem/${mayhemId}/respond`, {
      stocks: [{ stock_id: 1, percentage: MAYHEM_PERCENTAGES[1] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { ...table, mayhemId };
}

/** A new lobby that the twelve grabbers joined with its code (none seated yet). */
async function openLobby() {
  const code = nextBoardCode();
  const apis = grabbers.map((g) => http(server.url, g.token, { ip: nextIp() }));
  const first = await apis[0]!.post('/api/game/join', { code });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  for (const api of apis.slice(1)) {
    const res = await api.post('/api/game/join', { code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { gameId: first.body.data.game_id as number, apis };
}

/** A fresh OTP for a fresh phone, and four-digit guesses that are all wrong. */
async function otpTarget() {
  const phone = nextPhone();
  const api = http(server.url, undefined, { ip: nextIp() });
  const before = server.otps.count(phone);
  const sent = await api.post('/api/auth/send-otp', { country_code: '+91', phone_number: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const code = await server.otps.code(phone, before + 1);
  const wrong = Array.from({ length: 10000 }, (_, i) => String(i).padStart(4, '0'))
    .filter((c) => c !== code)
    .sort(() => Math.random() - 0.5);
  return { phone, otpId: sent.body.data.otp_id as string, wrong };
}

type Kind = 'login' | 'end' | 'payday' | 'price' | 'average' | 'buy' | 'sell' | 'seat';

async function burst(options: { withEnd: boolean }) {
  const table = await preparedTable();
  const lobby = await openLobby();
  const otp = await otpTarget();
  const g = table.gameId;
  const broker = table.broker.api;
  const calls: Array<{ kind: Kind; run: () => Promise<HttpAnswer> }> = [];
  const add = (kind: Kind, n: number, run: (i: number) => Promise<HttpAnswer>) => {
    for (let i = 0; i < n; i++) calls.push({ kind, run: () => run(i) });
  };
  add('login', 8, (i) =>
    http(server.url, undefined, { ip: nextIp() }).post('/api/auth/login', {
      country_code: '+91',
      phone_number: otp.phone,
      otp_id: otp.otpId,
      otp: otp.wrong[i],
    }),
  );
  add('end', options.withEnd ? 4 : 0, () => broker.post(`/api/game/${g}/end`));
  add('payday', options.withEnd ? 4 : 5, () => broker.put(`/api/game/${g}/payday`));
  add('price', options.withEnd ? 4 : 7, (i) =>
    broker.post(`/api/game/${g}/stocks`, {
      stock_id: 1 + (i % 3),
      operation: i % 2 ? '-' : '+',
      value: 10 + i,
    }),
  );
  add('average', 3, () => broker.post(`/api/marketMayhem/${table.mayhemId}/average`));
  add('buy', 8, (i) =>
    table.investors[i % 5]!.api.post(`/api/game/${g}/stocks/trade`, {
      stock_id: 1 + (i % 3),
      trade_type: 0,
      quantity: 1 + (i % 4),
    }),
  );
  add('sell', 7, (i) =>
    table.investors[i % 5]!.api.post(`/api/game/${g}/stocks/trade`, {
      stock_id: 1 + (i % 3),
      trade_type: 1,
      quantity: 1 + (i % 5),
    }),
  );
  add('seat', 12, (i) =>
    lobby.apis[i]!.post(`/api/game/${lobby.gameId}/select-role`, { role: i % 3 === 0 ? 1 : 2 }),
  );
  expect(calls).toHaveLength(50);
  calls.sort(() => Math.random() - 0.5);
  const answers = await Promise.all(calls.map(async (c) => ({ kind: c.kind, res: await c.run() })));

  // Every answer is a success or a 4xx in the error shape: nothing failed inside.
  for (const { kind, res } of answers) {
    const context = `${kind}: ${res.status} ${JSON.stringify(res.body)}`;
    expect(res.status, context).toBeLessThan(500);
    if (res.status >= 400) {
      expect(res.body, context).toMatchObject({
        success: false,
        error: { code: expect.any(String), message: expect.any(String) },
      });
    }
  }
  const of = (kind: Kind) => answers.filter((a) => a.kind === kind).map((a) => a.res);
  const ok = (kind: Kind) => of(kind).filter((r) => r.status === 200);

  // At most one end wins (exactly one when ends were sent); the others are told it is over.
  expect(ok('end').length).toBe(options.withEnd ? 1 : 0);
  for (const r of of('end').filter((r) => r.status !== 200)) {
    expect(r.body.error.code).toBe(ERROR_CODE.GAME_COMPLETED);
  }
  // At most five guesses are judged; the rest are refused without a judgement.
  const judged = of('login').filter((r) => r.body?.error?.code === ERROR_CODE.OTP_INCORRECT);
  expect(judged.length).toBeGreaterThanOrEqual(1);
  expect(judged.length).toBeLessThanOrEqual(5);
  expect(of('login').every((r) => r.status !== 200)).toBe(true);
  const [attempts] = await rows<{ attempts: number }>(
    sql`select attempts from otp_codes where id = ${otp.otpId}`,
  );
  expect(attempts?.attempts ?? 0).toBeLessThanOrEqual(5);
  // Paydays: three per game at most.
  const [game] = await rows<{ paydays_given: number; status: number }>(
    sql`select paydays_given, status from games where id = ${g}`,
  );
  expect(game!.paydays_given).toBeLessThanOrEqual(3);
  expect(ok('payday').length).toBeLessThanOrEqual(3);
  if (options.withEnd) {
    expect(game!.status).toBe(3);
    // The ranking the winning end answered is still the final one: nothing applied after it.
    const showdown = await broker.get(`/api/game/${g}/showdown`);
    expect(showdown.status, JSON.stringify(showdown.body)).toBe(200);
    expect(showdown.body.data).toHaveLength(5);
    expect(showdown.body.data).toEqual(ok('end')[0]!.body.data);
  }
  // Seats: at most seven, one broker, distinct avatars.
  const seats = await rows<{ role: number; avatar_id: number }>(
    sql`select role, avatar_id from players where game_id = ${lobby.gameId}`,
  );
  expect(seats.length).toBeLessThanOrEqual(7);
  expect(seats.filter((s) => s.role === 1 || s.role === 3).length).toBeLessThanOrEqual(1);
  expect(new Set(seats.map((s) => s.avatar_id)).size).toBe(seats.length);
  expect(ok('seat').length).toBe(seats.length);
  expect(seats.length).toBeGreaterThanOrEqual(2);

  // The ledger of every player reconciles: cash = sum of ledger entries, holdings = net trades,
  // nothing negative, one trade row and one ledger entry per accepted order.
  acceptedOrders += ok('buy').length + ok('sell').length;
  const report = await reconcileLedger(server.database.db, acceptedOrders, 0);
  expect(report.problems).toEqual([]);
  expect(report.players).toBeGreaterThan(0);
  return { table, answers };
}

describe('bursts of 50 mixed concurrent calls', () => {
  it('without an end: trades, paydays, prices, averages, guesses and seat grabs', async () => {
    await burst({ withEnd: false });
    await burst({ withEnd: false });
  });

  it('with ends racing payday, price updates and mayhem averages: nothing changes after the end', async () => {
    for (let i = 0; i < 3; i++) {
      const { table } = await burst({ withEnd: true });
      // A completed game answers every change with GAME_COMPLETED.
      const after = await Promise.all([
        table.broker.api.put(`/api/game/${table.gameId}/payday`),
        table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
          stock_id: 1,
          operation: '+',
          value: 5,
        }),
        table.investors[0]!.api.post(`/api/game/${table.gameId}/stocks/trade`, {
          stock_id: 1,
          trade_type: 0,
          quantity: 1,
        }),
        table.broker.api.post(`/api/game/${table.gameId}/end`),
      ]);
      for (const r of after) {
        expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
        expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
      }
    }
  });
});

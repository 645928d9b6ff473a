import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@showdown/shared/messages';
import { COMPANIES } from '@showdown/shared/catalogue';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const tandoor = COMPANIES[0]!; // ₹450.00
const spice = COMPANIES[5]!; // ₹195.00

describe('stocks and price updates', () => {
  it('lists every company with its opening price in the shape of the stocks answer', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const res = await table.investors[0]!.api.get(`/api/game/${table.gameId}/stocks`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      is_mm_exist: 0,
      game_status: 2,
      orderbook_status: 0,
      ends_at: null,
    });
    expect(res.body.data.stocks_data).toHaveLength(COMPANIES.length);
    expect(res.body.data.stocks_data[0]).toEqual({
      id: tandoor.id,
      stock_id: tandoor.id,
      name: tandoor.name,
      image: tandoor.image,
      current_price: 450,
    });
  });

  it('moves a price by a whole percentage, rounds half up to the paisa, and never below ₹1', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const api = table.broker.api;
    const url = `/api/game/${table.gameId}/stocks`;
    const up = await api.post(url, { stock_id: spice.id, operation: '+', value: 7 });
    expect(up.body).toMatchObject({
      success: true,
      data: { stock_id: spice.id, updatedPrice: 208.65, previousPrice: 195, percentage: 7 },
    });
    // 208.65 × 0.97 = 202.3905 → 202.39
    const down = await api.post(url, { stock_id: spice.id, operation: '-', value: 3 });
    expect(down.body.data.updatedPrice).toBe(202.39);
    const crash = await api.post(url, { stock_id: spice.id, operation: '-', value: 100 });
    expect(crash.body.data.updatedPrice).toBe(1);
    const stocks = await table.investors[0]!.api.get(url);
    expect(
      stocks.body.data.stocks_data.find((s: any) => s.stock_id === spice.id).current_price,
    ).toBe(1);
    const history = await table.investors[0]!.api.get(`/api/game/${table.gameId}/transactions`);
    expect(
      history.body.data.filter((t: any) => t.type === 'Price update').map((t: any) => t.price),
    ).toEqual(['-100', '-3', '7']);
  });

  it('refuses bad price updates and changes nothing', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const url = `/api/game/${table.gameId}/stocks`;
    const api = table.broker.api;
    expectError(
      await api.post(url, { stock_id: tandoor.id, value: 5 }),
      400,
      'Please add operation',
    );
    for (const body of [
      { stock_id: tandoor.id, operation: '*', value: 5 },
      { stock_id: tandoor.id, operation: '+', value: 0 },
      { stock_id: tandoor.id, operation: '+', value: 101 },
      { stock_id: tandoor.id, operation: '+', value: 2.5 },
      { stock_id: tandoor.id, operation: '+' },
      { operation: '+', value: 5 },
    ]) {
      expectError(await api.post(url, body), 400);
    }
    expectError(
      await api.post(url, { stock_id: 99, operation: '+', value: 5 }),
      404,
      MSG.STOCK_NOT_FOUND,
    );
    expectError(
      await table.investors[0]!.api.post(url, { stock_id: tandoor.id, operation: '+', value: 5 }),
      403,
      MSG.BROKER_ONLY,
    );
    const stocks = await api.get(url);
    expect(stocks.body.data.stocks_data[0].current_price).toBe(450);
  });
});

describe('trade phase and orders', () => {
  it('opens a phase with a server end time, idempotently, and ends it early on request', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const url = `/api/game/${table.gameId}/update/orderbook`;
    const before = Date.now();
    const opened = await table.broker.api.put(url, { orderbook_status: 1 });
    expect(opened.body).toMatchObject({
      success: true,
      message: 'Trade initiated.',
      data: { orderbook_status: 1 },
    });
    const endsAt = Date.parse(opened.body.data.ends_at);
    expect(endsAt).toBeGreaterThanOrEqual(before + 119_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + 121_000);
    const again = await table.broker.api.put(url, { orderbook_status: 1 });
    expect(again.body.data.ends_at).toBe(opened.body.data.ends_at);
    expectError(
      await table.investors[0]!.api.put(url, { orderbook_status: 1 }),
      403,
      MSG.BROKER_ONLY,
    );
    expectError(await table.broker.api.put(url, { orderbook_status: 2 }), 400);
    const closed = await table.broker.api.put(url, { orderbook_status: 0 });
    expect(closed.body).toMatchObject({
      message: 'Trade ended.',
      data: { orderbook_status: 0, ends_at: null },
    });
    expect((await table.broker.api.put(url, { orderbook_status: 0 })).status).toBe(200);
  });

  it('buys and sells at the current price with average cost basis', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const trade = `/api/game/${table.gameId}/stocks/trade`;
    const bought = await inv.api.post(trade, {
      stock_id: tandoor.id,
      trade_type: 0,
      quantity: 100,
    });
    expect(bought.body).toMatchObject({
      success: true,
      data: { current_balance: 455000, total_balance: 500000 },
    });
    await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: tandoor.id,
      operation: '+',
      value: 10,
    });
    const more = await inv.api.post(trade, {
      stock_id: tandoor.id,
      trade_type: 0,
      quantity: 100,
    });
    expect(more.status).toBe(200);
    // 100 @ 450 + 100 @ 495 = 94,500 invested; sell 50 → invested 70,875
    const sold = await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 1, quantity: 50 });
    const row = sold.body.data.portfolio_data.find((r: any) => r.stock_id === tandoor.id);
    expect(row).toMatchObject({
      total_quantity: 150,
      total_invested_price: 70875,
      current_price: 495,
      market_value: 74250,
      profit_loss: 3375,
    });
    expect(sold.body.data.current_balance).toBe(500000 - 45000 - 49500 + 24750);
    expect(sold.body.data.total_balance).toBe(430250 + 74250);
    expect(sold.body.data.total_profit_loss).toBe('4500.00');
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    const trades = history.body.data.filter((t: any) => t.type === 'trade');
    expect(trades.map((t: any) => [t.trade_type, t.quantity, t.price])).toEqual([
      [1, 50, '495.00'],
      [0, 100, '495.00'],
      [0, 100, '450.00'],
    ]);
    expect(trades[0]).toMatchObject({
      stock_id: tandoor.id,
      name: tandoor.name,
      image: tandoor.image,
    });
  });

  it('refuses orders that would overdraw, oversell, or come outside a phase, and changes nothing', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const inv = table.investors[0]!;
    const trade = `/api/game/${table.gameId}/stocks/trade`;
    expectError(
      await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 0, quantity: 1 }),
      409,
      MSG.TRADE_PHASE_OFF,
    );
    await openPhase(table);
    expectError(
      await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 0, quantity: 1112 }),
      422,
      MSG.INSUFFICIENT_FUNDS,
    );
    expectError(
      await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 1, quantity: 1 }),
      422,
      MSG.INSUFFICIENT_SHARES,
    );
    for (const quantity of [0, -5, 1.5, 'abc', null]) {
      expectError(
        await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 0, quantity }),
        400,
      );
    }
    expectError(
      await inv.api.post(trade, { stock_id: tandoor.id, trade_type: 2, quantity: 1 }),
      400,
    );
    expectError(
      await inv.api.post(trade, { stock_id: 77, trade_type: 0, quantity: 1 }),
      404,
      MSG.STOCK_NOT_FOUND,
    );
    expectError(
      await table.broker.api.post(trade, { stock_id: tandoor.id, trade_type: 0, quantity: 1 }),
      403,
      MSG.INVESTOR_ONLY,
    );
    const exact = await inv.api.post(trade, {
      stock_id: tandoor.id,
      trade_type: 0,
      quantity: 1111,
    });
    expect(exact.body.data.current_balance).toBe(50);
    const portfolio = await inv.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.body.data.current_balance).toBe(50);
  });

  it('lets a broker-investor (role 3) trade and run the game', async () => {
    const table = await setupTable(server, { investors: 1, start: true, brokerRole: 3 });
    await openPhase(table);
    const res = await table.broker.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: spice.id,
      trade_type: 0,
      quantity: 10,
    });
    expect(res.body.data.current_balance).toBe(498050);
  });
});

describe('payday', () => {
  it('credits every investor, records history, and stops after three', async () => {
    const table = await setupTable(server, {
      investors: 2,
      start: true,
      settings: { starting_funds: 500000, payday_increment: 300000, trade_phase_duration: 60 },
    });
    const url = `/api/game/${table.gameId}/payday`;
    expectError(await table.investors[0]!.api.put(url), 403, MSG.BROKER_ONLY);
    for (let i = 1; i <= 3; i++) {
      const res = await table.broker.api.put(url);
      expect(res.body).toMatchObject({
        success: true,
        message: MSG.PAYDAY_OK,
        data: { amount: 300000, paydays_given: i },
      });
    }
    expectError(await table.broker.api.put(url), 409, MSG.PAYDAY_LIMIT);
    for (const inv of table.investors) {
      const p = await inv.api.get(`/api/game/${table.gameId}/user/portfolio`);
      expect(p.body.data.current_balance).toBe(1400000);
      expect(p.body.data.total_profit_loss).toBe('0.00');
      const h = await inv.api.get(`/api/game/${table.gameId}/transactions`);
      expect(h.body.data.filter((t: any) => t.type === 'PAYDAY').map((t: any) => t.price)).toEqual([
        '300000.00',
        '300000.00',
        '300000.00',
      ]);
    }
    const settings = await table.broker.api.get(`/api/game/${table.gameId}/settings`);
    expect(settings.body.data.paydays_given).toBe(3);
  });

  it('is refused before the game starts', async () => {
    const table = await setupTable(server, { investors: 1 });
    expectError(
      await table.broker.api.put(`/api/game/${table.gameId}/payday`),
      409,
      MSG.GAME_NOT_RUNNING,
    );
  });
});

describe('history', () => {
  it("is empty for a new investor and never shows another investor's trades", async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    const [a, b] = table.investors as [any, any];
    expect((await a.api.get(`/api/game/${table.gameId}/transactions`)).body.data).toEqual([]);
    await openPhase(table);
    await a.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: spice.id,
      trade_type: 0,
      quantity: 3,
    });
    expect((await b.api.get(`/api/game/${table.gameId}/transactions`)).body.data).toEqual([]);
    expect((await a.api.get(`/api/game/${table.gameId}/transactions`)).body.data).toHaveLength(1);
  });
});

/** The test database's pool (PostgreSQL) is 30 connections; PGlite has one. */
const POOL_SLOTS = 30;

/**
 * Under overload a client gives up (its timeout closes the connection) while its request still
 * waits for the database. That request must not run afterwards: the database is kept for
 * requests someone still waits for, and an order the phone was told nothing about is not
 * placed behind its back (its retry would place it twice).
 */
describe('work whose client has gone', () => {
  it('an order whose client closed the connection while it waited for the database is not placed', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const portfolio = `/api/game/${table.gameId}/user/portfolio`;
    const history = `/api/game/${table.gameId}/transactions`;
    expect((await inv.api.get(portfolio)).body.data.current_balance).toBe(500000);
    const entriesBefore = (await inv.api.get(history)).body.data;

    // Every database connection is held until `open()`.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const holders = Array.from({ length: POOL_SLOTS }, () =>
      server.database.db.transaction(() => gate),
    );
    await new Promise((r) => setTimeout(r, 100));

    const abort = new AbortController();
    const order = fetch(`${server.url}/api/game/${table.gameId}/stocks/trade`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${inv.token}` },
      body: JSON.stringify({ stock_id: tandoor.id, trade_type: 0, quantity: 10 }),
      signal: abort.signal,
    });
    await new Promise((r) => setTimeout(r, 300)); // the order waits for a connection
    abort.abort();
    await expect(order).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 100)); // the server has seen the connection close
    open();
    await Promise.all(holders);

    // Not placed: no cash moved, no holding, no trade in the history…
    const after = await inv.api.get(portfolio);
    expect(after.body.data.current_balance).toBe(500000);
    const row = after.body.data.portfolio_data.find((r: any) => r.stock_id === tandoor.id);
    expect(row.total_quantity).toBe(0);
    expect((await inv.api.get(history)).body.data).toEqual(entriesBefore);
    // …and the same order sent again by a client that waits goes through once.
    const placed = await inv.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: tandoor.id,
      trade_type: 0,
      quantity: 10,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.current_balance).toBe(500000 - 4500);
  });
});

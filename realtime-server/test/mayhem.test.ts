import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@showdown/shared/messages';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('market mayhem', () => {
  it('runs a whole list: create, respond once each, average the picks into prices', async () => {
    const table = await setupTable(server, { investors: 3, start: true });
    const [a, b, c] = table.investors as [any, any, any];
    const game = `/api/marketMayhem/game/${table.gameId}`;
    expectError(await a.api.get(game), 404, 'Market mayhem history not found, create first.');
    expectError(
      await a.api.post(game, { stock_ids: [1, 2], percentage: [5, -3] }),
      403,
      MSG.BROKER_ONLY,
    );

    const created = await table.broker.api.post(game, {
      stock_ids: [1, 2, 3],
      percentage: [5, -3, 9],
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Market Mayhem create successfully');
    const list = created.body.data;
    expect(list.stock_ids).toEqual([
      { stock_id: 1, name: 'Tandoor Motors', image: '/logos/tandoor-motors.svg' },
      { stock_id: 2, name: 'Monsoon Power', image: '/logos/monsoon-power.svg' },
      { stock_id: 3, name: 'Chai Digital', image: '/logos/chai-digital.svg' },
    ]);
    expect(list.percentage).toEqual([5, -3, 9]);
    expectError(
      await table.broker.api.post(game, { stock_ids: [4], percentage: [1] }),
      409,
      MSG.MAYHEM_EXISTS,
    );

    const stocks = await a.api.get(`/api/game/${table.gameId}/stocks`);
    expect(stocks.body.data.is_mm_exist).toBe(1);
    const respond = `/api/marketMayhem/${list.id}/respond`;
    const ok = await a.api.post(respond, {
      stocks: [
        { stock_id: 1, percentage: 5 },
        { stock_id: 2, percentage: 9 },
      ],
    });
    expect(ok.body).toMatchObject({
      success: true,
      message: 'Market mayhem responded successfully.',
      data: { responses_count: 1 },
    });
    expectError(
      await a.api.post(respond, { stocks: [{ stock_id: 1, percentage: 5 }] }),
      409,
      MSG.MAYHEM_ALREADY_RESPONDED,
    );
    expect((await a.api.get(`/api/game/${table.gameId}/stocks`)).body.data.is_mm_exist).toBe(0);
    const mine = await a.api.get(game);
    expect(mine.body.data).toMatchObject({
      responded: true,
      responses_count: 1,
      investors_count: 3,
    });
    expect(mine.body.data.my_response).toEqual([
      { stock_id: 1, percentage: 5 },
      { stock_id: 2, percentage: 9 },
    ]);

    await b.api.post(respond, { stocks: [{ stock_id: 1, percentage: -3 }] });
    await c.api.post(respond, {
      stocks: [
        { stock_id: 1, percentage: 9 },
        { stock_id: 2, percentage: -3 },
      ],
    });

    expectError(await a.api.post(`/api/marketMayhem/${list.id}/average`), 403, MSG.BROKER_ONLY);
    const averaged = await table.broker.api.post(`/api/marketMayhem/${list.id}/average`);
    expect(averaged.status).toBe(200);
    // Tandoor: mean(5, -3, 9) = 11/3 % of 450 = 466.50; Monsoon: mean(9, -3) = 3 % of 280 = 288.40
    expect(averaged.body.data.changes).toEqual([
      { stock_id: 1, previous_price: 450, price: 466.5, percentage: 3.67 },
      { stock_id: 2, previous_price: 280, price: 288.4, percentage: 3 },
    ]);
    const after = await a.api.get(`/api/game/${table.gameId}/stocks`);
    const prices = Object.fromEntries(
      after.body.data.stocks_data.map((s: any) => [s.stock_id, s.current_price]),
    );
    expect(prices).toMatchObject({ 1: 466.5, 2: 288.4, 3: 1250 });
    expectError(await a.api.get(game), 404, 'Market mayhem history not found, create first.');
    expectError(await table.broker.api.post(`/api/marketMayhem/${list.id}/average`), 409);
    const history = await b.api.get(`/api/game/${table.gameId}/transactions`);
    // Mayhem moves are recorded as mayhem, not as a broker's price update.
    expect(
      history.body.data.filter((t: any) => t.type === 'Market mayhem').map((t: any) => t.price),
    ).toEqual(['3', '3.67']);
    expect(history.body.data.some((t: any) => t.type === 'Price update')).toBe(false);
    // a new list may be created once the last is averaged
    expect((await table.broker.api.post(game, { stock_ids: [4], percentage: [16] })).status).toBe(
      201,
    );
  });

  it('validates lists and answers with the server messages the client maps', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const game = `/api/marketMayhem/game/${table.gameId}`;
    const api = table.broker.api;
    expectError(
      await api.post(game, { stock_ids: [1, 2], percentage: [5] }),
      400,
      MSG.MAYHEM_LENGTH_MISMATCH,
    );
    expectError(
      await api.post(game, { stock_ids: [], percentage: [] }),
      400,
      MSG.MAYHEM_PERCENTAGE_REQUIRED,
    );
    expectError(
      await api.post(game, { stock_ids: [1], percentage: [null] }),
      400,
      MSG.MAYHEM_PERCENTAGE_REQUIRED,
    );
    expectError(await api.post(game, { stock_ids: [1], percentage: [2] }), 400);
    expectError(
      await api.post(game, { stock_ids: [1, 1], percentage: [1, 3] }),
      400,
      MSG.MAYHEM_DUPLICATE_STOCK,
    );
    expectError(
      await api.post(game, { stock_ids: [42], percentage: [1] }),
      400,
      MSG.STOCK_NOT_FOUND,
    );
    expectError(await api.post(game, { stock_ids: 'x', percentage: [1] }), 400);

    const created = await api.post(game, { stock_ids: [1, 2], percentage: [5, -3] });
    const respond = `/api/marketMayhem/${created.body.data.id}/respond`;
    const inv = table.investors[0]!.api;
    expectError(
      await inv.post(respond, { stocks: [] }),
      400,
      'Please add some selections before submitting.',
    );
    expectError(
      await inv.post(respond, { stocks: [{ stock_id: 5, percentage: 5 }] }),
      400,
      MSG.MAYHEM_STOCK_NOT_LISTED,
    );
    expectError(
      await inv.post(respond, { stocks: [{ stock_id: 1, percentage: 9 }] }),
      400,
      MSG.MAYHEM_PERCENTAGE_NOT_LISTED,
    );
    expectError(
      await inv.post(respond, {
        stocks: [
          { stock_id: 1, percentage: 5 },
          { stock_id: 1, percentage: -3 },
        ],
      }),
      400,
      MSG.MAYHEM_DUPLICATE_STOCK,
    );
    expectError(
      await inv.post(`/api/marketMayhem/999999/respond`, {
        stocks: [{ stock_id: 1, percentage: 5 }],
      }),
      404,
    );
    expectError(
      await api.post(respond, { stocks: [{ stock_id: 1, percentage: 5 }] }),
      403,
      MSG.INVESTOR_ONLY,
    );
    // nothing was recorded by the failures
    expect((await inv.get(game)).body.data).toMatchObject({ responded: false, responses_count: 0 });
  });

  it('averages a list nobody answered without moving prices', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const created = await table.broker.api.post(`/api/marketMayhem/game/${table.gameId}`, {
      stock_ids: [1],
      percentage: [5],
    });
    const res = await table.broker.api.post(`/api/marketMayhem/${created.body.data.id}/average`);
    expect(res.body.data.changes).toEqual([]);
  });
});

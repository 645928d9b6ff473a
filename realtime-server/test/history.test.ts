import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@showdown/shared/messages';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('history paging', () => {
  it('pages newest first with before and limit; /history is the same read; a short page ends it', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!.api;
    const base = `/api/game/${table.gameId}`;
    for (let i = 0; i < 7; i++) {
      expect(
        (await inv.post(`${base}/stocks/trade`, { stock_id: 8, trade_type: 0, quantity: 1 }))
          .status,
      ).toBe(200);
    }
    const all = await inv.get(`${base}/transactions`);
    expect(all.body.data).toHaveLength(7);
    const ids = all.body.data.map((e: any) => Number(e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const first = await inv.get(`${base}/history?limit=3`);
    expect(first.body.data.map((e: any) => e.id)).toEqual(
      all.body.data.slice(0, 3).map((e: any) => e.id),
    );
    const second = await inv.get(`${base}/history?limit=3&before=${first.body.data[2].id}`);
    expect(second.body.data.map((e: any) => e.id)).toEqual(
      all.body.data.slice(3, 6).map((e: any) => e.id),
    );
    const last = await inv.get(`${base}/transactions?limit=3&before=${second.body.data[2].id}`);
    expect(last.body.data).toHaveLength(1);
    for (const bad of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'before=-1',
      'limit=1.5',
      'before=1e3',
    ]) {
      expectError(await inv.get(`${base}/history?${bad}`), 400);
    }
  });

  it('a pure broker gets no PAYDAY entries; investors do', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const base = `/api/game/${table.gameId}`;
    expect((await table.broker.api.put(`${base}/payday`)).status).toBe(200);
    const broker = await table.broker.api.get(`${base}/transactions`);
    expect(broker.body.data.filter((e: any) => e.type === 'PAYDAY')).toEqual([]);
    const inv = await table.investors[0]!.api.get(`${base}/transactions`);
    expect(inv.body.data.filter((e: any) => e.type === 'PAYDAY')).toHaveLength(1);
  });
});

describe('showdown read', () => {
  it('is the broker’s while the game runs and everyone’s once completed', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const base = `/api/game/${table.gameId}`;
    expect((await table.broker.api.get(`${base}/showdown`)).status).toBe(200);
    const early = await table.investors[0]!.api.get(`${base}/showdown`);
    expectError(early, 403, MSG.BROKER_ONLY);
    expect(early.body.error.code).toBe('FORBIDDEN');
    expect((await table.broker.api.post(`${base}/end`)).status).toBe(200);
    expect((await table.investors[0]!.api.get(`${base}/showdown`)).status).toBe(200);
  });
});

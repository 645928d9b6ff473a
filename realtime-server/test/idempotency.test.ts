import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function order(token: string, gameId: number, key: string | undefined, quantity = 2) {
  const res = await fetch(`${server.url}/api/game/${gameId}/stocks/trade`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    body: JSON.stringify({ stock_id: 8, trade_type: 0, quantity }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('Idempotency-Key on orders', () => {
  it('a retry with the same key answers the first answer and places no second order', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const first = await order(inv.token, table.gameId, 'tap-1');
    expect(first.status).toBe(200);
    const retry = await order(inv.token, table.gameId, 'tap-1');
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual(first.body.data);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => order(inv.token, table.gameId, 'tap-2')),
    );
    expect(burst.every((r) => r.status === 200)).toBe(true);
    const other = await order(inv.token, table.gameId, 'tap-3');
    expect(other.status).toBe(200);
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(3);
    const portfolio = await inv.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(
      portfolio.body.data.portfolio_data.find((r: any) => r.stock_id === 8).total_quantity,
    ).toBe(6);
  });

  it('an order with a new key on a game that does not exist is a 404 and claims no key', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const missing = await order(inv.token, table.gameId + 100_000, 'nowhere');
    expectError(missing, 404, 'Game not found.');
    // The key stays unused: the same key then places the order in the player's game.
    expect((await order(inv.token, table.gameId, 'nowhere')).status).toBe(200);
  });

  it('a key is per user, and a malformed key is a 400 that changes nothing', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    await openPhase(table);
    const [a, b] = table.investors;
    expect((await order(a!.token, table.gameId, 'same')).status).toBe(200);
    expect((await order(b!.token, table.gameId, 'same')).status).toBe(200);
    const bad = await order(a!.token, table.gameId, 'x'.repeat(129));
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    const history = await a!.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(1);
  });
});

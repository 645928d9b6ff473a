import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@showdown/shared/messages';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { nextBoardCode, openPhase, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function ledgerMismatches() {
  const rows = await server.database.db.execute(sql`
    select p.id, p.cash_paise, coalesce(sum(l.delta_paise), 0) as ledger
    from players p left join ledger_entries l on l.player_id = p.id
    group by p.id, p.cash_paise
    having p.cash_paise <> coalesce(sum(l.delta_paise), 0)`);
  return (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
}

describe('concurrency', () => {
  it('50 simultaneous buys worth more than the cash: only affordable ones succeed, cash exact and ≥ 0', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    // Chai Digital at ₹1,250: each order of 10 costs ₹12,500; ₹5,00,000 affords exactly 40.
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        inv.api.post(`/api/game/${table.gameId}/stocks/trade`, {
          stock_id: 3,
          trade_type: 0,
          quantity: 10,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(40);
    expect(
      refused.every((r) => r.status === 422 && r.body.error.message === MSG.INSUFFICIENT_FUNDS),
    ).toBe(true);
    const portfolio = await inv.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.body.data.current_balance).toBe(0);
    expect(
      portfolio.body.data.portfolio_data.find((r: any) => r.stock_id === 3).total_quantity,
    ).toBe(400);
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('simultaneous sells can never sell the same shares twice', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const trade = `/api/game/${table.gameId}/stocks/trade`;
    expect((await inv.api.post(trade, { stock_id: 1, trade_type: 0, quantity: 25 })).status).toBe(
      200,
    );
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        inv.api.post(trade, { stock_id: 1, trade_type: 1, quantity: 1 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(25);
    const portfolio = await inv.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.body.data.current_balance).toBe(500000);
    expect(portfolio.body.data.portfolio_data[0]).toMatchObject({
      total_quantity: 0,
      total_invested_price: 0,
    });
    expect(await ledgerMismatches()).toEqual([]);
  });

  it('20 simultaneous role-1 selections seat exactly one broker', async () => {
    const code = nextBoardCode();
    const users = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp(server, `Racer ${i}`)),
    );
    const apis = users.map((u) => http(server.url, u.token));
    const joined = await Promise.all(apis.map((api) => api.post('/api/game/join', { code })));
    const gameId = joined[0]!.body.data.game_id;
    expect(new Set(joined.filter((j) => j.status === 200).map((j) => j.body.data.game_id))).toEqual(
      new Set([gameId]),
    );
    const picks = await Promise.all(
      apis.map((api) => api.post(`/api/game/${gameId}/select-role`, { role: 1 })),
    );
    expect(picks.filter((p) => p.status === 200)).toHaveLength(1);
    expect(
      picks.filter((p) => p.status === 409 && p.body.error.message === MSG.BROKER_FILLED),
    ).toHaveLength(19);
    const lobby = await apis[0]!.post('/api/game/join', { code });
    expect(lobby.body.data.broker_exists).toBe(true);
  });

  it('simultaneous joins of a new board open one game, and seats never exceed seven', async () => {
    const code = nextBoardCode();
    const users = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(server, `Seat ${i}`)),
    );
    const apis = users.map((u) => http(server.url, u.token));
    const joined = await Promise.all(apis.map((api) => api.post('/api/game/join', { code })));
    const gameIds = new Set(joined.map((j) => j.body.data.game_id));
    expect(gameIds.size).toBe(1);
    const gameId = [...gameIds][0];
    const seats = await Promise.all(
      apis.map((api) => api.post(`/api/game/${gameId}/select-role`, { role: 2 })),
    );
    expect(seats.filter((s) => s.status === 200)).toHaveLength(6); // six investor avatars; 7 is the broker's
    // Read the lobby as one of the six who got a seat.
    const seatedApi = apis[seats.findIndex((s) => s.status === 200)]!;
    const lobby = await seatedApi.get(`/api/game/${gameId}/lobby`);
    const ids = lobby.body.data.game_players_data.map((p: any) => p.avatar_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('concurrent paydays never exceed three', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => table.broker.api.put(`/api/game/${table.gameId}/payday`)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const p = await table.investors[0]!.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(p.body.data.current_balance).toBe(800000);
    expect(await ledgerMismatches()).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { gameReportSchema, userGamesSchema } from '@showdown/shared/api';
import { randomBytes } from 'node:crypto';
import { MSG } from '@showdown/shared/messages';
import { MISSES_PER_ADDRESS } from '../src/http/miss-limit.ts';
import { startTestServer, http, nextIp, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, seat, setupTable, type TableSetup } from './helpers/game.ts';
import { dumpDatabase } from './helpers/database.ts';
import { eq } from 'drizzle-orm';
import { players } from '../src/db/schema.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A whole game: a price move, trades, a payday, an applied mayhem, more trades, the end. */
async function playGame(): Promise<TableSetup> {
  const table = await setupTable(server, { investors: 3, start: true });
  const [a, b, c] = table.investors as [any, any, any];
  const g = `/api/game/${table.gameId}`;
  const ok = (res: { status: number; body: unknown }, status = 200) =>
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  ok(await table.broker.api.post(`${g}/stocks`, { stock_id: 1, operation: '+', value: 7 }));
  await openPhase(table);
  ok(await a.api.post(`${g}/stocks/trade`, { stock_id: 1, trade_type: 0, quantity: 13 }));
  ok(await b.api.post(`${g}/stocks/trade`, { stock_id: 3, trade_type: 0, quantity: 3 }));
  ok(await c.api.post(`${g}/stocks/trade`, { stock_id: 2, trade_type: 0, quantity: 21 }));
  ok(await table.broker.api.put(`${g}/payday`));
  const created = await table.broker.api.post(`/api/marketMayhem/game/${table.gameId}`, {
    stock_ids: [1, 2, 3],
    percentage: [5, -3, 9],
  });
  ok(created, 201);
  const list = created.body.data.id;
  ok(
    await a.api.post(`/api/marketMayhem/${list}/respond`, {
      stocks: [
        { stock_id: 1, percentage: 5 },
        { stock_id: 2, percentage: -3 },
      ],
    }),
  );
  ok(
    await b.api.post(`/api/marketMayhem/${list}/respond`, {
      stocks: [{ stock_id: 1, percentage: 9 }],
    }),
  );
  ok(await table.broker.api.post(`/api/marketMayhem/${list}/average`));
  ok(await table.broker.api.post(`${g}/stocks`, { stock_id: 3, operation: '-', value: 11 }));
  ok(await a.api.post(`${g}/stocks/trade`, { stock_id: 1, trade_type: 1, quantity: 5 }));
  ok(await c.api.post(`${g}/stocks/trade`, { stock_id: 1, trade_type: 0, quantity: 2 }));
  ok(await table.broker.api.put(`${g}/payday`));
  ok(await table.broker.api.post(`${g}/end`));
  return table;
}

describe('GET /api/game/{id}/report', () => {
  let table: TableSetup;
  beforeAll(async () => {
    table = await playGame();
  });

  it("each series ends at the leaderboard's figure to the paisa; the schema holds", async () => {
    const [a] = table.investors as [any];
    const res = await a.api.get(`/api/game/${table.gameId}/report`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = gameReportSchema.parse(res.body.data);
    const board = await a.api.get(`/api/game/${table.gameId}/showdown`);
    expect(board.status).toBe(200);
    const ranking = board.body.data as Array<{ player_id: number; balance: number; rank: number }>;
    expect(report.players).toHaveLength(3);
    for (const entry of ranking) {
      const player = report.players.find((p) => p.player_id === entry.player_id)!;
      expect(player.net_worth.at(-1)!.net_worth).toBe(entry.balance);
      expect(player.final_net_worth).toBe(entry.balance);
      expect(player.rank).toBe(entry.rank);
    }
    // Start, 2 price updates, 5 trades, 2 paydays, 2 mayhem moves (companies 1 and 2).
    expect(report.events).toHaveLength(12);
    for (const p of report.players) expect(p.net_worth).toHaveLength(12);
    expect(report.events.filter((e) => e.kind === 'trade')).toHaveLength(5);
    expect(report.mayhems).toHaveLength(1);
    expect(report.mayhems[0]!.effects.map((e) => [e.stock_id, e.percentage])).toEqual([
      [1, 7],
      [2, -3],
    ]);
    // The companies' last points are today's prices.
    const history = await a.api.get(`/api/game/${table.gameId}/prices/history`);
    expect(history.status).toBe(200);
    const last = new Map<number, number>();
    for (const p of history.body.data as Array<{ stock_id: number; price: number }>) {
      last.set(p.stock_id, p.price);
    }
    expect(last.size).toBe(8);
    for (const [stockId, price] of last) {
      const company = report.companies.find((c) => c.stock_id === stockId)!;
      expect(company.prices.at(-1)!.price).toBe(price);
    }
    // The final cash is the player's cash in the database, to the paisa.
    const mine = report.players.find((p) => p.player_id === (table.investors[0] as any).playerId)!;
    const [row] = await server.database.db
      .select({ cash: players.cashPaise })
      .from(players)
      .where(eq(players.id, mine.player_id));
    expect(Math.round(mine.final_cash * 100)).toBe(row!.cash);
    expect(mine.trades_count).toBe(2);
    expect(mine.best_trade).not.toBeNull();
  });

  it('the broker reads it too; an outsider gets 403, an unknown game 404', async () => {
    const res = await table.broker.api.get(`/api/game/${table.gameId}/report`);
    expect(res.status).toBe(200);
    const outsider = await seat(server, 'ZZ' + String(Date.now() % 100).padStart(2, '0'), 'Out', 2);
    expectError(await outsider.api.get(`/api/game/${table.gameId}/report`), 403);
    expectError(await outsider.api.get('/api/game/999999/report'), 404);
    expectError(await outsider.api.get('/api/game/abc/report'), 404);
    expectError(await http(server.url).get(`/api/game/${table.gameId}/report`), 401);
  });

  it('a game still running answers 409', async () => {
    const running = await setupTable(server, { investors: 1, start: true });
    expectError(
      await running.investors[0]!.api.get(`/api/game/${running.gameId}/report`),
      409,
      'The report is ready once the game is completed.',
    );
    expectError(await running.investors[0]!.api.get(`/api/game/${running.gameId}/report.csv`), 409);
    expectError(await running.broker.api.post(`/api/game/${running.gameId}/report/share`), 409);
  });

  it('report.csv: a row per ledger entry with the running balance, then a summary', async () => {
    const [a] = table.investors as [any];
    const res = await fetch(`${server.url}/api/game/${table.gameId}/report.csv`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename=showdown-${table.code}-game-${table.gameId}.csv`,
    );
    const text = (await res.text()).replace(/^\uFEFF/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('player,entry,time,kind,company,quantity,price,amount,balance');
    // 3 start + 5 trades + 2 × 3 paydays = 14 ledger entries.
    const entries = lines.slice(1, lines.indexOf(''));
    expect(entries).toHaveLength(14);
    for (const line of entries) expect(line).toMatch(/,-?\d+\.\d{2},-?\d+\.\d{2}$/);
    const summaryAt = lines.indexOf('rank,player,cash,holdings value,net worth,trades,title');
    expect(summaryAt).toBeGreaterThan(0);
    const board = await a.api.get(`/api/game/${table.gameId}/showdown`);
    const summary = lines.slice(summaryAt + 1, summaryAt + 4).map((l) => l.split(','));
    expect(summary.map((r) => [r[0], r[1], r[4]])).toEqual(
      (board.body.data as any[]).map((e) => [e.rank_label, e.username, e.balance.toFixed(2)]),
    );
    // Each player's last running balance is their final cash.
    const report = (await a.api.get(`/api/game/${table.gameId}/report`)).body.data;
    for (const p of report.players) {
      const last = entries.filter((l) => l.startsWith(`${p.username},`)).at(-1)!;
      expect(last.split(',').at(-1)).toBe(p.final_cash.toFixed(2));
    }
  });
});

describe('report.csv and formulas', () => {
  // The payloads of OWASP's CSV-injection page, as player names.
  const names = [
    '=HYPERLINK("http://x.test","y")',
    '@SUM(1+1)',
    '+SUM(1+1)',
    "-2+3+cmd|' /C calc'!A0",
  ];

  it('no cell starts a formula: a cell beginning with = + - @ is quoted, the name itself kept', async () => {
    const table = await setupTable(server, { investors: names.length, start: true });
    const g = `/api/game/${table.gameId}`;
    for (const [i, investor] of table.investors.entries()) {
      const renamed = await investor.api.put('/api/user/profile', { username: names[i] });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    }
    await openPhase(table);
    for (const investor of table.investors) {
      const bought = await investor.api.post(`${g}/stocks/trade`, {
        stock_id: 1,
        trade_type: 0,
        quantity: 2,
      });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    }
    // A price fall makes a negative amount: a number, which stays a number.
    expect(
      (await table.broker.api.post(`${g}/stocks`, { stock_id: 1, operation: '-', value: 3 }))
        .status,
    ).toBe(200);
    expect((await table.broker.api.put(`${g}/payday`)).status).toBe(200);
    expect((await table.broker.api.post(`${g}/end`)).status).toBe(200);

    const res = await fetch(`${server.url}${g}/report.csv`, {
      headers: { authorization: `Bearer ${table.investors[0]!.token}` },
    });
    expect(res.status).toBe(200);
    const cells = (
      parse((await res.text()).replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]
    ).flat();
    const formulaStart = /^[=+\-@\t\r]/;
    const plainNumber = /^-?\d+(\.\d+)?$/;
    expect(cells.filter((c) => formulaStart.test(c) && !plainNumber.test(c))).toEqual([]);
    for (const name of names) {
      // One cell a ledger entry (start, trade, payday) and one in the summary: each kept whole.
      expect(cells.filter((c) => c === `'${name}`).length, name).toBeGreaterThanOrEqual(4);
      expect(cells).not.toContain(name);
    }
    expect(cells.some((c) => /^-\d+\.\d{2}$/.test(c))).toBe(true);
  });
});

describe('report share links', () => {
  let table: TableSetup;
  beforeAll(async () => {
    table = await playGame();
  });

  it('a signed-out page with no phone number, user id or token; DELETE revokes it', async () => {
    const [a, b] = table.investors as [any, any];
    const shared = await a.api.post(`/api/game/${table.gameId}/report/share`);
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const url = new URL(shared.body.data.url);
    expect(url.pathname).toMatch(/^\/report\/[A-Za-z0-9_-]{43}$/);
    const token = url.pathname.split('/')[2]!;
    const publicRes = await http(server.url).get(`/api/report/${token}`);
    expect(publicRes.status).toBe(200);
    const report = gameReportSchema.parse(publicRes.body.data);
    expect(report.players.map((p) => p.username).sort()).toEqual([
      'Investor 1',
      'Investor 2',
      'Investor 3',
    ]);
    const text = JSON.stringify(publicRes.body);
    for (const p of [a, b, ...table.investors.slice(2), table.broker]) {
      expect(text).not.toContain(p.phone);
      expect(text).not.toContain(p.token);
      expect(text).not.toContain(p.refreshToken);
    }
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/user_id|phone|country_code|token|email/i);
    // Only the hash is stored.
    const dump = await dumpDatabase(server.database.db);
    expect(dump).not.toContain(token);

    // Someone else's revocation does not touch a's link.
    expect((await b.api.delete(`/api/game/${table.gameId}/report/share`)).body.data).toEqual({
      revoked: 0,
    });
    expect((await http(server.url).get(`/api/report/${token}`)).status).toBe(200);
    const revoked = await a.api.delete(`/api/game/${table.gameId}/report/share`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toEqual({ revoked: 1 });
    expectError(
      await http(server.url).get(`/api/report/${token}`),
      404,
      'This report link does not exist or was revoked.',
    );
    // A new share is a new link; the old one stays dead.
    const again = await a.api.post(`/api/game/${table.gameId}/report/share`);
    expect(again.body.data.url).not.toBe(shared.body.data.url);
    expectError(await http(server.url).get(`/api/report/${token}`), 404);
    const fresh = new URL(again.body.data.url).pathname.split('/')[2]!;
    expect((await http(server.url).get(`/api/report/${fresh}`)).status).toBe(200);
  });

  it('a malformed or unknown token is a 404 and changes nothing', async () => {
    const before = await dumpDatabase(server.database.db);
    expectError(await http(server.url).get('/api/report/nope'), 404);
    expectError(await http(server.url).get(`/api/report/${'A'.repeat(43)}`), 404);
    expect(await dumpDatabase(server.database.db)).toBe(before);
  });

  it('guessing tokens is limited per address: past the misses even a live link is refused', async () => {
    const shared = await table.investors[0]!.api.post(`/api/game/${table.gameId}/report/share`);
    const live = new URL(shared.body.data.url).pathname.split('/')[2]!;
    const guesser = http(server.url, undefined, { ip: nextIp() });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const guess = randomBytes(32).toString('base64url');
      const res = await guesser.get(`/api/report/${guess}`);
      if (res.status === 429) expect(res.body.error.message).toBe(MSG.REPORT_LINKS_LIMITED);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(MISSES_PER_ADDRESS).fill(404),
      ...Array<number>(30 - MISSES_PER_ADDRESS).fill(429),
    ]);
    expectError(await guesser.get(`/api/report/${live}`), 429, MSG.REPORT_LINKS_LIMITED);
    // Malformed tokens are misses too; another address is served.
    expectError(await http(server.url, undefined, { ip: nextIp() }).get('/api/report/x'), 404);
    expect(
      (await http(server.url, undefined, { ip: nextIp() }).get(`/api/report/${live}`)).status,
    ).toBe(200);
  });

  it('only a seated player shares; the link uses the public origin', async () => {
    const outsider = await seat(server, 'ZY' + String(Date.now() % 100).padStart(2, '0'), 'Out', 2);
    expectError(await outsider.api.post(`/api/game/${table.gameId}/report/share`), 403);
    expectError(await outsider.api.delete(`/api/game/${table.gameId}/report/share`), 403);
    const shared = await table.broker.api.post(`/api/game/${table.gameId}/report/share`);
    const origin = (await http(server.url).get('/api/config')).body.data.public_url;
    expect(shared.body.data.url.startsWith(`${origin}/report/`)).toBe(true);
  });
});

describe("GET /api/spectate/{code}/report (the TV's recap)", () => {
  it("signed out, the board's ended game as its report reads; 409 before the end", async () => {
    const running = await setupTable(server, { investors: 2, start: true });
    const tv = http(server.url, undefined, { ip: nextIp() });
    expectError(
      await tv.get(`/api/spectate/${running.code}/report`),
      409,
      'The report is ready once the game is completed.',
    );
    const table = await playGame();
    const res = await tv.get(`/api/spectate/${table.code.toLowerCase()}/report`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = gameReportSchema.parse(res.body.data);
    const seated = await table.investors[0]!.api.get(`/api/game/${table.gameId}/report`);
    expect(report).toEqual(seated.body.data);
    const text = JSON.stringify(res.body);
    for (const p of [...table.investors, table.broker]) {
      expect(text).not.toContain(p.phone);
      expect(text).not.toContain(p.token);
    }
  });

  it("a code naming no game is a miss of the spectators' limit", async () => {
    const guesser = http(server.url, undefined, { ip: nextIp() });
    const statuses: number[] = [];
    for (let i = 0; i < MISSES_PER_ADDRESS + 2; i++) {
      const res = await guesser.get(`/api/spectate/Z${String(i).padStart(3, '0')}/report`);
      if (res.status === 429) expect(res.body.error.message).toBe(MSG.SPECTATE_LIMITED);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(MISSES_PER_ADDRESS).fill(404), 429, 429]);
    expectError(
      await http(server.url, undefined, { ip: nextIp() }).get('/api/spectate/x/report'),
      400,
    );
  });
});

describe('GET /api/user/games', () => {
  it("the user's games newest first with role, rank and final net worth, a page at a time", async () => {
    const first = await playGame();
    const [a] = first.investors as [any];
    // The same user in a second game, still in the lobby.
    const joined = await a.api.post('/api/game/join', { code: first.code, create: true });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const second = joined.body.data.game_id as number;
    expect((await a.api.post(`/api/game/${second}/select-role`, { role: 3 })).status).toBe(200);

    const page = await a.api.get('/api/user/games?limit=1');
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const one = userGamesSchema.parse(page.body.data);
    expect(one.games).toEqual([
      {
        game_id: second,
        board_code: first.code,
        status: 1,
        started_at: null,
        ended_at: null,
        role: 3,
        rank: null,
        final_net_worth: null,
        practice: false,
      },
    ]);
    expect(one.next_before).toBe(second);
    const next = userGamesSchema.parse(
      (await a.api.get(`/api/user/games?before=${one.next_before}&limit=1`)).body.data,
    );
    const board = (await a.api.get(`/api/game/${first.gameId}/showdown`)).body.data as any[];
    const mine = board.find((e) => e.player_id === a.playerId);
    expect(next.games).toHaveLength(1);
    expect(next.games[0]).toMatchObject({
      game_id: first.gameId,
      status: 3,
      role: 2,
      rank: mine.rank,
      final_net_worth: mine.balance,
    });
    expect(next.games[0]!.ended_at).not.toBeNull();
    expect(next.next_before).toBeNull();

    // The broker of the first game has no rank.
    const broker = userGamesSchema.parse((await first.broker.api.get('/api/user/games')).body.data);
    expect(broker.games[0]).toMatchObject({ game_id: first.gameId, role: 1, rank: null });
  });

  it('refuses a bad page and a signed-out call', async () => {
    const table = await setupTable(server, { investors: 1 });
    const api = table.broker.api;
    expectError(await api.get('/api/user/games?limit=0'), 400);
    expectError(await api.get('/api/user/games?limit=51'), 400);
    expectError(await api.get('/api/user/games?before=abc'), 400);
    expectError(await http(server.url).get('/api/user/games'), 401);
  });
});

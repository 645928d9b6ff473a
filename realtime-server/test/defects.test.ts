/**
 * Regressions of the defects an attacker run found (the REST and database half). Each
 * test failed on the code before its fix; every file runs on PGlite and on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { OTP_MAX_ATTEMPTS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { http, nextIp, nextPhone, signUp, useTestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';

const server = useTestServer();

const CC = '+91';

async function requestCode(phone: string, api: ReturnType<typeof http>) {
  const before = server.otps.count(phone);
  const sent = await api.post('/api/auth/send-otp', { country_code: CC, phone_number: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return {
    otpId: sent.body.data.otp_id as string,
    code: await server.otps.code(phone, before + 1),
  };
}

describe('OTP guesses are judged at most 5 times per code, however they arrive', () => {
  it('29 queued wrong guesses then the right code: at most five of them are ever judged', async () => {
    const phone = nextPhone();
    const api = http(server.url, undefined, { ip: nextIp() });
    const { otpId, code } = await requestCode(phone, api);
    const guess = (n: number) => String((Number(code) + n) % 10_000).padStart(4, '0');
    const login = (otp: string) =>
      api.post('/api/auth/login', { country_code: CC, phone_number: phone, otp_id: otpId, otp });
    // On PostgreSQL another connection holds the code's row, so every guess queues behind it in
    // the order sent; then it lets go. (PGlite runs one statement at a time: the burst queues
    // the same way on its own.)
    const url = server.database.url;
    const holder = url ? new pg.Client({ connectionString: url }) : undefined;
    // pg_stat_activity is a snapshot per transaction: watch from a connection of its own.
    const watcher = url ? new pg.Client({ connectionString: url }) : undefined;
    const waiting = async (n: number) => {
      for (;;) {
        const r = await watcher!.query(
          "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        if (r.rows[0].n >= n) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    if (holder && watcher) {
      await watcher.connect();
      await holder.connect();
      await holder.query('begin');
      await holder.query('select * from otp_codes where id = $1 for update', [otpId]);
    }
    const wrongGuesses = Array.from({ length: 29 }, (_, i) => login(guess(i + 1)));
    if (holder) await waiting(29);
    const right = login(code);
    if (holder) {
      await waiting(30);
      await holder.query('commit');
      await holder.end();
      await watcher!.end();
    }
    const answers = await Promise.all([...wrongGuesses, right]);
    const codes = answers.map((a) => a.body?.error?.code ?? 'OK');
    const judgedWrong = codes.filter((c) => c === 'OTP_INCORRECT').length;
    // The right code is accepted (no account yet: NO_USER) only if it was among the first five
    // judged; PostgreSQL does not promise to wake lock waiters strictly in arrival order, so
    // either may happen. Either way, no more than five guesses in all were compared.
    const rightAccepted = (await right).body?.error?.code === 'NO_USER';
    expect(judgedWrong + (rightAccepted ? 1 : 0), codes.join()).toBeLessThanOrEqual(
      OTP_MAX_ATTEMPTS,
    );
    if (rightAccepted) {
      // Consumed: every guess judged after it reads as used up.
      expect(judgedWrong, codes.join()).toBeLessThan(OTP_MAX_ATTEMPTS);
    } else {
      // Five wrong guesses spent the tries before it.
      expect(judgedWrong, codes.join()).toBe(OTP_MAX_ATTEMPTS);
      expect((await right).status, codes.join()).toBe(429);
    }
  });
  it('bursts of 30 distinct guesses: the right code gets in only as one of the first 5 judged', async () => {
    for (let round = 0; round < 4; round++) {
      const phone = nextPhone();
      const api = http(server.url, undefined, { ip: nextIp() });
      const { otpId, code } = await requestCode(phone, api);
      const guess = (n: number) => String((Number(code) + n) % 10_000).padStart(4, '0');
      const login = (otp: string) =>
        api.post('/api/auth/login', { country_code: CC, phone_number: phone, otp_id: otpId, otp });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(i === 15 ? code : guess(i + 1))),
      );
      const codes = answers.map((a) => a.body?.error?.code ?? 'OK');
      const incorrect = codes.filter((c) => c === 'OTP_INCORRECT').length;
      const [row] = (
        (await server.database.db.execute(
          sql`select attempts from otp_codes where id = ${otpId}`,
        )) as unknown as { rows: Array<{ attempts: number }> }
      ).rows;
      // Every guess compared with the code spent a try: the answers account for every try.
      expect(row!.attempts, codes.join()).toBeLessThanOrEqual(OTP_MAX_ATTEMPTS);
      expect(incorrect + (codes[15] === 'NO_USER' ? 1 : 0), codes.join()).toBe(row!.attempts);
    }
  });
});

describe('nothing changes a completed game', () => {
  it('10 simultaneous ends: exactly one wins, the others answer Game already completed.', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => table.broker.api.post(`/api/game/${table.gameId}/end`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expectError(a, 409, MSG.GAME_COMPLETED);
    }
  });

  it('end racing payday and price updates: the ranking at the end is the final state', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    const base = `/api/game/${table.gameId}`;
    const calls = [
      ...Array.from({ length: 3 }, () => table.broker.api.put(`${base}/payday`)),
      ...Array.from({ length: 6 }, (_, i) =>
        table.broker.api.post(`${base}/stocks`, {
          stock_id: 1 + (i % 3),
          operation: '+',
          value: 10,
        }),
      ),
    ];
    calls.splice(2, 0, table.broker.api.post(`${base}/end`));
    const answers = await Promise.all(calls);
    const ended = answers.find((a) => a.body?.message === MSG.GAME_ENDED);
    expect(ended, JSON.stringify(answers.map((a) => a.body))).toBeDefined();
    const after = await table.broker.api.get(`${base}/showdown`);
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(ended!.body.data);
    const again = await table.broker.api.put(`${base}/payday`);
    expectError(again, 409, MSG.GAME_COMPLETED);
  });
});

describe('a seat needs the board code; payloads carry no other user ids', () => {
  it('select-role without having joined with the code is 403 FORBIDDEN', async () => {
    const table = await setupTable(server, { investors: 1 });
    const stranger = await signUp(server, 'Stranger');
    const api = http(server.url, stranger.token);
    const res = await api.post(`/api/game/${table.gameId}/select-role`, { role: 2 });
    expectError(res, 403, 'Join the board with its code first');
    expect(res.body.error.code).toBe('FORBIDDEN');
    const lobby = await table.broker.api.get(`/api/game/${table.gameId}/lobby`);
    expect(lobby.body.data.game_players_data).toHaveLength(2);
    // With the code, the same user may sit down.
    expect((await api.post('/api/game/join', { code: table.code })).status).toBe(200);
    expect((await api.post(`/api/game/${table.gameId}/select-role`, { role: 2 })).status).toBe(200);
  });

  it('lobby and showdown answers do not expose user_id', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const lobby = await table.investors[0]!.api.get(`/api/game/${table.gameId}/lobby`);
    expect(JSON.stringify(lobby.body)).not.toContain('user_id');
    const end = await table.broker.api.post(`/api/game/${table.gameId}/end`);
    expect(JSON.stringify(end.body)).not.toContain('user_id');
    const showdown = await table.investors[0]!.api.get(`/api/game/${table.gameId}/showdown`);
    expect(showdown.status).toBe(200);
    expect(JSON.stringify(showdown.body)).not.toContain('user_id');
  });
});

describe('numbers past the column ranges and NUL bytes are 4xx, never 500', () => {
  it('ids past smallint/int in bodies and paths', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const base = `/api/game/${table.gameId}`;
    const inv = table.investors[0]!.api;
    const b = table.broker.api;
    const answers = [
      await b.post(`${base}/stocks`, { stock_id: 40000, operation: '+', value: 5 }),
      await b.post(`${base}/stocks`, { stock_id: 3e9, operation: '+', value: 5 }),
      await inv.post(`${base}/stocks/trade`, { stock_id: 40000, trade_type: 0, quantity: 1 }),
      await inv.post(`${base}/stocks/trade`, { stock_id: 3e9, trade_type: 0, quantity: 1 }),
      await b.post(`/api/marketMayhem/game/${table.gameId}`, {
        stock_ids: [40000],
        percentage: [5],
      }),
      await b.get('/api/game/3000000000/lobby'),
      await b.get('/api/marketMayhem/game/40000'),
      await b.post('/api/marketMayhem/3000000000/average'),
    ];
    for (const a of answers) {
      expect(a.status, JSON.stringify(a.body)).toBeGreaterThanOrEqual(400);
      expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
      expect(a.body.success).toBe(false);
    }
  });

  it('change-role with a player_id past int is a 4xx', async () => {
    const table = await setupTable(server, { investors: 1 });
    const res = await table.broker.api.post(`/api/game/${table.gameId}/change-role`, {
      role: 2,
      player_id: 3e9,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('a NUL byte in a username is a 400 on register and on the profile', async () => {
    const phone = nextPhone();
    const api = http(server.url, undefined, { ip: nextIp() });
    const { otpId, code } = await requestCode(phone, api);
    const login = await api.post('/api/auth/login', {
      country_code: CC,
      phone_number: phone,
      otp_id: otpId,
      otp: code,
    });
    const reg = await api.post('/api/auth/register', {
      username: 'Asha\u0000',
      country_code: CC,
      phone_number: phone,
      registration_token: login.body.data.registration_token,
    });
    expectError(reg, 400);
    const user = await signUp(server, 'Ravi');
    const profile = await http(server.url, user.token).put('/api/user/profile', {
      username: 'R\u0000avi',
    });
    expect(profile.status).toBe(400);
  });
});

describe('prices are capped and the game can always end', () => {
  it('doubling a price stops at ₹1,00,00,000 with a 422; the game still ends', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const base = `/api/game/${table.gameId}`;
    let refused;
    for (let i = 0; i < 40; i++) {
      const res = await table.broker.api.post(`${base}/stocks`, {
        stock_id: 1,
        operation: '+',
        value: 100,
      });
      if (res.status !== 200) {
        refused = res;
        break;
      }
      expect(res.body.data.updatedPrice).toBeLessThanOrEqual(1_00_00_000);
    }
    expect(refused).toBeDefined();
    expectError(refused!, 422, 'Price cannot exceed ₹1,00,00,000');
    const stocks = await table.broker.api.get(`${base}/stocks`);
    expect(stocks.status).toBe(200);
    expect((await table.broker.api.post(`${base}/end`)).status).toBe(200);
  });
});

describe('quantities and ids are JSON integers only', () => {
  it('strings, booleans and arrays are refused and change nothing', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!.api;
    const trade = `/api/game/${table.gameId}/stocks/trade`;
    for (const body of [
      { stock_id: 1, trade_type: 0, quantity: '0x10' },
      { stock_id: 1, trade_type: 0, quantity: true },
      { stock_id: 1, trade_type: 0, quantity: '-3' },
      { stock_id: 1, trade_type: 0, quantity: '3' },
      { stock_id: 1, trade_type: 0, quantity: [5] },
      { stock_id: '1', trade_type: 0, quantity: 1 },
      { stock_id: [1], trade_type: 0, quantity: 1 },
      { stock_id: 1, trade_type: 0, quantity: 1.5 },
    ]) {
      expectError(await inv.post(trade, body), 400);
    }
    const portfolio = await inv.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.body.data.portfolio_data.every((r: any) => r.total_quantity === 0)).toBe(true);
    expect(portfolio.body.data.current_balance).toBe(500000);
  });
});

describe('avatars need a joined board', () => {
  it('a stranger cannot probe a game; a user who joined with the code can', async () => {
    const table = await setupTable(server, { investors: 1 });
    const stranger = await signUp(server, 'Prober');
    const api = http(server.url, stranger.token);
    const probe = await api.get(`/api/game/${table.gameId}/avatars`);
    expectError(probe, 403);
    expect(probe.body.error.code).toBe('FORBIDDEN');
    expect((await api.post('/api/game/join', { code: table.code })).status).toBe(200);
    const joined = await api.get(`/api/game/${table.gameId}/avatars`);
    expect(joined.status).toBe(200);
  });
});

describe('the ledger stays whole', () => {
  it('every player reconciles after the tests above', async () => {
    const rows = await server.database.db.execute(sql`
      select p.id from players p left join ledger_entries l on l.player_id = p.id
      group by p.id, p.cash_paise having p.cash_paise <> coalesce(sum(l.delta_paise), 0)`);
    const list = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    expect(list).toEqual([]);
  });
});

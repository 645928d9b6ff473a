import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PHONE_VERIFIED_TTL_SECONDS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { OTP_MAX_SENDS_PER_IP } from '../src/auth/otp-service.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { otpCodes, users } from '../src/db/schema.ts';
import { FakeClock } from './helpers/clock.ts';
import { nextBoardCode, openPhase, setupTable } from './helpers/game.ts';
import {
  http,
  nextIp,
  nextPhone,
  signUp,
  startTestServer,
  useTestServer,
} from './helpers/server.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * Attacks on sign-in (docs/security.md): a logout racing a refresh, registration by another
 * client, an Idempotency-Key reused for another order, TRUST_PROXY, a deleted user's token and
 * Cache-Control, on one process. Several processes and nodes:
 * session-nodes.test.ts.
 */
const CC = '+91';
const clock = new FakeClock();
const server = useTestServer({ clock });

const client = (ip = nextIp(), token?: string) => http(server.url, token, { ip });

/** send-otp then login with the right code: the login's answer. */
async function passOtp(phone: string, api = client()) {
  const before = server.otps.count(phone);
  const sent = await api.post('/api/auth/send-otp', { country_code: CC, phone_number: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await server.otps.code(phone, before + 1);
  return api.post('/api/auth/login', {
    country_code: CC,
    phone_number: phone,
    otp_id: sent.body.data.otp_id,
    otp,
  });
}

const register = (phone: string, token: string | undefined, api = client(), username = 'Asha') =>
  api.post('/api/auth/register', {
    username,
    country_code: CC,
    phone_number: phone,
    ...(token === undefined ? {} : { registration_token: token }),
  });

const countUsers = async (phone: string) =>
  (await server.database.db.select().from(users).where(eq(users.phoneNumber, phone))).length;

describe('registration proves it comes from the client that passed the code', () => {
  it('the NO_USER answer carries a registration token; only it registers the phone', async () => {
    const phone = nextPhone();
    const owner = client();
    const unknown = await passOtp(phone, owner);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: 'NO_USER', message: MSG.NO_USER });
    const token = unknown.body.data.registration_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(unknown.body.data.registration_token_expires_at)).toBe(
      clock.now().getTime() + PHONE_VERIFIED_TTL_SECONDS * 1000,
    );

    // Another client at another address, with the owner's phone: refused, nothing created.
    const stranger = client();
    const without = await register(phone, undefined, stranger, 'Mallory');
    expect(without.status).toBe(400);
    expect(without.body.error.code).toBe('VALIDATION');
    const guessed = await register(phone, `${token.slice(0, -2)}xx`, stranger, 'Mallory');
    expect(guessed.status).toBe(403);
    expect(guessed.body).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: MSG.REGISTRATION_TOKEN_INVALID },
    });
    expect(await countUsers(phone)).toBe(0);

    const mine = await register(phone, token, owner);
    expect(mine.status).toBe(201);
    expect(mine.body.data.user_details.username).toBe('Asha');
    // Single use.
    const again = await register(phone, token, owner, 'Twice');
    expect(again.status).toBe(403);
    expect(await countUsers(phone)).toBe(1);
  });

  it('is bound to its phone and expires after 10 minutes', async () => {
    const phone = nextPhone();
    const other = nextPhone();
    const token = (await passOtp(phone)).body.data.registration_token as string;
    const otherToken = (await passOtp(other)).body.data.registration_token as string;
    expect((await register(other, token)).status).toBe(403);
    clock.advance(PHONE_VERIFIED_TTL_SECONDS);
    const late = await register(phone, token);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe(MSG.REGISTRATION_TOKEN_INVALID);
    expect((await register(other, otherToken)).status).toBe(403);
    expect(await countUsers(phone)).toBe(0);
    expect(await countUsers(other)).toBe(0);
  });

  it('a newer code passed for the phone replaces the older token', async () => {
    const phone = nextPhone();
    const first = (await passOtp(phone)).body.data.registration_token as string;
    clock.advance(60);
    const second = (await passOtp(phone)).body.data.registration_token as string;
    expect(second).not.toBe(first);
    expect((await register(phone, first)).status).toBe(403);
    expect((await register(phone, second)).status).toBe(201);
  });
});

describe('TRUST_PROXY trusts a number of hops or named proxies, never everyone', () => {
  it('forged left-most X-Forwarded-For entries do not pass the per-address OTP limit', async () => {
    // The test talks to the server directly: its 127.0.0.1 is the one trusted proxy hop, and
    // the right-most entry is the address that proxy saw. Everything left of it is the client's.
    const real = nextIp();
    const sends = [];
    for (let i = 0; i <= OTP_MAX_SENDS_PER_IP; i++) {
      const api = http(server.url, undefined, { ip: `203.0.113.${i}, ${real}` });
      sends.push(
        (await api.post('/api/auth/send-otp', { country_code: CC, phone_number: nextPhone() }))
          .status,
      );
    }
    expect(sends.slice(0, OTP_MAX_SENDS_PER_IP).every((s) => s === 200)).toBe(true);
    expect(sends[OTP_MAX_SENDS_PER_IP]).toBe(429);
  });

  it('reads a hop count or a list of proxies; true means one hop; anything else is refused', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY: '10.0.0.0\/99'/);
    expect(() => loadConfig({ TRUST_PROXY: '1000' })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it('with a list, the address left of the trusted proxies is the client', async () => {
    const local = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    try {
      const real = nextIp();
      const sends = [];
      for (let i = 0; i <= OTP_MAX_SENDS_PER_IP; i++) {
        const api = http(local.url, undefined, { ip: `198.51.100.${i}, ${real}, 127.0.0.1` });
        sends.push(
          (await api.post('/api/auth/send-otp', { country_code: CC, phone_number: nextPhone() }))
            .status,
        );
      }
      expect(sends[OTP_MAX_SENDS_PER_IP - 1]).toBe(200);
      expect(sends[OTP_MAX_SENDS_PER_IP]).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('answers with tokens or private data are never cached', () => {
  it('sends Cache-Control: no-store on auth, user, game and order answers', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const investor = table.investors[0]!;
    const headersOf = async (path: string, init: RequestInit = {}, token = investor.token) => {
      const res = await fetch(server.url + path, {
        ...init,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-forwarded-for': nextIp(),
          ...init.headers,
        },
      });
      await res.arrayBuffer();
      return { status: res.status, cache: res.headers.get('cache-control') };
    };
    const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
    const phone = nextPhone();
    const answers = {
      login404: await headersOf('/api/auth/login', post({})),
      refresh: await headersOf(
        '/api/auth/refresh-access-token',
        post({ refresh_token: table.broker.refreshToken }),
      ),
      sendOtp: await headersOf(
        '/api/auth/send-otp',
        post({ country_code: CC, phone_number: phone }),
      ),
      profile: await headersOf('/api/user/profile'),
      portfolio: await headersOf(`/api/game/${table.gameId}/user/portfolio`),
      lobby: await headersOf(`/api/game/${table.gameId}/lobby`),
      history: await headersOf(`/api/game/${table.gameId}/transactions`),
      order: await headersOf(
        `/api/game/${table.gameId}/stocks/trade`,
        post({ stock_id: 1, trade_type: 0, quantity: 1 }),
      ),
      join: await headersOf('/api/game/join', post({ code: table.code })),
      unauthorized: await headersOf('/api/user/profile', {}, 'nope'),
    };
    expect(answers.refresh.status).toBe(200);
    expect(answers.order.status).toBe(200);
    expect(answers.profile.status).toBe(200);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.cache, name).toBe('no-store');
    }
    // The NO_USER answer carries a registration token.
    const otp = await server.otps.code(phone, 1);
    const [sent] = await server.database.db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(eq(otpCodes.phoneNumber, phone));
    const otpId = sent!.id;
    const unknown = await headersOf(
      '/api/auth/login',
      post({ country_code: CC, phone_number: phone, otp_id: otpId, otp }),
    );
    expect(unknown).toEqual({ status: 404, cache: 'no-store' });
  });
});

describe('an Idempotency-Key reused for another order', () => {
  async function order(token: string, gameId: number, key: string, body: object) {
    const res = await fetch(`${server.url}/api/game/${gameId}/stocks/trade`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  it('answers 422 and places nothing; the same order under the key still replays', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const first = await order(inv.token, table.gameId, 'k-1', {
      stock_id: 1,
      trade_type: 0,
      quantity: 1,
    });
    expect(first.status).toBe(200);
    const other = await order(inv.token, table.gameId, 'k-1', {
      stock_id: 2,
      trade_type: 0,
      quantity: 3,
    });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({
      success: false,
      error: { code: 'VALIDATION', message: MSG.IDEMPOTENCY_KEY_MISMATCH },
    });
    // The same order, its fields in another order: the same normalised request.
    const same = await order(inv.token, table.gameId, 'k-1', {
      quantity: 1,
      trade_type: 0,
      stock_id: 1,
    });
    expect(same.status).toBe(200);
    expect(same.body.data).toEqual(first.body.data);
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    const trades = history.body.data.filter((e: any) => e.type === 'trade');
    expect(trades).toHaveLength(1);
  });

  it('two different orders racing under one new key: one is placed, the other answers 422', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    for (let round = 0; round < 4; round++) {
      const key = `race-${round}`;
      const answers = await Promise.all([
        order(inv.token, table.gameId, key, { stock_id: 1, trade_type: 0, quantity: 1 }),
        order(inv.token, table.gameId, key, { stock_id: 3, trade_type: 0, quantity: 2 }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    }
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(4);
  });
});

describe('a logout racing a refresh ends the whole session', () => {
  it('12 logout+refresh pairs: no token of any session answers afterwards', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(server, `Racer ${i}`)),
    );
    // Each access token checked once first (cached), so a logout's first query is its revocation;
    // the logouts are staggered over the refresh's few round trips to land inside its window.
    for (const s of sessions) {
      expect((await client(undefined, s.token).get('/api/user/profile')).status).toBe(200);
    }
    const outcomes = await Promise.all(
      sessions.map(async (s, i) => {
        const [refresh, logout] = await Promise.all([
          client().post('/api/auth/refresh-access-token', { refresh_token: s.refreshToken }),
          new Promise((r) => setTimeout(r, i % 4)).then(() =>
            client(undefined, s.token).get('/api/auth/logout'),
          ),
        ]);
        return { s, logout, refresh };
      }),
    );
    for (const { s, logout, refresh } of outcomes) {
      expect(logout.status).toBe(200);
      const profile = (token: string) => client(undefined, token).get('/api/user/profile');
      expect((await profile(s.token)).status).toBe(401);
      if (refresh.status === 200) {
        const issued = refresh.body.data;
        expect((await profile(issued.access_token)).status).toBe(401);
        const reused = await client().post('/api/auth/refresh-access-token', {
          refresh_token: issued.refresh_token,
        });
        expect(reused.status).toBe(401);
      } else {
        expect(refresh.status).toBe(401);
      }
    }
  });
});

describe('a deleted user’s token stops working', () => {
  it('HTTP answers 401 (a create-join too, never 500) and the socket is refused and dropped', async () => {
    const user = await signUp(server, 'Gone Soon');
    const api = client(undefined, user.token);
    expect((await api.get('/api/user/profile')).status).toBe(200);
    const socket = await TestClient.connect(server.url, user.token);
    const dropped = new Promise<string>((resolve) => socket.socket.once('disconnect', resolve));

    await server.database.db.delete(users).where(eq(users.id, user.userId));

    const join = await api.post('/api/game/join', { code: nextBoardCode(), create: true });
    expect(join.status).toBe(401);
    expect(join.body.error.code).toBe('UNAUTHORIZED');
    expect((await api.get('/api/user/profile')).status).toBe(401);
    expect(await dropped).toBe('io server disconnect');
    await expect(TestClient.connect(server.url, user.token)).rejects.toThrow('UNAUTHORIZED');
  });

  it('a create-join racing the deletion answers 200 or 401, never 500', async () => {
    const racers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signUp(server, `Racing ${i}`)),
    );
    const answers = await Promise.all(
      racers.flatMap((user) => [
        client(undefined, user.token).post('/api/game/join', {
          code: nextBoardCode(),
          create: true,
        }),
        server.database.db
          .delete(users)
          .where(eq(users.id, user.userId))
          .then(() => ({ status: 0 })),
      ]),
    );
    for (const a of answers.filter((x) => x.status !== 0)) expect([200, 401]).toContain(a.status);
    await waitUntil(async () => {
      const after = await Promise.all(
        racers.map((u) => client(undefined, u.token).get('/api/user/profile')),
      );
      return after.every((a) => a.status === 401);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from './helpers/database.ts';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  changeRoleSchema,
  joinGameSchema,
  loginSchema,
  mayhemCreateSchema,
  mayhemRespondSchema,
  orderbookSchema,
  priceUpdateSchema,
  profileUpdateSchema,
  registerSchema,
  selectRoleSchema,
  sendOtpSchema,
  settingsSchema,
  tradeSchema,
} from '@showdown/shared/api';
import { MAYHEM_PERCENTAGES } from '@showdown/shared/constants';
import { ERROR_CODE } from '@showdown/shared/messages';
import { http, nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { openPhase, setupTable, type Seated, type TableSetup } from './helpers/game.ts';

/**
 * Property-based fuzzing of every REST endpoint. Whatever is sent (wrong
 * types, missing and extra fields, negative, zero, fractional and huge numbers, long strings,
 * NUL and unicode, other games' ids) the answer is a 4xx in the error shape, never a 5xx,
 * and a dump of every table is unchanged afterwards: a rejected request changes nothing.
 */
let server: TestServer;
let running: TableSetup; // started, trade phase open, one open mayhem list
let lobby: TableSetup; // still in the lobby
let stranger: Seated['api']; // signed in, never joined a board
let mayhemId: number;
beforeAll(async () => {
  server = await startTestServer();
  running = await setupTable(server, { investors: 1, start: true });
  lobby = await setupTable(server, { investors: 1 });
  await openPhase(running);
  const bought = await running.investors[0]!.api.post(`/api/game/${running.gameId}/stocks/trade`, {
    stock_id: 1,
    trade_type: 0,
    quantity: 5,
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const created = await running.broker.api.post(`/api/marketMayhem/game/${running.gameId}`, {
    stock_ids: [1],
    percentage: [MAYHEM_PERCENTAGES[0]],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  mayhemId = created.body.data.id;
  stranger = http(server.url, (await signUp(server, 'Stranger Sam')).token, { ip: nextIp() });
});
afterAll(async () => {
  await server?.close();
});

/**
 * Every row of every table, in a stable order. Nothing is excluded: no rejected request writes
 * bookkeeping rows (OTP guesses here never name an existing otp_id, and rate limits live in
 * memory), so the whole database must stay as it was.
 */
function dump(): Promise<string> {
  return dumpDatabase(server.application.context.db);
}

const errorCodes = new Set<string>(Object.values(ERROR_CODE));

function expectRejected(res: { status: number; body: any }, what: string) {
  const context = `${what} -> ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`;
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.body, context).toMatchObject({ success: false, error: expect.any(Object) });
  expect(Object.keys(res.body).sort(), context).toEqual(['error', 'success']);
  expect(errorCodes.has(res.body.error.code), context).toBe(true);
  expect(res.body.error.message, context).toBeTypeOf('string');
  expect(res.body.error.message.length, context).toBeGreaterThan(0);
}

// ---------- arbitraries ----------

const hugeNumber = fc.constantFrom(40000, -40000, 3e9, -3e9, 2 ** 31, 2 ** 53, 1e300, -1e300);
const weirdNumber = fc.oneof(
  hugeNumber,
  fc.constantFrom(0, -0, -1, 0.5, 1.5, -2.25, Number.MIN_VALUE, Number.MAX_VALUE),
  fc.integer({ min: -100, max: -1 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
);
const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    'A\u0000B',
    '1\u00002',
    '🎲🎲',
    'ＡＢＣＤ',
    '٣',
    '0x10',
    '-3',
    '1e3',
    ' 7 ',
    "'; drop table games; --",
    '../../etc/passwd',
    '__proto__',
  ),
  // Long, but inside the 16 kB body limit.
  fc.string({ minLength: 2000, maxLength: 12000 }),
);
/** Any JSON value a field should not hold. */
const wrongValue = fc.oneof(
  weirdNumber,
  weirdText,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), weirdText), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
);
/** A plausible value for a field: valid-looking numbers and strings mixed with wrong ones. */
const fieldValue = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(...MAYHEM_PERCENTAGES, '+', '-', 60, 500000) },
  { weight: 3, arbitrary: wrongValue },
);

/**
 * Bodies built from an endpoint's field names: any subset of the fields (missing ones), extra
 * fields, each holding a plausible or wrong value; also arrays and bare scalars instead of an
 * object. `valid` is the endpoint's schema: only bodies it refuses are kept, so every request
 * must be rejected.
 */
function badBody(fields: string[], valid?: z.ZodType) {
  const field = fc.constantFrom(...fields, 'extra', '__proto__', 'constructor', 'game_id');
  const objectBody = fc.dictionary(field, fieldValue, { maxKeys: fields.length + 2 });
  const arrayFields = fc.record({
    stocks: fc.array(fc.dictionary(field, fieldValue, { maxKeys: 3 }), { maxLength: 9 }),
    stock_ids: fc.array(fieldValue, { maxLength: 9 }),
    percentage: fc.array(fieldValue, { maxLength: 9 }),
  });
  const body = fc.oneof(
    { weight: 6, arbitrary: objectBody },
    { weight: 1, arbitrary: arrayFields },
    { weight: 1, arbitrary: wrongValue },
  );
  return valid ? body.filter((b) => !valid.safeParse(b).success) : body;
}

/** Path ids that name no game (or no mayhem list) the caller may touch. */
const weirdId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '40000',
    '3000000000',
    '3e9',
    '1e300',
    '9'.repeat(40),
    'abc',
    '%00',
    '1%002',
    '%F0%9F%8E%B2',
    '0x10',
    'null',
    '%20',
  ),
  fc.integer({ min: 1, max: 2 ** 31 - 1 }).map(String),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);

/** Each game endpoint, by its method and path under /api. */
interface Endpoint {
  method: 'get' | 'post' | 'put';
  path: (gameId: string, other: string) => string;
  fields?: string[];
  schema?: z.ZodType;
}
const gameEndpoints: Endpoint[] = [
  { method: 'get', path: (g) => `/api/game/${g}/avatars` },
  { method: 'get', path: (g) => `/api/game/${g}/lobby` },
  { method: 'post', path: (g, p) => `/api/game/${g}/remove-player/${p}` },
  { method: 'get', path: (g) => `/api/game/${g}/settings` },
  {
    method: 'post',
    path: (g) => `/api/game/${g}/settings`,
    fields: ['starting_funds', 'payday_increment', 'trade_phase_duration'],
    schema: settingsSchema,
  },
  {
    method: 'post',
    path: (g) => `/api/game/${g}/select-role`,
    fields: ['role', 'avatar_id'],
    schema: selectRoleSchema,
  },
  {
    method: 'post',
    path: (g) => `/api/game/${g}/change-role`,
    fields: ['role', 'avatar_id', 'player_id'],
    schema: changeRoleSchema,
  },
  { method: 'post', path: (g) => `/api/game/${g}/start` },
  { method: 'post', path: (g) => `/api/game/${g}/first-player` },
  { method: 'post', path: (g) => `/api/game/${g}/end` },
  { method: 'get', path: (g) => `/api/game/${g}/showdown` },
  {
    method: 'put',
    path: (g) => `/api/game/${g}/update/orderbook`,
    fields: ['orderbook_status'],
    schema: orderbookSchema,
  },
  { method: 'get', path: (g) => `/api/game/${g}/stocks` },
  {
    method: 'post',
    path: (g) => `/api/game/${g}/stocks`,
    fields: ['stock_id', 'operation', 'value'],
    schema: priceUpdateSchema,
  },
  {
    method: 'post',
    path: (g) => `/api/game/${g}/stocks/trade`,
    fields: ['stock_id', 'trade_type', 'quantity'],
    schema: tradeSchema,
  },
  { method: 'put', path: (g) => `/api/game/${g}/payday` },
  { method: 'get', path: (g) => `/api/game/${g}/user/portfolio` },
  { method: 'get', path: (g) => `/api/game/${g}/prices/history` },
  { method: 'get', path: (g, q) => `/api/game/${g}/transactions?${q}` },
  { method: 'get', path: (g, q) => `/api/game/${g}/history?${q}` },
  {
    method: 'post',
    path: (g) => `/api/marketMayhem/game/${g}`,
    fields: ['stock_ids', 'percentage'],
    schema: mayhemCreateSchema,
  },
  { method: 'get', path: (g) => `/api/marketMayhem/game/${g}` },
];
const mayhemEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: (m) => `/api/marketMayhem/${m}/respond`,
    fields: ['stocks'],
    schema: mayhemRespondSchema,
  },
  { method: 'post', path: (m) => `/api/marketMayhem/${m}/average` },
];

/** The second path segment: a player id for remove-player, a query string for history. */
const secondPart = fc.oneof(
  weirdId,
  fc
    .record({ before: fc.oneof(weirdId, fc.constant('')), limit: weirdId })
    .map((q) => `before=${q.before}&limit=${q.limit}`),
  fc.constantFrom('limit=201', 'limit=0', 'limit=-1', 'before=0', 'limit=1.5', 'limit[]=1'),
);

async function call(api: Seated['api'], endpoint: Endpoint, path: string, body: unknown) {
  if (endpoint.method === 'get') return api.get(path);
  return api[endpoint.method](path, json(body));
}

/** The body as JSON text, so that strings and null reach the server as JSON values. */
function json(body: unknown): string {
  return JSON.stringify(body) ?? '{}';
}

const RUNS = 30;

describe('REST fuzzing: every rejected request is a 4xx in the error shape and changes nothing', () => {
  it('auth calls with bad bodies', async () => {
    const before = await dump();
    // The dump sees the tables and rows the other requests could change.
    for (const table of ['users', 'games', 'players', 'holdings', 'ledger_entries', 'mayhems'])
      expect(JSON.parse(before)[table].length, table).toBeGreaterThan(0);
    const authCalls = [
      {
        path: '/api/auth/send-otp',
        body: badBody(['country_code', 'phone_number'], sendOtpSchema),
      },
      {
        path: '/api/auth/register/sendotp',
        body: badBody(['country_code', 'phone_number'], sendOtpSchema),
      },
      // Any otp_id: none names an existing code (they are random UUIDs).
      { path: '/api/auth/resend-otp', body: badBody(['otp_id']) },
      {
        path: '/api/auth/login',
        body: fc.oneof(
          badBody(['country_code', 'phone_number', 'otp_id', 'otp'], loginSchema),
          fc.record({
            country_code: fc.constant('+91'),
            phone_number: fc.constant(running.investors[0]!.phone),
            otp_id: fc.oneof(
              fc.uuid(),
              weirdText.filter((s) => s.length > 0 && s.length < 65),
            ),
            otp: fc.stringMatching(/^\d{4}$/),
          }),
        ),
      },
      // No phone is verified at the moment: a well-formed registration is refused too.
      {
        path: '/api/auth/register',
        body: fc.oneof(
          badBody(['username', 'country_code', 'phone_number'], registerSchema),
          fc.record({
            username: weirdText,
            country_code: fc.constant('+91'),
            phone_number: fc.oneof(
              fc.stringMatching(/^\d{10}$/),
              fc.constant(running.investors[0]!.phone),
            ),
          }),
        ),
      },
      { path: '/api/auth/refresh-access-token', body: badBody(['refresh_token']) },
    ];
    for (const { path, body } of authCalls) {
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const res = await http(server.url, undefined, { ip: nextIp() }).post(path, json(b));
          expectRejected(res, `POST ${path} ${JSON.stringify(b)?.slice(0, 200)}`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(await dump()).toBe(before);
  });

  it('signed-in calls without a token or with a bad one, and bad profile updates', async () => {
    const before = await dump();
    const badToken = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 300 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
      fc.constant(running.broker.refreshToken), // a refresh token is not an access token
    );
    const paths = fc.constantFrom(
      ['get', '/api/user/profile'],
      ['put', '/api/user/profile'],
      ['get', '/api/avatars'],
      ['get', '/api/auth/logout'],
      ['post', '/api/game/join'],
      ['get', `/api/game/${running.gameId}/lobby`],
      ['post', `/api/game/${running.gameId}/end`],
      ['post', `/api/marketMayhem/${mayhemId}/average`],
    );
    await fc.assert(
      fc.asyncProperty(badToken, paths, async (token, [method, path]) => {
        const api = http(server.url, token || undefined, { ip: nextIp() });
        const res =
          method === 'get'
            ? await api.get(path!)
            : await api[method as 'post' | 'put'](path!, { code: running.code });
        expectRejected(res, `${method} ${path} token ${token}`);
        expect(res.status).toBe(401);
      }),
      { numRuns: RUNS },
    );
    const profileBody = badBody(['username', 'email', 'avatar_id'], profileUpdateSchema);
    await fc.assert(
      fc.asyncProperty(profileBody, async (b) => {
        const res = await running.investors[0]!.api.put('/api/user/profile', json(b));
        expectRejected(res, `PUT /api/user/profile ${JSON.stringify(b)?.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await dump()).toBe(before);
  });

  it('joining a board with a bad body', async () => {
    const before = await dump();
    const joinBody = fc.oneof(
      badBody(['code', 'create'], joinGameSchema),
      fc.record({ code: fc.constant(running.code), create: wrongValue }),
    );
    await fc.assert(
      fc.asyncProperty(joinBody, async (b) => {
        const res = await stranger.post('/api/game/join', json(b));
        expectRejected(res, `POST /api/game/join ${JSON.stringify(b)?.slice(0, 200)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await dump()).toBe(before);
  });

  it('a stranger calling every game endpoint of any game, with any body', async () => {
    const before = await dump();
    const gameId = fc.oneof(fc.constantFrom(String(running.gameId), String(lobby.gameId)), weirdId);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...gameEndpoints, ...mayhemEndpoints),
        gameId,
        fc.oneof(secondPart, fc.constantFrom(String(running.broker.playerId))),
        fc.oneof(badBody(['stock_id', 'quantity', 'role', 'value']), fc.constant({})),
        async (endpoint, id, second, body) => {
          const target = mayhemEndpoints.includes(endpoint) ? String(mayhemId) : id;
          const path = endpoint.path(target, second);
          const res = await call(stranger, endpoint, path, body);
          expectRejected(res, `${endpoint.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await dump()).toBe(before);
  });

  it("seated players calling another game's endpoints, even with valid bodies", async () => {
    const before = await dump();
    const validBodies: Record<string, unknown> = {
      settings: { starting_funds: 600000, payday_increment: 200000, trade_phase_duration: 60 },
      'select-role': { role: 2 },
      'change-role': { role: 2, avatar_id: 7 },
      orderbook: { orderbook_status: 1 },
      stocks: { stock_id: 1, operation: '+', value: 10 },
      trade: { stock_id: 1, trade_type: 0, quantity: 1 },
      [`game/${running.gameId}`]: { stock_ids: [2], percentage: [MAYHEM_PERCENTAGES[0]] },
      [`game/${lobby.gameId}`]: { stock_ids: [2], percentage: [MAYHEM_PERCENTAGES[0]] },
      respond: { stocks: [{ stock_id: 1, percentage: MAYHEM_PERCENTAGES[0] }] },
    };
    const bodyFor = (path: string) => {
      const last = path.split('?')[0]!.split('/').slice(-1)[0]!;
      const key = Object.keys(validBodies).find((k) => path.endsWith(k) || last === k);
      return key ? validBodies[key] : {};
    };
    // The lobby's players call the running game (and its mayhem list), and the reverse.
    const pairs = [
      ...[lobby.broker, lobby.investors[0]!].map((p) => ({ api: p.api, game: running })),
      ...[running.broker, running.investors[0]!].map((p) => ({ api: p.api, game: lobby })),
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pairs),
        fc.constantFrom(...gameEndpoints, ...mayhemEndpoints),
        fc.boolean(),
        async ({ api, game }, endpoint, extra) => {
          const mayhem = mayhemEndpoints.includes(endpoint);
          if (mayhem && game === lobby) return; // the lobby has no list; covered the other way
          const target = mayhem ? String(mayhemId) : String(game.gameId);
          const second = String(game.investors[0]!.playerId);
          const path = endpoint.path(target, endpoint.path('x', 'y').includes('?') ? '' : second);
          const valid = bodyFor(path) as Record<string, unknown>;
          const body = extra ? { ...valid, extra: 'x'.repeat(100), game_id: game.gameId } : valid;
          const res = await call(api, endpoint, path, body);
          expectRejected(res, `${endpoint.method} ${path} ${JSON.stringify(body)}`);
          expect([403, 404]).toContain(res.status);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expect(await dump()).toBe(before);
  });

  it('seated players calling their own game with bad paths, bodies and queries', async () => {
    const before = await dump();
    const withBody = [...gameEndpoints, ...mayhemEndpoints].filter((e) => e.schema);
    const caller = fc.constantFrom(running.broker, running.investors[0]!);
    await fc.assert(
      fc.asyncProperty(
        caller,
        fc.constantFrom(...withBody),
        fc.nat(),
        async (player, endpoint, seed) => {
          const body = fc.sample(badBody(endpoint.fields!, endpoint.schema), {
            numRuns: 1,
            seed,
          })[0];
          const id = mayhemEndpoints.includes(endpoint) ? mayhemId : running.gameId;
          const path = endpoint.path(String(id), '');
          const res = await call(player.api, endpoint, path, body);
          expectRejected(res, `${endpoint.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`);
          expect(res.status).toBe(400);
        },
      ),
      { numRuns: RUNS * 2 },
    );
    // Bad ids in the path, for every endpoint, from someone seated in a real game.
    await fc.assert(
      fc.asyncProperty(
        caller,
        fc.constantFrom(...gameEndpoints, ...mayhemEndpoints),
        weirdId.filter((id) => id !== String(running.gameId) && id !== String(mayhemId)),
        secondPart,
        async (player, endpoint, id, second) => {
          const path = endpoint.path(id, second);
          const res = await call(player.api, endpoint, path, {});
          expectRejected(res, `${endpoint.method} ${path}`);
        },
      ),
      { numRuns: RUNS },
    );
    // Bad history queries and bad player ids on the player's own game.
    await fc.assert(
      fc.asyncProperty(caller, secondPart, fc.boolean(), async (player, second, history) => {
        const path = history
          ? `/api/game/${running.gameId}/history?${second}`
          : `/api/game/${running.gameId}/remove-player/${second}`;
        const res = history
          ? await player.api.get(path)
          : await player.api.post(path, { extra: second });
        // A page query that happens to be valid is a read: it must succeed and change nothing.
        if (res.status === 200) expect(history).toBe(true);
        else expectRejected(res, `${path}`);
      }),
      { numRuns: RUNS },
    );
    expect(await dump()).toBe(before);
  });

  it('investors calling broker calls, and broker calls the state forbids', async () => {
    const before = await dump();
    const inv = running.investors[0]!.api;
    const g = running.gameId;
    const refused: Array<[Seated['api'], 'get' | 'post' | 'put', string, unknown]> = [
      [inv, 'post', `/api/game/${g}/end`, {}],
      [inv, 'put', `/api/game/${g}/payday`, {}],
      [inv, 'post', `/api/game/${g}/stocks`, { stock_id: 1, operation: '+', value: 100 }],
      [inv, 'put', `/api/game/${g}/update/orderbook`, { orderbook_status: 0 }],
      [inv, 'post', `/api/marketMayhem/${mayhemId}/average`, {}],
      [inv, 'post', `/api/marketMayhem/game/${g}`, { stock_ids: [3], percentage: [10] }],
      [inv, 'post', `/api/game/${g}/remove-player/${running.broker.playerId}`, {}],
      [inv, 'post', `/api/game/${g}/settings`, { starting_funds: 600000 }],
      [inv, 'post', `/api/game/${g}/first-player`, {}],
      [running.broker.api, 'post', `/api/game/${g}/start`, {}],
      [running.broker.api, 'post', `/api/game/${g}/select-role`, { role: 2 }],
      [
        running.broker.api,
        'post',
        `/api/game/${g}/stocks/trade`,
        { stock_id: 1, trade_type: 0, quantity: 1 },
      ],
      [
        inv,
        'post',
        `/api/game/${g}/stocks/trade`,
        { stock_id: 1, trade_type: 0, quantity: 1_000_000_000 },
      ],
      [inv, 'post', `/api/game/${g}/stocks/trade`, { stock_id: 2, trade_type: 1, quantity: 1 }],
      [inv, 'post', `/api/game/${g}/stocks/trade`, { stock_id: 9999, trade_type: 0, quantity: 1 }],
    ];
    for (const [api, method, path, body] of refused) {
      const res = method === 'get' ? await api.get(path) : await api[method](path, body);
      expectRejected(res, `${method} ${path} ${JSON.stringify(body)}`);
    }
    expect(await dump()).toBe(before);
  });

  it('an oversized body and malformed JSON are refused with the same shape', async () => {
    const before = await dump();
    const inv = running.investors[0]!;
    const post = async (path: string, raw: string, type = 'application/json') => {
      const res = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': type, authorization: `Bearer ${inv.token}` },
        body: raw,
      });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) as unknown };
    };
    const trade = `/api/game/${running.gameId}/stocks/trade`;
    const huge = JSON.stringify({
      stock_id: 1,
      trade_type: 0,
      quantity: 1,
      pad: 'x'.repeat(1024 * 1024),
    });
    const big = await post(trade, huge);
    expectRejected(big, 'oversized body');
    expect(big.status).toBe(413);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom('{', '{"stock_id":1,', 'nul\u0000l', '[1,2', '"\\ud800"', '{"a":1}}'),
          fc.string({ maxLength: 60 }).filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          }),
        ),
        async (raw) => {
          expectRejected(await post(trade, raw), `raw ${JSON.stringify(raw)}`);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await dump()).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { setupTable, type TableSetup } from './helpers/game.ts';

/** Every broker-only call, tried as an investor, as a player of another game, and with no token. */
let server: TestServer;
let table: TableSetup;
let other: TableSetup;
let mayhemId: number;

beforeAll(async () => {
  server = await startTestServer();
  table = await setupTable(server, { investors: 1, start: true });
  other = await setupTable(server, { investors: 1, start: true });
  const created = await table.broker.api.post(`/api/marketMayhem/game/${table.gameId}`, {
    stock_ids: [1],
    percentage: [5],
  });
  mayhemId = created.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

const named = { gameId: ':id', investors: [{ playerId: ':player' }] } as unknown as TableSetup;

type Call = [method: 'get' | 'post' | 'put', path: (t: TableSetup) => string, body?: unknown];

const brokerOnly: Call[] = [
  [
    'post',
    (t) => `/api/game/${t.gameId}/settings`,
    { starting_funds: 500000, payday_increment: 100000, trade_phase_duration: 60 },
  ],
  ['post', (t) => `/api/game/${t.gameId}/remove-player/${t.investors[0]!.playerId}`],
  ['post', (t) => `/api/game/${t.gameId}/start`],
  ['post', (t) => `/api/game/${t.gameId}/first-player`],
  ['put', (t) => `/api/game/${t.gameId}/update/orderbook`, { orderbook_status: 1 }],
  ['post', (t) => `/api/game/${t.gameId}/stocks`, { stock_id: 1, operation: '+', value: 5 }],
  ['put', (t) => `/api/game/${t.gameId}/payday`],
  ['post', (t) => `/api/game/${t.gameId}/end`],
  ['post', (t) => `/api/marketMayhem/game/${t.gameId}`, { stock_ids: [2], percentage: [5] }],
  ['post', () => `/api/marketMayhem/${mayhemId}/average`],
];

const seatedCalls: Call[] = [
  ['get', (t) => `/api/game/${t.gameId}/lobby`],
  ['get', (t) => `/api/game/${t.gameId}/settings`],
  ['get', (t) => `/api/game/${t.gameId}/stocks`],
  ['get', (t) => `/api/game/${t.gameId}/user/portfolio`],
  ['get', (t) => `/api/game/${t.gameId}/transactions`],
  ['get', (t) => `/api/game/${t.gameId}/showdown`],
  [
    'post',
    (t) => `/api/game/${t.gameId}/stocks/trade`,
    { stock_id: 1, trade_type: 0, quantity: 1 },
  ],
  ['post', (t) => `/api/game/${t.gameId}/change-role`, { role: 2 }],
  ['get', (t) => `/api/marketMayhem/game/${t.gameId}`],
  [
    'post',
    () => `/api/marketMayhem/${mayhemId}/respond`,
    { stocks: [{ stock_id: 1, percentage: 5 }] },
  ],
];

async function snapshot() {
  const api = table.broker.api;
  return {
    stocks: (await api.get(`/api/game/${table.gameId}/stocks`)).body.data,
    settings: (await api.get(`/api/game/${table.gameId}/settings`)).body.data,
    lobby: (await api.get(`/api/game/${table.gameId}/lobby`)).body.data,
    portfolio: (await table.investors[0]!.api.get(`/api/game/${table.gameId}/user/portfolio`)).body
      .data,
  };
}

describe('authorization matrix', () => {
  it.each(brokerOnly.map((c) => [`${c[0].toUpperCase()} ${c[1](named)}`, c] as const))(
    '%s is refused to an investor (403 FORBIDDEN), an outsider (403) and no token (401)',
    async (_name, [method, path, body]) => {
      const before = await snapshot();
      const asInvestor = await table.investors[0]!.api[method](path(table), body);
      expect(asInvestor.status).toBe(403);
      expect(asInvestor.body.error.code).toBe('FORBIDDEN');
      const asOtherBroker = await other.broker.api[method](path(table), body);
      expect(asOtherBroker.status).toBe(403);
      expect(asOtherBroker.body.error.code).toBe('FORBIDDEN');
      const anonymous = await http(server.url)[method](path(table), body);
      expect(anonymous.status).toBe(401);
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(seatedCalls.map((c) => [`${c[0].toUpperCase()} ${c[1](named)}`, c] as const))(
    '%s is refused to a player of another game and to no token',
    async (_name, [method, path, body]) => {
      const outsider = await other.investors[0]!.api[method](path(table), body);
      expect(outsider.status).toBe(403);
      expect(outsider.body.error.code).toBe('FORBIDDEN');
      const anonymous = await http(server.url)[method](path(table), body);
      expect(anonymous.status).toBe(401);
      const forged = await http(server.url, 'eyJhbGciOiJub25lIn0.eyJzdWIiOjF9.')[method](
        path(table),
        body,
      );
      expect(forged.status).toBe(401);
    },
  );

  it('answers a signed-in stranger with 403 FORBIDDEN, which the client must not take for expiry', async () => {
    const stranger = http(server.url, (await signUp(server, 'Stranger')).token);
    const res = await stranger.get(`/api/game/${table.gameId}/lobby`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: 'You are not a player in this game.' },
    });
  });
});

import os from 'node:os';
import { lanAddresses } from '../src/http/public-config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyGameEvent, applyPresence } from '@showdown/shared/game-state';
import type { GameEventName, PresencePayload } from '@showdown/shared/protocol';
import {
  SPECTATOR_EVENT_FIELDS,
  SPECTATOR_SNAPSHOT_FIELDS,
  allowlistViolations,
  isGameEventName,
  type SpectatorEventName,
  type SpectatorSnapshot,
} from '@showdown/shared/spectator';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, seat, setupTable } from './helpers/game.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Whatever the allowlist says, these never reach a spectator (checked independently of it). */
const NEVER =
  /"(user_id|userId|phone_number|country_code|cash_paise|current_balance|portfolio|holdings|total_quantity|total_balance|market_value|starting_funds|access_token|refresh_token|token|my_response|responded)"/;

async function spectate(client: TestClient, code: string): Promise<SpectatorSnapshot> {
  const res = await client.emit<SpectatorSnapshot>('board:spectate', { code });
  if ('error' in res) throw new Error(res.error.message);
  return res.data;
}

/** A spectator's model of the game, kept by the shared reducer from what its socket receives. */
function follow(client: TestClient, snapshot: SpectatorSnapshot) {
  let state = snapshot;
  let applied = client.received.length;
  return () => {
    while (applied < client.received.length) {
      const { name, payload } = client.received[applied++]!;
      if (name === 'presence:changed') state = applyPresence(state, payload as PresencePayload);
      else if (isGameEventName(name)) {
        const r = applyGameEvent(state, name as GameEventName, payload);
        if (r.kind === 'gap') throw new Error(`gap at ${name} ${payload.seq}`);
        if (r.kind === 'applied') state = r.state;
      }
    }
    return state;
  };
}

describe('the spectator sees only allowlisted fields', () => {
  it('in its snapshots and in every event of a whole game', async () => {
    const table = await setupTable(server, { investors: 2 });
    const gid = table.gameId;
    const b = table.broker.api;
    const [alice, bob] = table.investors as [
      (typeof table.investors)[0],
      (typeof table.investors)[0],
    ];
    const tv = await TestClient.connect(server.url);
    const snapshots: SpectatorSnapshot[] = [await spectate(tv, table.code)];
    const view = follow(tv, snapshots[0]!);
    const phones = [
      await TestClient.connect(server.url, alice.token),
      await TestClient.connect(server.url, bob.token),
    ];
    for (const p of phones) await p.snapshot('game:join', gid);

    const newcomer = await seat(server, table.code, 'Newcomer', 2);
    await alice.api.post(`/api/game/${gid}/change-role`, { role: 2, avatar_id: 6 });
    await b.post(`/api/game/${gid}/settings`, {
      starting_funds: 700000,
      payday_increment: 300000,
      trade_phase_duration: 60,
    });
    await b.post(`/api/game/${gid}/remove-player/${newcomer.playerId}`);
    expect((await b.post(`/api/game/${gid}/start`)).status).toBe(200);
    await b.post(`/api/game/${gid}/first-player`);
    await b.post(`/api/game/${gid}/stocks`, { stock_id: 3, operation: '-', value: 8 });
    await openPhase(table);
    await alice.api.post(`/api/game/${gid}/stocks/trade`, {
      stock_id: 3,
      trade_type: 0,
      quantity: 5,
    });
    snapshots.push(await spectate(await TestClient.connect(server.url), table.code));
    await b.put(`/api/game/${gid}/update/orderbook`, { orderbook_status: 0 });
    await b.put(`/api/game/${gid}/payday`);
    const list = await b.post(`/api/marketMayhem/game/${gid}`, {
      stock_ids: [1, 3],
      percentage: [5, -3],
    });
    snapshots.push(await spectate(await TestClient.connect(server.url), table.code));
    await bob.api.post(`/api/marketMayhem/${list.body.data.id}/respond`, {
      stocks: [{ stock_id: 1, percentage: 5 }],
    });
    await b.post(`/api/marketMayhem/${list.body.data.id}/average`);
    phones[1]!.close(); // bob goes offline
    await tv.waitFor('presence:changed', (p) => !p.online.includes(bob.playerId));
    await b.post(`/api/game/${gid}/end`);
    await tv.waitFor('game:ended');
    snapshots.push(await spectate(await TestClient.connect(server.url), table.code));

    const names = new Set(tv.received.map((r) => r.name));
    for (const name of [
      'lobby:joined',
      'player:updated',
      'settings:changed',
      'player:removed',
      'game:started',
      'firstPlayer:picked',
      'price:updated',
      'phase:started',
      'phase:ended',
      'payday:given',
      'mayhem:created',
      'mayhem:responded',
      'mayhem:averaged',
      'game:ended',
      'presence:changed',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(names).not.toContain('portfolio:updated');
    for (const { name, payload } of tv.received) {
      const allow = SPECTATOR_EVENT_FIELDS[name as SpectatorEventName];
      expect(allow, `unexpected event ${name}`).toBeDefined();
      expect(allowlistViolations(payload, allow), name).toEqual([]);
      expect(JSON.stringify(payload), name).not.toMatch(NEVER);
      // Net worth only once the game has ended.
      if (name !== 'game:ended') expect(JSON.stringify(payload), name).not.toMatch(/"balance"/);
    }
    for (const snap of snapshots) {
      expect(allowlistViolations(snap, SPECTATOR_SNAPSHOT_FIELDS)).toEqual([]);
      expect(JSON.stringify(snap)).not.toMatch(NEVER);
      if (snap.game.status !== 3) expect(snap.ranking).toBeNull();
      expect(snap.me).toBeNull();
    }
    // The spectator's own model, built from what it received, is the server's spectator view.
    const last = snapshots[snapshots.length - 1]!;
    expect(last.ranking!.map((r) => r.username).sort()).toEqual(['Investor 1', 'Investor 2']);
    expect(view()).toEqual(last);
    for (const c of [tv, ...phones]) c.close();
  });
});

describe('price history', () => {
  it('keeps the openings, each update and each mayhem move; players read it, events carry it', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const gid = table.gameId;
    const tv = await TestClient.connect(server.url);
    const start = await spectate(tv, table.code);
    expect(start.price_history).toHaveLength(8);
    expect(start.price_history.every((p) => p.cause === 'opening')).toBe(true);
    expect(start.price_history.find((p) => p.stock_id === 2)).toMatchObject({ price: 280 });

    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 2,
      operation: '+',
      value: 10,
    });
    const moved = await tv.waitFor('price:updated');
    expect(moved.point).toMatchObject({ stock_id: 2, price: 308, cause: 'update' });
    const list = await table.broker.api.post(`/api/marketMayhem/game/${gid}`, {
      stock_ids: [2],
      percentage: [-5],
    });
    await table.investors[0]!.api.post(`/api/marketMayhem/${list.body.data.id}/respond`, {
      stocks: [{ stock_id: 2, percentage: -5 }],
    });
    await table.broker.api.post(`/api/marketMayhem/${list.body.data.id}/average`);
    const averaged = await tv.waitFor('mayhem:averaged');
    expect(averaged.points).toEqual([
      { stock_id: 2, price: 292.6, at: expect.any(String), cause: 'mayhem' },
    ]);

    const read = await table.investors[0]!.api.get(`/api/game/${gid}/prices/history`);
    expect(read.status).toBe(200);
    const history = read.body.data as Array<{ stock_id: number; price: number; cause: string }>;
    expect(history.filter((p) => p.stock_id === 2).map((p) => [p.price, p.cause])).toEqual([
      [280, 'opening'],
      [308, 'update'],
      [292.6, 'mayhem'],
    ]);
    expect(history).toHaveLength(10);
    const times = history.map((p) => Date.parse((p as unknown as { at: string }).at));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const broker = await table.broker.api.get(`/api/game/${gid}/prices/history`);
    expect(broker.body.data).toEqual(history);
    expect((await spectate(tv, table.code)).price_history).toEqual(history);

    // players only, and nothing else answers for an unknown game
    const stranger = await signUp(server, 'Stranger');
    expectError(await http(server.url, stranger.token).get(`/api/game/${gid}/prices/history`), 403);
    expectError(await http(server.url).get(`/api/game/${gid}/prices/history`), 401);
    expectError(await table.broker.api.get(`/api/game/2000000000/prices/history`), 404);
    expectError(await table.broker.api.get(`/api/game/abc/prices/history`), 404);

    // still readable once the game has ended
    await table.broker.api.post(`/api/game/${gid}/end`);
    const after = await table.investors[0]!.api.get(`/api/game/${gid}/prices/history`);
    expect(after.body.data).toEqual(history);
    tv.close();
  });

  it('a lobby has no history yet', async () => {
    const table = await setupTable(server, { investors: 1 });
    const read = await table.broker.api.get(`/api/game/${table.gameId}/prices/history`);
    expect(read.body).toEqual({ success: true, data: [] });
  });
});

describe('presence', () => {
  it('tells players and spectators who is connected, and the snapshots say so too', async () => {
    const table = await setupTable(server, { investors: 2 });
    const gid = table.gameId;
    const [alice, bob] = table.investors as [
      (typeof table.investors)[0],
      (typeof table.investors)[0],
    ];
    const tv = await TestClient.connect(server.url);
    expect((await spectate(tv, table.code)).online).toEqual([]);

    const brokerPhone = await TestClient.connect(server.url, table.broker.token);
    const own = await brokerPhone.snapshot('game:join', gid);
    expect(own.online).toEqual([table.broker.playerId]);
    await tv.waitFor('presence:changed', (p) => p.online.includes(table.broker.playerId));

    const alicePhone = await TestClient.connect(server.url, alice.token);
    await alicePhone.snapshot('game:join', gid);
    const both = [table.broker.playerId, alice.playerId].sort((x, y) => x - y);
    const seen = await brokerPhone.waitFor('presence:changed', (p) => p.online.length === 2);
    expect(seen).toEqual({ game_id: gid, online: both });
    expect((await spectate(tv, table.code)).online).toEqual(both);
    expect((await spectate(tv, table.code)).online).not.toContain(bob.playerId);

    // a second device of the same player does not make her offline when it closes
    const aliceLaptop = await TestClient.connect(server.url, alice.token);
    await aliceLaptop.snapshot('game:join', gid);
    aliceLaptop.close();
    await waitUntil(
      () => tv.received.filter((r) => r.name === 'presence:changed').length >= 3,
      5000,
      'presence after the laptop left',
    );
    expect((await spectate(tv, table.code)).online).toEqual(both);

    alicePhone.close();
    await tv.waitFor('presence:changed', (p) => p.online.join() === `${table.broker.playerId}`);
    await brokerPhone.emit('game:leave', { game_id: gid });
    await tv.waitFor('presence:changed', (p) => p.online.length === 0);
    expect((await spectate(tv, table.code)).online).toEqual([]);
    for (const c of [tv, brokerPhone]) c.close();
  });
});

describe('following a board', () => {
  it('moves the spectator to the new game when the board restarts', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const tv = await TestClient.connect(server.url);
    expect((await spectate(tv, table.code)).game.id).toBe(table.gameId);
    await table.broker.api.post(`/api/game/${table.gameId}/end`);
    await tv.waitFor('game:ended');
    expect((await spectate(tv, table.code)).game.status).toBe(3);

    const again = await table.broker.api.post('/api/game/join', { code: table.code });
    const next = again.body.data.game_id as number;
    expect(next).not.toBe(table.gameId);
    expect(await tv.waitFor('board:moved')).toEqual({ code: table.code, game_id: next });
    const fresh = await spectate(tv, table.code);
    expect(fresh.game).toMatchObject({ id: next, status: 1 });
    // it now hears the new game, and no longer the old one
    await table.broker.api.post(`/api/game/${next}/select-role`, { role: 1 });
    expect((await tv.waitFor('lobby:joined')).game_id).toBe(next);
    tv.close();
  });

  it('refuses an unknown board with a clear error', async () => {
    const tv = await TestClient.connect(server.url);
    expect(await tv.emit('board:spectate', { code: 'ZZZ9' })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    tv.close();
  });
});

describe('GET /api/config', () => {
  it('answers the request origin by default, a LAN address for a loopback request', async () => {
    // The test reaches the server on a loopback host: the answer is the machine's first LAN
    // address on the same port where it has one (a phone can open it), else the request's origin.
    const [lan] = lanAddresses(os.networkInterfaces());
    const expected = new URL(server.url);
    if (lan) expected.hostname = lan;
    const res = await http(server.url).get('/api/config');
    expect(res.body).toEqual({ success: true, data: { public_url: expected.origin } });
  });

  it('answers PUBLIC_URL when configured', async () => {
    const other = await startTestServer({ env: { PUBLIC_URL: 'https://showdown.example/' } });
    try {
      const res = await http(other.url).get('/api/config');
      expect(res.body.data).toEqual({ public_url: 'https://showdown.example' });
    } finally {
      await other.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io } from 'socket.io-client';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { openPhase, seat, setupTable, type Seated, type TableSetup } from './helpers/game.ts';
import { GameView, TestClient, waitUntil } from './helpers/sockets.ts';
import { isGameEventName } from '@showdown/shared/spectator';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const PRIVATE_FIELDS =
  /"(cash_paise|current_balance|portfolio|phone_number|country_code|access_token|refresh_token|token)"/;

describe('handshake', () => {
  it('refuses a garbage token and an expired-looking token with a reason, and accepts spectators', async () => {
    await expect(TestClient.connect(server.url, 'not-a-jwt')).rejects.toThrow('UNAUTHORIZED');
    await expect(TestClient.connect(server.url, 'x', { protocol: 999 })).rejects.toThrow(
      'PROTOCOL_MISMATCH',
    );
    const spectator = await TestClient.connect(server.url);
    const res = await spectator.emit('game:join', { game_id: 1 });
    expect(res).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    spectator.close();
  });

  it('answers malformed payloads, unknown events and floods with errors, never a crash', async () => {
    const user = await signUp(server, 'Fuzzer');
    const client = await TestClient.connect(server.url, user.token);
    for (const bad of [
      null,
      'x',
      { game_id: 'abc' },
      { game_id: -1 },
      { game_id: 1.5 },
      [],
      { code: 12 },
    ]) {
      expect(await client.emit('game:join', bad)).toMatchObject({ error: { code: 'VALIDATION' } });
      expect(await client.emit('board:spectate', bad)).toMatchObject({
        error: { code: 'VALIDATION' },
      });
    }
    expect(await client.emit('game:delete' as never, { game_id: 1 })).toMatchObject({
      error: { code: 'VALIDATION' },
    });
    expect(await client.emit('game:join', { game_id: 2_000_000_000 })).toMatchObject({
      error: { code: 'NOT_FOUND' },
    });
    const flood = await Promise.all(
      Array.from({ length: 60 }, () => client.emit('game:join', { game_id: 1 })),
    );
    expect(flood.some((r) => 'error' in r && r.error.code === 'RATE_LIMITED')).toBe(true);
    client.close();
    // an oversized message closes that socket only; the server keeps serving
    const big = await TestClient.connect(server.url, user.token);
    const closed = new Promise<string>((resolve) =>
      big.socket.on('disconnect', (reason) => resolve(reason)),
    );
    big.socket.emit(
      'game:join',
      { game_id: 1, pad: 'x'.repeat(64 * 1024) } as never,
      () => undefined,
    );
    expect(await closed).toBe('transport close'); // the server dropped that connection
    expect((await http(server.url).get('/healthz')).status).toBe(200);
  });
});

describe('delivery: members and spectators get public events, nobody else does', () => {
  let table: TableSetup;
  let other: TableSetup;
  let clients: {
    broker: TestClient;
    a: TestClient;
    b: TestClient;
    spectator: TestClient;
    stranger: TestClient;
    outsider: TestClient;
  };

  beforeAll(async () => {
    table = await setupTable(server, { investors: 2 });
    other = await setupTable(server, { investors: 1 });
    const outsiderUser = await signUp(server, 'Nosy');
    clients = {
      broker: await TestClient.connect(server.url, table.broker.token),
      a: await TestClient.connect(server.url, table.investors[0]!.token),
      b: await TestClient.connect(server.url, table.investors[1]!.token),
      spectator: await TestClient.connect(server.url),
      stranger: await TestClient.connect(server.url, other.investors[0]!.token),
      outsider: await TestClient.connect(server.url, outsiderUser.token),
    };
    for (const c of [clients.broker, clients.a, clients.b])
      await c.snapshot('game:join', table.gameId);
    const spectated = await clients.spectator.emit<any>('board:spectate', {
      code: table.code.toLowerCase(),
    });
    expect('data' in spectated && spectated.data.me).toBeNull();
    await clients.stranger.snapshot('game:join', other.gameId);
    const refused = await clients.outsider.emit('game:join', { game_id: table.gameId });
    expect(refused).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
  afterAll(() => Object.values(clients).forEach((c) => c.close()));

  const members = () => [clients.broker, clients.a, clients.b, clients.spectator];
  const others = () => [clients.stranger, clients.outsider];

  async function expectPublic(name: string, where: (p: any) => boolean = () => true) {
    const payloads = await Promise.all(members().map((c) => c.waitFor(name, where)));
    for (const p of payloads) expect(p.game_id).toBe(table.gameId);
    await new Promise((r) => setTimeout(r, 50));
    for (const c of others())
      expect(c.received.filter((r) => r.name === name && where(r.payload))).toEqual([]);
    return payloads[0];
  }

  it('carries every kind of public event, in seq order, and private ones to their owner only', async () => {
    const gid = table.gameId;
    const newcomer: Seated = await seat(server, table.code, 'Newcomer', 2);
    expect((await expectPublic('lobby:joined')).player).toMatchObject({
      username: 'Newcomer',
      role: 2,
    });
    await table.investors[0]!.api.post(`/api/game/${gid}/change-role`, { role: 2, avatar_id: 6 });
    expect((await expectPublic('player:updated')).player).toMatchObject({ avatar_id: 6 });
    await table.broker.api.post(`/api/game/${gid}/settings`, {
      starting_funds: 700000,
      payday_increment: 100000,
      trade_phase_duration: 60,
    });
    expect((await expectPublic('settings:changed')).settings.starting_funds).toBe(700000);
    await table.broker.api.post(`/api/game/${gid}/remove-player/${newcomer.playerId}`);
    expect(await expectPublic('player:removed')).toMatchObject({
      player_id: newcomer.playerId,
    });
    await table.broker.api.post(`/api/game/${gid}/start`);
    expect((await expectPublic('game:started')).stocks).toHaveLength(8);
    await clients.a.waitFor('portfolio:updated');
    await clients.b.waitFor('portfolio:updated');
    await table.broker.api.post(`/api/game/${gid}/first-player`);
    await expectPublic('firstPlayer:picked');
    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 2,
      operation: '+',
      value: 10,
    });
    expect(await expectPublic('price:updated')).toMatchObject({
      stock_id: 2,
      previous_price: 280,
      price: 308,
      percentage: 10,
    });
    const phase = await openPhase(table);
    expect((await expectPublic('phase:started')).ends_at).toBe(phase.ends_at);
    const before = {
      a: clients.a.count('portfolio:updated'),
      b: clients.b.count('portfolio:updated'),
    };
    await table.investors[0]!.api.post(`/api/game/${gid}/stocks/trade`, {
      stock_id: 2,
      trade_type: 0,
      quantity: 10,
    });
    const mine = await clients.a.waitFor(
      'portfolio:updated',
      (p) => p.portfolio.current_balance === 700000 - 3080,
    );
    expect(mine.game_id).toBe(gid);
    expect(clients.b.count('portfolio:updated')).toBe(before.b);
    await table.broker.api.put(`/api/game/${gid}/update/orderbook`, { orderbook_status: 0 });
    await expectPublic('phase:ended');
    await table.broker.api.put(`/api/game/${gid}/payday`);
    expect(await expectPublic('payday:given')).toMatchObject({ amount: 100000, paydays_given: 1 });
    await waitUntil(
      () => clients.b.count('portfolio:updated') === before.b + 1,
      5000,
      'payday portfolio',
    );
    const created = await table.broker.api.post(`/api/marketMayhem/game/${gid}`, {
      stock_ids: [1, 2],
      percentage: [5, -3],
    });
    expect((await expectPublic('mayhem:created')).mayhem).toMatchObject({
      id: created.body.data.id,
      responses_count: 0,
    });
    await table.investors[1]!.api.post(`/api/marketMayhem/${created.body.data.id}/respond`, {
      stocks: [{ stock_id: 1, percentage: 5 }],
    });
    expect(await expectPublic('mayhem:responded')).toMatchObject({ responses_count: 1 });
    await table.broker.api.post(`/api/marketMayhem/${created.body.data.id}/average`);
    expect((await expectPublic('mayhem:averaged')).changes).toEqual([
      { stock_id: 1, previous_price: 450, price: 472.5, percentage: 5 },
    ]);
    await table.broker.api.post(`/api/game/${gid}/end`);
    expect((await expectPublic('game:ended')).ranking).toHaveLength(2);

    for (const c of members()) {
      // Only game events carry a seq (not portfolio or presence updates).
      const seqs = c.received.filter((r) => isGameEventName(r.name)).map((r) => r.payload.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(clients.broker.count('portfolio:updated')).toBe(0);
    expect(clients.spectator.count('portfolio:updated')).toBe(0);
    expect(JSON.stringify(clients.spectator.received)).not.toMatch(PRIVATE_FIELDS);
    expect(clients.outsider.received).toEqual([]);
  });

  it('tells a removed player, and takes their devices out of the room', async () => {
    const t = await setupTable(server, { investors: 2 });
    const kicked = await TestClient.connect(server.url, t.investors[1]!.token);
    const staying = await TestClient.connect(server.url, t.investors[0]!.token);
    await kicked.snapshot('game:join', t.gameId);
    await staying.snapshot('game:join', t.gameId);
    await t.broker.api.post(`/api/game/${t.gameId}/remove-player/${t.investors[1]!.playerId}`);
    expect(await kicked.waitFor('player:removed')).toMatchObject({});
    await t.broker.api.post(`/api/game/${t.gameId}/settings`, {
      starting_funds: 500000,
      payday_increment: 100000,
      trade_phase_duration: 75,
    });
    await staying.waitFor('settings:changed');
    await new Promise((r) => setTimeout(r, 100));
    expect(kicked.count('settings:changed')).toBe(0);
    expect(await kicked.emit('game:resync', { game_id: t.gameId })).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    kicked.close();
    staying.close();
  });
});

describe('nine devices through a scripted game', () => {
  it("after every step each device's view equals the server's snapshot", async () => {
    const table = await setupTable(server, { investors: 6 });
    const gid = table.gameId;
    const people: Seated[] = [table.broker, ...table.investors];
    const devices: Array<{ who: Seated | null; view: GameView }> = [];
    for (const who of people) {
      devices.push({
        who,
        view: await new GameView(await TestClient.connect(server.url, who.token), gid).join(),
      });
    }
    // investor 1's second device (a laptop beside the phone), and the table's TV
    devices.push({
      who: table.investors[0]!,
      view: await new GameView(
        await TestClient.connect(server.url, table.investors[0]!.token),
        gid,
      ).join(),
    });
    const tv = await TestClient.connect(server.url);
    const tvView = new GameView(tv, gid);
    tvView.state = ((await tv.emit<any>('board:spectate', { code: table.code })) as any).data;
    devices.push({ who: null, view: tvView });
    expect(devices).toHaveLength(9);

    const auditor = await TestClient.connect(server.url);
    const serverView = async (who: Seated | null) => {
      if (!who)
        return ((await auditor.emit<any>('board:spectate', { code: table.code })) as any).data;
      const c = await TestClient.connect(server.url, who.token);
      try {
        return await c.snapshot('game:resync', gid);
      } finally {
        c.close();
      }
    };
    const check = async (step: string) => {
      const expectedSeq = (await serverView(null)).seq;
      for (const d of devices) {
        await waitUntil(
          async () => (await d.view.catchUp()).seq >= expectedSeq,
          5000,
          `${step}: seq ${expectedSeq}`,
        );
      }
      // Private updates and presence are sent after the public event (presence carries no seq):
      // each device's view must come to the server's from what it is sent, within 5 s.
      for (const d of devices) {
        await vi.waitFor(
          async () => {
            const expected = await serverView(d.who);
            expect(await d.view.catchUp(), `${step} (${d.who?.username ?? 'TV'})`).toEqual(
              expected,
            );
          },
          { timeout: 5000, interval: 30 },
        );
      }
    };

    const b = table.broker.api;
    const inv = table.investors;
    await b.post(`/api/game/${gid}/settings`, {
      starting_funds: 1000000,
      payday_increment: 500000,
      trade_phase_duration: 180,
    });
    await check('settings');
    await b.post(`/api/game/${gid}/start`);
    await check('start');
    await b.post(`/api/game/${gid}/first-player`);
    await check('first player');
    await b.post(`/api/game/${gid}/stocks`, { stock_id: 1, operation: '+', value: 12 });
    await b.post(`/api/game/${gid}/stocks`, { stock_id: 5, operation: '-', value: 7 });
    await check('prices');
    await openPhase(table);
    await check('phase opened');
    await Promise.all(
      inv.map((i, n) =>
        i.api.post(`/api/game/${gid}/stocks/trade`, {
          stock_id: (n % 8) + 1,
          trade_type: 0,
          quantity: 10 + n,
        }),
      ),
    );
    await check('trades');
    await b.post(`/api/game/${gid}/stocks`, { stock_id: 1, operation: '-', value: 3 });
    await check('price after trades');
    await inv[0]!.api.post(`/api/game/${gid}/stocks/trade`, {
      stock_id: 1,
      trade_type: 1,
      quantity: 4,
    });
    await b.put(`/api/game/${gid}/update/orderbook`, { orderbook_status: 0 });
    await check('phase closed');
    await b.put(`/api/game/${gid}/payday`);
    await check('payday');
    const list = await b.post(`/api/marketMayhem/game/${gid}`, {
      stock_ids: [1, 2, 3],
      percentage: [16, -15, 4],
    });
    await check('mayhem created');
    for (const [n, picks] of [
      [0, [{ stock_id: 1, percentage: 16 }]],
      [
        1,
        [
          { stock_id: 1, percentage: -15 },
          { stock_id: 2, percentage: 4 },
        ],
      ],
      [2, [{ stock_id: 3, percentage: 16 }]],
    ] as const) {
      await inv[n]!.api.post(`/api/marketMayhem/${list.body.data.id}/respond`, { stocks: picks });
      for (const d of devices)
        if (d.who?.userId === inv[n]!.userId) d.view.state.me!.mayhem_responded = true;
    }
    await check('mayhem answered');
    await b.post(`/api/marketMayhem/${list.body.data.id}/average`);
    await check('mayhem averaged');
    await b.post(`/api/game/${gid}/end`);
    await check('ended');
    expect(devices.every((d) => d.view.resyncs === 0)).toBe(true);
    for (const d of devices) d.view.client.close();
    auditor.close();
  });
});

describe('resync after missed events', () => {
  it('a device offline during three price updates comes back with the right prices and seq', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const gid = table.gameId;
    const phone = await new GameView(
      await TestClient.connect(server.url, table.investors[0]!.token),
      gid,
    ).join();
    const seqBefore = phone.state.seq;
    phone.client.close();
    for (const value of [5, 6, 7]) {
      await table.broker.api.post(`/api/game/${gid}/stocks`, {
        stock_id: 3,
        operation: '+',
        value,
      });
    }
    // no recovery (a new socket): the device asks for a snapshot
    const again = await new GameView(
      await TestClient.connect(server.url, table.investors[0]!.token),
      gid,
    ).join();
    expect(again.state.seq).toBe(seqBefore + 3);
    expect(again.state.stocks.find((s) => s.stock_id === 3)!.current_price).toBe(1488.64);
    again.client.close();
  });

  it('a device that sees a seq gap asks for a snapshot and lands on the server state', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const gid = table.gameId;
    const view = await new GameView(
      await TestClient.connect(server.url, table.investors[0]!.token),
      gid,
    ).join();
    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 4,
      operation: '-',
      value: 10,
    });
    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 4,
      operation: '-',
      value: 10,
    });
    await view.client.waitFor('price:updated', (p) => p.price === 696.6);
    // Lose the first price update (a presence event may arrive before or after the join's answer).
    const first = view.client.received.findIndex((r) => r.name === 'price:updated');
    view.client.received.splice(first, 1);
    const state = await view.catchUp();
    expect(view.resyncs).toBe(1);
    expect(state.stocks.find((s) => s.stock_id === 4)!.current_price).toBe(696.6);
    view.client.close();
  });

  it('Connection State Recovery replays what a briefly dropped socket missed', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const gid = table.gameId;
    const socket = io(server.url, {
      auth: { token: table.investors[0]!.token },
      transports: ['websocket'],
      reconnectionDelay: 50,
    });
    const client = new TestClient(socket as never);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    const view = await new GameView(client, gid).join();
    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 6,
      operation: '+',
      value: 1,
    });
    await client.waitFor('price:updated');
    // Listen first: the reconnection may land before the price update's answer does.
    const reconnected = new Promise<void>((r) => socket.once('connect', () => r()));
    socket.io.engine.close(); // the network drops; the client reconnects by itself
    await table.broker.api.post(`/api/game/${gid}/stocks`, {
      stock_id: 6,
      operation: '+',
      value: 2,
    });
    await reconnected;
    expect(socket.recovered).toBe(true);
    await client.waitFor('price:updated', (p) => p.percentage === 2);
    const state = await view.catchUp();
    expect(view.resyncs).toBe(0);
    expect(state.stocks.find((s) => s.stock_id === 6)!.current_price).toBe(200.89);
    socket.disconnect();
  });
});

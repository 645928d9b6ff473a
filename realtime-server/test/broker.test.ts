/**
 * A new broker: the broker's handover, a seated player's claim once the broker's
 * devices have all been away for 60 s (a fake clock), the roles each seat ends with, the event
 * every device and the TV applies, and ten claims at once giving one new broker.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { games } from '../src/db/schema.ts';
import { FakeClock } from './helpers/clock.ts';
import { createTestDatabase } from './helpers/database.ts';
import { expectError, openPhase, seat, setupTable, type TableSetup } from './helpers/game.ts';
import { http, nextIp, startTestServer, useTestServer } from './helpers/server.ts';
import { GameView, TestClient, waitUntil } from './helpers/sockets.ts';

const clock = new FakeClock();
const server = useTestServer({ clock });

const handover = (table: TableSetup, from: TableSetup['broker'], playerId: number) =>
  from.api.post(`/api/game/${table.gameId}/broker/handover`, { player_id: playerId });
const claim = (table: TableSetup, by: TableSetup['broker']) =>
  by.api.post(`/api/game/${table.gameId}/broker/claim`);

async function awaySince(gameId: number): Promise<Date | null> {
  const [row] = await server.database.db
    .select({ at: games.brokerAwaySince })
    .from(games)
    .where(eq(games.id, gameId));
  return row?.at ?? null;
}

describe('POST /api/game/{id}/broker/handover', () => {
  it('gives the powers to an Investor (who keeps the portfolio); the pure Broker keeps a seat as Former broker and can be handed them back', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    const [ina, ravi] = table.investors as [TableSetup['broker'], TableSetup['broker']];
    const device = await new GameView(
      await TestClient.connect(server.url, ravi.token),
      table.gameId,
    ).join();
    const tv = await TestClient.connect(server.url);
    const watched = await tv.emit<any>('board:spectate', { code: table.code });
    expect('data' in watched).toBe(true);
    const before = await ina.api.get(`/api/game/${table.gameId}/user/portfolio`);

    const res = await handover(table, table.broker, ina.playerId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      broker: { player_id: ina.playerId, role: ROLE.BOTH },
      former_broker: { player_id: table.broker.playerId, role: ROLE.FORMER_BROKER },
    });

    // Every device and the TV hear it, and the device's copy shows the new roles.
    const seen = await device.client.waitFor('broker:changed');
    expect(seen).toMatchObject({ game_id: table.gameId, ...res.body.data });
    const onTv = await tv.waitFor('broker:changed');
    expect(onTv).toEqual({ seq: seen.seq, game_id: table.gameId, ...res.body.data });
    const state = await device.catchUp();
    expect(state.players.find((p) => p.player_id === ina.playerId)?.role).toBe(ROLE.BOTH);
    expect(state.players.find((p) => p.player_id === table.broker.playerId)?.role).toBe(
      ROLE.FORMER_BROKER,
    );

    // The new broker drives the game and still trades with the same portfolio.
    const after = await ina.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(after.body.data).toEqual(before.body.data);
    await openPhase({ ...table, broker: ina });
    const order = await ina.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: 1,
      trade_type: 0,
      quantity: 1,
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    // The former broker's broker calls are refused, and they cannot trade either.
    expectError(
      await table.broker.api.put(`/api/game/${table.gameId}/payday`),
      403,
      MSG.BROKER_ONLY,
    );
    expectError(await handover(table, table.broker, ravi.playerId), 403, MSG.BROKER_ONLY);
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/stocks/trade`, {
        stock_id: 1,
        trade_type: 0,
        quantity: 1,
      }),
      403,
      MSG.INVESTOR_ONLY,
    );

    // Handed back: the Former broker is a Broker again, the Investor & Broker an Investor.
    const back = await handover(table, ina, table.broker.playerId);
    expect(back.body.data).toEqual({
      broker: { player_id: table.broker.playerId, role: ROLE.BROKER },
      former_broker: { player_id: ina.playerId, role: ROLE.INVESTOR },
    });
    expect((await table.broker.api.put(`/api/game/${table.gameId}/payday`)).status).toBe(200);
    expectError(await ina.api.put(`/api/game/${table.gameId}/payday`), 403, MSG.BROKER_ONLY);
    device.client.close();
    tv.close();
  });

  it('works in the lobby too: an Investor & Broker hands over and stays an Investor', async () => {
    const table = await setupTable(server, { investors: 1, brokerRole: 3 });
    const [ina] = table.investors as [TableSetup['broker']];
    const res = await handover(table, table.broker, ina.playerId);
    expect(res.body.data).toEqual({
      broker: { player_id: ina.playerId, role: ROLE.BOTH },
      former_broker: { player_id: table.broker.playerId, role: ROLE.INVESTOR },
    });
    const lobby = await ina.api.get(`/api/game/${table.gameId}/lobby`);
    const roles = Object.fromEntries(
      lobby.body.data.game_players_data.map((p: any) => [p.player_id, p.role]),
    );
    expect(roles).toEqual({ [ina.playerId]: ROLE.BOTH, [table.broker.playerId]: ROLE.INVESTOR });
    // The new broker starts the game.
    expect((await ina.api.post(`/api/game/${table.gameId}/start`)).status).toBe(200);
  });

  it('refuses anyone but the broker, the broker themself, and a player of another game', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const other = await setupTable(server, { investors: 1 });
    const [ina] = table.investors as [TableSetup['broker']];
    expectError(await handover(table, ina, ina.playerId), 403, MSG.BROKER_ONLY);
    expectError(
      await handover(table, table.broker, table.broker.playerId),
      409,
      MSG.BROKER_HANDOVER_SELF,
    );
    expectError(
      await handover(table, table.broker, other.investors[0]!.playerId),
      404,
      MSG.BROKER_HANDOVER_NOT_SEATED,
    );
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/broker/handover`, {
        player_id: '7',
      }),
      400,
    );
    await table.broker.api.post(`/api/game/${table.gameId}/end`);
    expectError(await handover(table, table.broker, ina.playerId), 409, MSG.GAME_COMPLETED);
  });
});

describe('POST /api/game/{id}/broker/claim', () => {
  it('is refused while a device of the broker is connected, then for 60 s after the last one left; then the claimer is the broker', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    const [ina, ravi] = table.investors as [TableSetup['broker'], TableSetup['broker']];
    const brokerDevice = await new GameView(
      await TestClient.connect(server.url, table.broker.token),
      table.gameId,
    ).join();
    const watcher = await new GameView(
      await TestClient.connect(server.url, ravi.token),
      table.gameId,
    ).join();
    await waitUntil(async () => (await awaySince(table.gameId)) === null, 5000, 'broker online');
    expectError(await claim(table, ina), 409, MSG.BROKER_ONLINE);

    brokerDevice.client.close();
    await waitUntil(async () => (await awaySince(table.gameId)) !== null, 5000, 'broker away');
    expectError(await claim(table, ina), 409, /Try again in 60 s\.$/);
    clock.advance(59);
    expectError(await claim(table, ina), 409, /Try again in 1 s\.$/);
    clock.advance(1);
    const res = await claim(table, ina);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(MSG.BROKER_CLAIMED);
    expect(res.body.data).toEqual({
      broker: { player_id: ina.playerId, role: ROLE.BOTH },
      former_broker: { player_id: table.broker.playerId, role: ROLE.FORMER_BROKER },
    });
    const seen = await watcher.client.waitFor('broker:changed');
    expect(seen.broker).toEqual({ player_id: ina.playerId, role: ROLE.BOTH });
    expectError(
      await table.broker.api.put(`/api/game/${table.gameId}/payday`),
      403,
      MSG.BROKER_ONLY,
    );
    expect((await ina.api.put(`/api/game/${table.gameId}/payday`)).status).toBe(200);
    // The broker claiming their own powers is refused.
    expectError(await claim(table, ina), 409, MSG.BROKER_HANDOVER_SELF);
    watcher.client.close();
  });

  it('a broker who reconnects within the 60 s resets the count', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const [ina] = table.investors as [TableSetup['broker']];
    const first = await TestClient.connect(server.url, table.broker.token);
    await first.snapshot('game:join', table.gameId);
    await waitUntil(async () => (await awaySince(table.gameId)) === null, 5000, 'broker online');
    first.close();
    await waitUntil(async () => (await awaySince(table.gameId)) !== null, 5000, 'broker away');
    clock.advance(50);
    const again = await TestClient.connect(server.url, table.broker.token);
    await again.snapshot('game:join', table.gameId);
    await waitUntil(async () => (await awaySince(table.gameId)) === null, 5000, 'broker back');
    again.close();
    await waitUntil(async () => (await awaySince(table.gameId)) !== null, 5000, 'broker away');
    clock.advance(30);
    expectError(await claim(table, ina), 409, /Try again in 30 s\.$/);
  });

  it('without a recorded absence the first claim starts the count', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const [ina] = table.investors as [TableSetup['broker']];
    expect(await awaySince(table.gameId)).toBeNull();
    expectError(await claim(table, ina), 409, /Try again in 60 s\.$/);
    clock.advance(60);
    expect((await claim(table, ina)).status).toBe(200);
  });

  it('ten claims at once give exactly one new broker', async () => {
    const table = await setupTable(server, { investors: 6, start: true });
    // Seven seats at most: the six investors claim, four of them twice.
    expectError(await claim(table, table.investors[0]!), 409);
    clock.advance(61);
    const claimers = Array.from({ length: 10 }, (_, i) => table.investors[i % 6]!);
    const answers = await Promise.all(claimers.map((by) => claim(table, by)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expectError(a, 409);
    const lobby = await table.investors[0]!.api.get(`/api/game/${table.gameId}/lobby`);
    const brokers = lobby.body.data.game_players_data.filter(
      (p: any) => p.role === 1 || p.role === 3,
    );
    expect(brokers).toHaveLength(1);
    expect(brokers[0].player_id).toBe(won[0]!.body.data.broker.player_id);
  });

  it('refuses a user without a seat', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const other = await setupTable(server, { investors: 1 });
    const stranger = await seat(server, other.code, 'Stranger', 2);
    expectError(await claim(table, stranger), 403, MSG.NOT_IN_GAME);
  });
});

describe('claims across two nodes', () => {
  it('a broker connected to node B keeps a claim made on node A refused; once away 60 s the claim wins', async () => {
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) throw new Error('TEST_REDIS_URL is required (e.g. redis://127.0.0.1:6379)');
    const database = await createTestDatabase();
    const nodeClock = new FakeClock();
    const env = { REDIS_URL: redisUrl, REDIS_STREAM_NAME: `showdown-test:${randomUUID()}` };
    const a = await startTestServer({ database, clock: nodeClock, env });
    const b = await startTestServer({ database, clock: nodeClock, env });
    try {
      const table = await setupTable(a, { investors: 1, start: true });
      const ina = table.investors[0]!;
      const onA = http(a.url, ina.token, { ip: nextIp() });
      const brokerOnB = await TestClient.connect(b.url, table.broker.token);
      await brokerOnB.snapshot('game:join', table.gameId);
      const watcherOnA = await TestClient.connect(a.url, ina.token);
      await watcherOnA.snapshot('game:join', table.gameId);
      await watcherOnA.waitFor('presence:changed', (p) => p.online.includes(table.broker.playerId));
      nodeClock.advance(120);
      expectError(await onA.post(`/api/game/${table.gameId}/broker/claim`), 409, MSG.BROKER_ONLINE);

      brokerOnB.close();
      await watcherOnA.waitFor(
        'presence:changed',
        (p) => !p.online.includes(table.broker.playerId),
      );
      await waitUntil(
        async () => {
          const [row] = await database.db
            .select({ at: games.brokerAwaySince })
            .from(games)
            .where(eq(games.id, table.gameId));
          return Boolean(row?.at);
        },
        15_000,
        'broker away',
      );
      expectError(await onA.post(`/api/game/${table.gameId}/broker/claim`), 409, /60 s\.$/);
      nodeClock.advance(60);
      const won = await onA.post(`/api/game/${table.gameId}/broker/claim`);
      expect(won.status, JSON.stringify(won.body)).toBe(200);
      const seen = await watcherOnA.waitFor('broker:changed');
      expect(seen.broker).toEqual({ player_id: ina.playerId, role: ROLE.BOTH });
      watcherOnA.close();
    } finally {
      await a.close();
      await b.close();
      await database.close();
    }
  });
});

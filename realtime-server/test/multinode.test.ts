import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { games } from '../src/db/schema.ts';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { openPhase, setupTable } from './helpers/game.ts';
import { GameView, TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * Two server processes on one PostgreSQL and one Redis behave as one server. Several nodes
 * need a database server, so this suite belongs to the PostgreSQL project; under CI a missing
 * TEST_REDIS_URL fails it rather than skipping it.
 */
describe('two nodes over Redis', () => {
  const { otps, db, nodes } = useNodes({ suite: 'the multi-node suite', nodes: 2 });
  const [nodeA, nodeB] = nodes as [ServerProcess, ServerProcess];

  it('a price update made through node A reaches a device on node B, and both views agree', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 2, start: true });
    const onA = await new GameView(
      await TestClient.connect(nodeA.url, table.investors[0]!.token),
      table.gameId,
    ).join();
    const onB = await new GameView(
      await TestClient.connect(nodeB.url, table.investors[1]!.token),
      table.gameId,
    ).join();
    const tvB = await TestClient.connect(nodeB.url);
    await tvB.emit('board:spectate', { code: table.code });

    await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: 5,
      operation: '+',
      value: 9,
    });
    const seen = await onB.client.waitFor('price:updated');
    expect(seen).toMatchObject({ stock_id: 5, previous_price: 1520, price: 1656.8 });
    await tvB.waitFor('price:updated');
    await onA.client.waitFor('price:updated');
    const [a, b] = [await onA.catchUp(), await onB.catchUp()];
    expect(a.stocks).toEqual(b.stocks);
    expect(a.seq).toBe(b.seq);

    // a lobby-style event and a private one cross nodes too
    await openPhase(table);
    await table.investors[1]!.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: 5,
      trade_type: 0,
      quantity: 2,
    });
    const mine = await onB.client.waitFor('portfolio:updated');
    expect(mine.portfolio.current_balance).toBe(500000 - 3313.6);
    expect(onA.client.count('portfolio:updated')).toBe(0);
    for (const c of [onA.client, onB.client, tvB]) c.close();
  });

  it('socket commands through node A reach node B; an order retried on node B with its key replays', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const brokerA = await TestClient.connect(nodeA.url, table.broker.token);
    const investorA = await TestClient.connect(nodeA.url, investor.token);
    const investorB = await TestClient.connect(nodeB.url, investor.token);
    await investorB.snapshot('game:join', table.gameId);
    const gameId = table.gameId;

    const moved = await brokerA.emit('price:update', {
      game_id: gameId,
      stock_id: 5,
      operation: '+',
      value: 9,
    });
    expect(moved).toMatchObject({
      data: { stock_id: 5, previousPrice: 1520, updatedPrice: 1656.8 },
    });
    expect(await investorB.waitFor('price:updated')).toMatchObject({ stock_id: 5, price: 1656.8 });
    const opened = await brokerA.emit('orderbook:update', { game_id: gameId, orderbook_status: 1 });
    expect('data' in opened, JSON.stringify(opened)).toBe(true);

    const order = {
      game_id: gameId,
      stock_id: 5,
      trade_type: 0,
      quantity: 2,
      idempotency_key: 'n-1',
    };
    const first = await investorA.emit('order:place', order);
    expect('data' in first, JSON.stringify(first)).toBe(true);
    expect(await investorB.emit('order:place', order)).toEqual(first);
    await investorB.waitFor('portfolio:updated');
    const history = await investor.api.get(`/api/game/${gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(1);
    for (const client of [brokerA, investorA, investorB]) client.close();
  });

  it('presence spans the nodes: a TV on node B sees who is connected on node A', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 1 });
    const phoneOnA = await TestClient.connect(nodeA.url, table.investors[0]!.token);
    await phoneOnA.snapshot('game:join', table.gameId);
    const tvB = await TestClient.connect(nodeB.url);
    const spectated = await tvB.emit<any>('board:spectate', { code: table.code });
    expect('data' in spectated && spectated.data.online).toEqual([table.investors[0]!.playerId]);
    const brokerOnB = await TestClient.connect(nodeB.url, table.broker.token);
    const own = await brokerOnB.snapshot('game:join', table.gameId);
    expect(own.online).toEqual(
      [table.broker.playerId, table.investors[0]!.playerId].sort((x, y) => x - y),
    );
    await phoneOnA.waitFor('presence:changed', (p) => p.online.length === 2);
    phoneOnA.close();
    const left = await tvB.waitFor('presence:changed', (p) => p.online.length === 1);
    expect(left.online).toEqual([table.broker.playerId]);
    for (const c of [tvB, brokerOnB]) c.close();
  });

  it('a phase end is broadcast exactly once, whichever node ends it', async () => {
    const table = await setupTable({ url: nodeB.url, otps }, { investors: 2, start: true });
    const devices = [
      await TestClient.connect(nodeA.url, table.investors[0]!.token),
      await TestClient.connect(nodeB.url, table.investors[1]!.token),
      await TestClient.connect(nodeA.url, table.broker.token),
    ];
    for (const d of devices) await d.snapshot('game:join', table.gameId);
    await openPhase(table);
    for (const d of devices) await d.waitFor('phase:started');
    // both nodes hold a timer for the phase; bring its end close so the sweeps race for it
    await db.db
      .update(games)
      .set({ phaseEndsAt: new Date(Date.now() + 1500) })
      .where(eq(games.id, table.gameId));
    for (const d of devices) await d.waitFor('phase:ended', () => true, 10_000);
    await new Promise((r) => setTimeout(r, 2500)); // several more sweeps on both nodes
    for (const d of devices) expect(d.count('phase:ended')).toBe(1);
    await waitUntil(
      async () =>
        (await table.broker.api.get(`/api/game/${table.gameId}/settings`)).body.data
          .orderbook_status === 0,
    );
    for (const d of devices) d.close();
  });

  it('a logout through node A disconnects that session’s sockets on node B', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const onB = await TestClient.connect(nodeB.url, investor.token);
    await onB.snapshot('game:join', table.gameId);
    const gone = new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve('still connected'), 5000);
      onB.socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
    expect((await investor.api.get('/api/auth/logout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('a removal through node A drops the seat node B cached: B’s recovered socket leaves the room', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 2 });
    const leaving = table.investors[1]!;
    const stayer = await TestClient.connect(nodeB.url, table.investors[0]!.token);
    await stayer.snapshot('game:join', table.gameId);
    const socket = io(nodeB.url, {
      auth: { token: leaving.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const device = new TestClient(socket as never);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await device.snapshot('game:join', table.gameId); // node B now holds the seat in its cache
    const settings = (startingFunds: number) =>
      table.broker.api.post(`/api/game/${table.gameId}/settings`, {
        starting_funds: startingFunds,
        payday_increment: 100000,
        trade_phase_duration: 75,
      });
    await settings(500000);
    await device.waitFor('settings:changed'); // an event seen: the socket can be recovered

    socket.io.engine.close();
    const removed = await table.broker.api.post(
      `/api/game/${table.gameId}/remove-player/${leaving.playerId}`,
    );
    expect(removed.status).toBe(200);
    // Node B has applied everything node A sent before this event (one ordered stream),
    // the room change of the removal included, while the device was away: only the seat
    // cache can now take the recovered socket out.
    await settings(600000);
    await stayer.waitFor('settings:changed', (p) => p.settings.starting_funds === 600000);

    const back = new Promise<void>((r) => socket.once('connect', () => r()));
    socket.connect();
    await back;
    expect(socket.recovered).toBe(true);
    // Handled after the recovered socket's re-check (one socket's room changes run in order).
    await device.emit('game:leave', { game_id: 2_147_483_647 });
    const seen = device.received.length;
    await settings(700000);
    await stayer.waitFor('settings:changed', (p) => p.settings.starting_funds === 700000);
    // Sent to both sockets of node B at once: anything sent to the device came before this ack.
    await device.emit('game:leave', { game_id: 2_147_483_647 });
    expect(device.received.slice(seen).map((r) => r.name)).not.toContain('settings:changed');
    expect((await device.emit('game:join', { game_id: table.gameId })) as unknown).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    for (const c of [stayer, device]) c.close();
  });
});

/**
 * Pausing a trade phase: the broker only, the clock stops (a fake clock runs far
 * past the old end and the phase stays), orders answer 409 "Trade phase is paused" (the order's
 * SQL function refuses), resume sets ends_at to now plus what was left; a restart keeps the
 * pause, and two nodes on one database end the resumed phase exactly once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@showdown/shared/messages';
import type { DatabaseHandle } from '../src/db/client.ts';
import { games } from '../src/db/schema.ts';
import { endExpiredPhases } from '../src/games/flow-service.ts';
import { FakeClock } from './helpers/clock.ts';
import { createTestDatabase } from './helpers/database.ts';
import { expectError, openPhase, setupTable, type TableSetup } from './helpers/game.ts';
import { http, nextIp, startTestServer, useTestServer, type TestServer } from './helpers/server.ts';
import { GameView, TestClient } from './helpers/sockets.ts';

const clock = new FakeClock();
const server = useTestServer({ clock });

const pause = (table: TableSetup, by = table.broker) =>
  by.api.post(`/api/game/${table.gameId}/phase/pause`);
const resume = (table: TableSetup, by = table.broker) =>
  by.api.post(`/api/game/${table.gameId}/phase/resume`);
const buy = (table: TableSetup) =>
  table.investors[0]!.api.post(`/api/game/${table.gameId}/stocks/trade`, {
    stock_id: 1,
    trade_type: 0,
    quantity: 2,
  });

describe('POST /api/game/{id}/phase/pause and /resume', () => {
  it('stops the clock, refuses orders with 409, and resumes with what was left', async () => {
    const table = await setupTable(server, {
      investors: 1,
      start: true,
      settings: { starting_funds: 500000, payday_increment: 100000, trade_phase_duration: 120 },
    });
    const device = await new GameView(
      await TestClient.connect(server.url, table.investors[0]!.token),
      table.gameId,
    ).join();
    const tv = await TestClient.connect(server.url);
    await tv.emit('board:spectate', { code: table.code });
    await openPhase(table);
    clock.advance(30);

    const paused = await pause(table);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.data).toEqual({
      orderbook_status: 1,
      ends_at: null,
      paused_remaining_s: 90,
    });
    const event = await device.client.waitFor('phase:paused');
    expect(event).toMatchObject({ game_id: table.gameId, remaining_s: 90 });
    expect(await tv.waitFor('phase:paused')).toEqual({
      seq: event.seq,
      game_id: table.gameId,
      remaining_s: 90,
    });
    const state = await device.catchUp();
    expect(state.game.settings).toMatchObject({
      orderbook_status: 1,
      ends_at: null,
      paused_remaining_s: 90,
    });
    // A reload shows "Paused": the snapshot carries it.
    const fresh = await device.client.snapshot('game:resync', table.gameId);
    expect(fresh.game.settings.paused_remaining_s).toBe(90);

    expectError(await buy(table), 409, MSG.TRADE_PHASE_PAUSED);
    // Pausing again changes nothing and numbers nothing.
    const again = await pause(table);
    expect(again.body.data.paused_remaining_s).toBe(90);

    // Far past the old end, the sweep leaves a paused phase alone.
    clock.advance(600);
    expect(await endExpiredPhases(server.application.context)).not.toContain(table.gameId);

    const resumed = await resume(table);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const endsAt = Date.parse(resumed.body.data.ends_at);
    expect(Math.abs(endsAt - (clock.now().getTime() + 90_000))).toBeLessThanOrEqual(1000);
    expect(resumed.body.data.paused_remaining_s).toBeNull();
    const told = await device.client.waitFor('phase:resumed');
    expect(told.ends_at).toBe(resumed.body.data.ends_at);
    await tv.waitFor('phase:resumed');
    const running = (await device.catchUp()).game.settings;
    expect(running).toMatchObject({ orderbook_status: 1, ends_at: resumed.body.data.ends_at });
    expect(running.paused_remaining_s).toBeUndefined();
    const order = await buy(table);
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    // Resuming again answers the running phase; then the phase ends on time, once.
    expect((await resume(table)).body.data.ends_at).toBe(resumed.body.data.ends_at);
    clock.advance(91);
    expect(await endExpiredPhases(server.application.context)).toContain(table.gameId);
    await device.client.waitFor('phase:ended');
    expectError(await resume(table), 409, MSG.PHASE_NOT_PAUSED);
    expectError(await pause(table), 409, MSG.TRADE_PHASE_OFF);
    device.client.close();
    tv.close();
  });

  it('a refused order during the pause leaves its Idempotency-Key unused for the retry after resume', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    await pause(table);
    const key = randomUUID();
    const order = () =>
      fetch(`${server.url}/api/game/${table.gameId}/stocks/trade`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${table.investors[0]!.token}`,
          'idempotency-key': key,
        },
        body: JSON.stringify({ stock_id: 2, trade_type: 0, quantity: 3 }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
    expectError(await order(), 409, MSG.TRADE_PHASE_PAUSED);
    await resume(table);
    const placed = await order();
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const replay = await order();
    expect(replay.body.data).toEqual(placed.body.data);
    const history = await table.investors[0]!.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((t: any) => t.type === 'trade' || t.quantity)).toHaveLength(1);
  });

  it('only the broker pauses and resumes; ending the phase or the game clears the pause', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const [ina] = table.investors as [TableSetup['broker']];
    expectError(await pause(table), 409, MSG.TRADE_PHASE_OFF);
    await openPhase(table);
    expectError(await pause(table, ina), 403, MSG.BROKER_ONLY);
    await pause(table);
    expectError(await resume(table, ina), 403, MSG.BROKER_ONLY);
    const off = await table.broker.api.put(`/api/game/${table.gameId}/update/orderbook`, {
      orderbook_status: 0,
    });
    expect(off.body.data).toEqual({ orderbook_status: 0, ends_at: null });
    const settings = await ina.api.get(`/api/game/${table.gameId}/settings`);
    expect(settings.body.data).toMatchObject({ orderbook_status: 0 });
    expect(settings.body.data.paused_remaining_s).toBeUndefined();
    await openPhase(table);
    await pause(table);
    await table.broker.api.post(`/api/game/${table.gameId}/end`);
    expectError(await resume(table), 409, MSG.GAME_COMPLETED);
  });
});

describe('a paused phase across a restart and across two nodes', () => {
  it('survives a restart; after resume two nodes sweeping end it exactly once', async () => {
    const database = await createTestDatabase();
    const nodeClock = new FakeClock();
    const env: Record<string, string> = process.env.TEST_REDIS_URL
      ? {
          REDIS_URL: process.env.TEST_REDIS_URL,
          REDIS_STREAM_NAME: `showdown-test:${randomUUID()}`,
        }
      : {};
    let first: TestServer | undefined = await startTestServer({ database, clock: nodeClock });
    try {
      const table = await setupTable(first, {
        investors: 1,
        start: true,
        settings: { starting_funds: 500000, payday_increment: 100000, trade_phase_duration: 60 },
      });
      await openPhase(table);
      nodeClock.advance(20);
      expect((await pause(table)).body.data.paused_remaining_s).toBe(40);
      await first.close();
      first = undefined;

      // Restarted (twice: two nodes on the one database), long after the phase would have ended.
      nodeClock.advance(600);
      const [a, b] = [
        await startTestServer({ database, clock: nodeClock, env }),
        await startTestServer({ database, clock: nodeClock, env }),
      ];
      try {
        const onA = { ...table, broker: { ...table.broker, api: rebase(table.broker, a.url) } };
        const onB = { ...table, broker: { ...table.broker, api: rebase(table.broker, b.url) } };
        const view = await new GameView(
          await TestClient.connect(a.url, table.investors[0]!.token),
          table.gameId,
        ).join();
        expect(view.state.game.settings).toMatchObject({
          orderbook_status: 1,
          ends_at: null,
          paused_remaining_s: 40,
        });
        expectError(
          await rebase(table.investors[0]!, b.url).post(`/api/game/${table.gameId}/stocks/trade`, {
            stock_id: 1,
            trade_type: 0,
            quantity: 1,
          }),
          409,
          MSG.TRADE_PHASE_PAUSED,
        );
        const resumed = await resume(onB);
        expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
        expect(Date.parse(resumed.body.data.ends_at)).toBe(nodeClock.now().getTime() + 40_000);
        const before = await phaseOf(database, table.gameId);
        nodeClock.advance(41);
        // Each node also sweeps once a second on its own, racing these sweeps: whichever ends the
        // phase, it ends once (the game's change number moves by one) and no sweep ends it again.
        const ended = await Promise.all([
          endExpiredPhases(a.application.context),
          endExpiredPhases(b.application.context),
          endExpiredPhases(a.application.context),
        ]);
        expect(ended.flat().filter((id) => id === table.gameId).length).toBeLessThanOrEqual(1);
        await vi.waitFor(async () =>
          expect((await phaseOf(database, table.gameId)).orderbookStatus).toBe(0),
        );
        const again = await Promise.all([
          endExpiredPhases(a.application.context),
          endExpiredPhases(b.application.context),
        ]);
        expect(again.flat()).not.toContain(table.gameId);
        expect(await phaseOf(database, table.gameId)).toEqual({
          seq: before.seq + 1,
          orderbookStatus: 0,
        });
        expectError(await pause(onA), 409, MSG.TRADE_PHASE_OFF);
        view.client.close();
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await first?.close();
      await database.close();
    }
  });
});

/** The game's change number and phase status, read from the database. */
async function phaseOf(database: DatabaseHandle, gameId: number) {
  const [row] = await database.db
    .select({ seq: games.seq, orderbookStatus: games.orderbookStatus })
    .from(games)
    .where(eq(games.id, gameId));
  return row!;
}

/** The seat's client, pointed at another node. */
function rebase(seated: TableSetup['broker'], url: string): TableSetup['broker']['api'] {
  return http(url, seated.token, { ip: nextIp() });
}

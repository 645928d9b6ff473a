/**
 * Game commands over the socket: the same services, validation, permissions,
 * Idempotency-Key semantics and answers as the REST routes, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandAck, SocketCommandName } from '@showdown/shared/commands';
import { MSG } from '@showdown/shared/messages';
import { FakeClock } from './helpers/clock.ts';
import { openPhase, setupTable, type Seated, type TableSetup } from './helpers/game.ts';
import { startTestServer, type HttpAnswer, type TestServer } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';

/** A clock that can be made to run 11 s ahead at every read (a queue wait, without waiting). */
class JumpingClock extends FakeClock {
  jumping = false;
  override now(): Date {
    if (this.jumping) this.advance(11);
    return super.now();
  }
}

let server: TestServer;
const clock = new JumpingClock();
const clients: TestClient[] = [];
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  for (const c of clients) c.close();
  await server?.close();
});

async function socketOf(user: Pick<Seated, 'token'> | null): Promise<TestClient> {
  const client = await TestClient.connect(server.url, user?.token);
  clients.push(client);
  return client;
}

function command<T = any>(
  client: TestClient,
  name: SocketCommandName,
  payload: unknown,
): Promise<CommandAck<T>> {
  return client.emit(name, payload) as Promise<CommandAck<T>>;
}

/** A REST answer in the shape a socket command answers. */
function asAck(res: HttpAnswer): CommandAck<any> {
  if (res.status === 200 || res.status === 201) {
    return res.body.message === undefined
      ? { data: res.body.data }
      : { data: res.body.data, message: res.body.message };
  }
  return {
    error: { code: res.body.error.code, message: res.body.error.message, status: res.status },
  };
}

/** What differs between two tables by construction: ids and times. */
function normalized(answer: unknown): unknown {
  return JSON.parse(JSON.stringify(answer), (key, value: unknown) =>
    ['id', 'game_id', 'mayhem_id', 'ends_at'].includes(key) ? '·' : value,
  );
}

describe('socket commands answer as the REST routes do', () => {
  it('a whole round (phase, price, order, payday, mayhem, phase end): same answers, same events', async () => {
    const viaRest = await setupTable(server, { investors: 2, start: true });
    const viaSocket = await setupTable(server, { investors: 2, start: true });
    const broker = await socketOf(viaSocket.broker);
    const investor = await socketOf(viaSocket.investors[0]!);
    const watcher = await socketOf(viaSocket.investors[1]!);
    await watcher.snapshot('game:join', viaSocket.gameId);

    const steps: Array<{
      rest: (t: TableSetup) => Promise<HttpAnswer>;
      socket: (t: TableSetup) => Promise<CommandAck<any>>;
    }> = [
      {
        rest: (t) =>
          t.broker.api.put(`/api/game/${t.gameId}/update/orderbook`, { orderbook_status: 1 }),
        socket: (t) =>
          command(broker, 'orderbook:update', { game_id: t.gameId, orderbook_status: 1 }),
      },
      {
        rest: (t) =>
          t.broker.api.post(`/api/game/${t.gameId}/stocks`, {
            stock_id: 8,
            operation: '+',
            value: 7,
          }),
        socket: (t) =>
          command(broker, 'price:update', {
            game_id: t.gameId,
            stock_id: 8,
            operation: '+',
            value: 7,
          }),
      },
      {
        rest: (t) =>
          t.investors[0]!.api.post(`/api/game/${t.gameId}/stocks/trade`, {
            stock_id: 8,
            trade_type: 0,
            quantity: 3,
          }),
        socket: (t) =>
          command(investor, 'order:place', {
            game_id: t.gameId,
            stock_id: 8,
            trade_type: 0,
            quantity: 3,
            idempotency_key: 'tap-1',
          }),
      },
      {
        rest: (t) => t.broker.api.put(`/api/game/${t.gameId}/payday`),
        socket: (t) => command(broker, 'payday:give', { game_id: t.gameId }),
      },
      {
        rest: (t) =>
          t.broker.api.post(`/api/marketMayhem/game/${t.gameId}`, {
            stock_ids: [8],
            percentage: [12],
          }),
        socket: (t) =>
          command(broker, 'mayhem:create', { game_id: t.gameId, stock_ids: [8], percentage: [12] }),
      },
    ];
    for (const step of steps) {
      const rest = asAck(await step.rest(viaRest));
      const socket = await step.socket(viaSocket);
      expect(normalized(socket)).toEqual(normalized(rest));
      expect('data' in socket, JSON.stringify(socket)).toBe(true);
    }
    const restMayhem = (await viaRest.broker.api.get(`/api/marketMayhem/game/${viaRest.gameId}`))
      .body.data.id as number;
    const socketMayhem = (
      await viaSocket.broker.api.get(`/api/marketMayhem/game/${viaSocket.gameId}`)
    ).body.data.id as number;
    const respond = { stocks: [{ stock_id: 8, percentage: 12 }] };
    expect(
      normalized(
        await command(investor, 'mayhem:respond', { mayhem_id: socketMayhem, ...respond }),
      ),
    ).toEqual(
      normalized(
        asAck(
          await viaRest.investors[0]!.api.post(`/api/marketMayhem/${restMayhem}/respond`, respond),
        ),
      ),
    );
    expect(
      normalized(await command(broker, 'mayhem:average', { mayhem_id: socketMayhem })),
    ).toEqual(
      normalized(asAck(await viaRest.broker.api.post(`/api/marketMayhem/${restMayhem}/average`))),
    );
    expect(
      normalized(
        await command(broker, 'orderbook:update', {
          game_id: viaSocket.gameId,
          orderbook_status: 0,
        }),
      ),
    ).toEqual(
      normalized(
        asAck(
          await viaRest.broker.api.put(`/api/game/${viaRest.gameId}/update/orderbook`, {
            orderbook_status: 0,
          }),
        ),
      ),
    );

    // The devices in the room heard every change, in seq order, as after a REST call.
    for (const name of [
      'phase:started',
      'price:updated',
      'payday:given',
      'mayhem:created',
      'mayhem:responded',
      'mayhem:averaged',
      'phase:ended',
    ]) {
      await watcher.waitFor(name);
    }
    const seqs = watcher.received
      .filter((r) => typeof r.payload?.seq === 'number')
      .map((r) => r.payload.seq as number);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // Both tables end the same: same prices, same portfolio.
    const restStocks = await viaRest.broker.api.get(`/api/game/${viaRest.gameId}/stocks`);
    const socketStocks = await viaSocket.broker.api.get(`/api/game/${viaSocket.gameId}/stocks`);
    expect(normalized(socketStocks.body.data)).toEqual(normalized(restStocks.body.data));
  });

  it('permissions: the same refusals as REST for the wrong role, a stranger and no token', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const other = await setupTable(server, { investors: 1, start: true });
    const investor = await socketOf(table.investors[0]!);
    const broker = await socketOf(table.broker);
    const stranger = await socketOf(other.broker);
    const spectator = await socketOf(null);
    const price = { stock_id: 8, operation: '+', value: 5 };
    const order = { stock_id: 8, trade_type: 0, quantity: 1 };

    const investorPrice = await command(investor, 'price:update', {
      game_id: table.gameId,
      ...price,
    });
    expect(investorPrice).toEqual(
      asAck(await table.investors[0]!.api.post(`/api/game/${table.gameId}/stocks`, price)),
    );
    expect('error' in investorPrice && investorPrice.error.status).toBe(403);

    const brokerOrder = await command(broker, 'order:place', { game_id: table.gameId, ...order });
    expect(brokerOrder).toEqual(
      asAck(await table.broker.api.post(`/api/game/${table.gameId}/stocks/trade`, order)),
    );
    expect('error' in brokerOrder).toBe(true);

    for (const [name, payload, rest] of [
      [
        'payday:give',
        { game_id: table.gameId },
        () => other.broker.api.put(`/api/game/${table.gameId}/payday`),
      ],
      [
        'orderbook:update',
        { game_id: table.gameId, orderbook_status: 0 },
        () =>
          other.broker.api.put(`/api/game/${table.gameId}/update/orderbook`, {
            orderbook_status: 0,
          }),
      ],
    ] as const) {
      const answer = await command(stranger, name, payload);
      expect(answer).toEqual(asAck(await rest()));
      expect('error' in answer).toBe(true);
    }

    expect(await command(spectator, 'price:update', { game_id: table.gameId, ...price })).toEqual({
      error: { code: 'UNAUTHORIZED', message: MSG.NO_TOKEN, status: 401 },
    });
    // Nothing moved: the price is the opening one, the phase still open, no trade.
    const stocks = await table.broker.api.get(`/api/game/${table.gameId}/stocks`);
    expect(stocks.body.data.orderbook_status).toBe(1);
    const history = await table.investors[0]!.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type !== 'PAYDAY')).toHaveLength(0);
  });

  it('validation: the REST route’s status, code and message for a bad body, id or key', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const broker = await socketOf(table.broker);
    const investor = await socketOf(table.investors[0]!);
    const api = table.broker.api;
    const badPrice = { stock_id: 8, operation: '*', value: 5 };
    expect(await command(broker, 'price:update', { game_id: table.gameId, ...badPrice })).toEqual(
      asAck(await api.post(`/api/game/${table.gameId}/stocks`, badPrice)),
    );
    const badValue = { stock_id: 8, operation: '+', value: 0.5 };
    expect(await command(broker, 'price:update', { game_id: table.gameId, ...badValue })).toEqual(
      asAck(await api.post(`/api/game/${table.gameId}/stocks`, badValue)),
    );
    expect(await command(broker, 'payday:give', { game_id: 'x' })).toEqual(
      asAck(await api.put(`/api/game/x/payday`)),
    );
    expect(await command(broker, 'payday:give', null)).toEqual({
      error: { code: 'NOT_FOUND', message: MSG.GAME_NOT_FOUND, status: 404 },
    });
    expect(await command(broker, 'mayhem:average', { mayhem_id: 0 })).toEqual(
      asAck(await api.post(`/api/marketMayhem/0/average`)),
    );
    const badMayhem = { stock_ids: [8, 8], percentage: [12, 12] };
    expect(await command(broker, 'mayhem:create', { game_id: table.gameId, ...badMayhem })).toEqual(
      asAck(await api.post(`/api/marketMayhem/game/${table.gameId}`, badMayhem)),
    );
    const order = { game_id: table.gameId, stock_id: 8, trade_type: 0, quantity: 1 };
    expect(
      await command(investor, 'order:place', { ...order, idempotency_key: 'x'.repeat(129) }),
    ).toEqual({ error: { code: 'VALIDATION', message: MSG.IDEMPOTENCY_KEY_INVALID, status: 400 } });
    expect(await command(investor, 'order:place', { ...order, idempotency_key: 7 })).toEqual({
      error: { code: 'VALIDATION', message: MSG.IDEMPOTENCY_KEY_INVALID, status: 400 },
    });
    expect(await command(investor, 'order:place', { ...order, quantity: -1 })).toEqual(
      asAck(
        await table.investors[0]!.api.post(`/api/game/${table.gameId}/stocks/trade`, {
          ...order,
          quantity: -1,
        }),
      ),
    );
    const history = await table.investors[0]!.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data).toHaveLength(0);
  });

  it('an order’s idempotency_key is the Idempotency-Key: one store for both paths, replays answer the first answer', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const investor = await socketOf(inv);
    const order = { stock_id: 8, trade_type: 0, quantity: 2 };
    const first = await command(investor, 'order:place', {
      game_id: table.gameId,
      ...order,
      idempotency_key: 'tap-9',
    });
    expect('data' in first).toBe(true);
    const retries = await Promise.all(
      Array.from({ length: 5 }, () =>
        command(investor, 'order:place', {
          game_id: table.gameId,
          ...order,
          idempotency_key: 'tap-9',
        }),
      ),
    );
    for (const retry of retries) expect(retry).toEqual(first);
    const viaRest = await fetch(`${server.url}/api/game/${table.gameId}/stocks/trade`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${inv.token}`,
        'idempotency-key': 'tap-9',
      },
      body: JSON.stringify(order),
    });
    expect(asAck({ status: viaRest.status, body: await viaRest.json() })).toEqual(first);
    // A different order under the same key is refused as REST refuses it.
    const changed = await command(investor, 'order:place', {
      game_id: table.gameId,
      ...order,
      quantity: 5,
      idempotency_key: 'tap-9',
    });
    expect('error' in changed).toBe(true);
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(1);
  });

  it("an order's socket has the portfolio in its answer: only the owner's other sockets are sent portfolio:updated", async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const phone = await socketOf(inv);
    const tablet = await socketOf(inv);
    const answer = await command(phone, 'order:place', {
      game_id: table.gameId,
      stock_id: 8,
      trade_type: 0,
      quantity: 2,
    });
    expect('data' in answer).toBe(true);
    const told = await tablet.waitFor('portfolio:updated');
    expect(told).toEqual({ game_id: table.gameId, portfolio: 'data' in answer && answer.data });
    // A REST order (no socket of its own) is told to every socket, in order after the first:
    // once both have its copy, the phone has had time for the socket order's copy too.
    const rest = await inv.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: 8,
      trade_type: 0,
      quantity: 1,
    });
    const second = (p: any) => p.portfolio.current_balance === rest.body.data.current_balance;
    await phone.waitFor('portfolio:updated', second);
    await tablet.waitFor('portfolio:updated', second);
    expect(phone.count('portfolio:updated')).toBe(1);
    expect(tablet.count('portfolio:updated')).toBe(2);
  });

  it('a socket whose access token has expired is refused as REST refuses the token (403 TOKEN_EXPIRED)', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const broker = await socketOf(table.broker);
    const payload = { game_id: table.gameId, orderbook_status: 1 };
    clock.advance(16 * 60);
    try {
      const rest = await table.broker.api.put(`/api/game/${table.gameId}/update/orderbook`, {
        orderbook_status: 1,
      });
      expect(await command(broker, 'orderbook:update', payload)).toEqual(asAck(rest));
      expect(rest.status).toBe(403);
    } finally {
      clock.advance(-16 * 60);
    }
    expect('data' in (await command(broker, 'orderbook:update', payload))).toBe(true);
  });

  it('a command that reaches the database after its device stopped waiting (10 s) does nothing', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const inv = table.investors[0]!;
    const investor = await socketOf(inv);
    const order = { game_id: table.gameId, stock_id: 8, trade_type: 0, quantity: 1 };
    const start = clock.now().getTime();
    clock.jumping = true;
    let dropped: CommandAck<unknown>;
    try {
      dropped = await command(investor, 'order:place', { ...order, idempotency_key: 'late-1' });
    } finally {
      clock.jumping = false;
      clock.advance((start - clock.now().getTime()) / 1000);
    }
    expect('error' in dropped).toBe(true);
    const history = await inv.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.body.data.filter((e: any) => e.type === 'trade')).toHaveLength(0);
    // The device's retry with the same key places it once.
    const retry = await command(investor, 'order:place', { ...order, idempotency_key: 'late-1' });
    expect('data' in retry, JSON.stringify(retry)).toBe(true);
  });
});

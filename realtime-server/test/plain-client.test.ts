/**
 * A third-party client of the contract: plain HTTP with the first clients' calls only and a bare
 * socket.io-client, no helper of ours beyond signing in. The board is opened with
 * `POST /api/game/join { code }` alone, then the whole game is played: roles, settings,
 * start, a price update, a trade phase, orders, a payday, market mayhem, the end and the
 * leaderboard. Runs on PGlite (server-pglite) and on PostgreSQL (server-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { nextBoardCode } from './helpers/game.ts';
import { nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

interface Answer {
  status: number;
  body: {
    success: boolean;
    message?: string;
    data?: any;
    error?: { code: string; message: string };
  };
}

/** A plain client: `fetch` with the bearer token, nothing else. */
function specClient(token: string) {
  const ip = nextIp();
  return async (method: 'GET' | 'POST' | 'PUT', path: string, body?: object): Promise<Answer> => {
    const res = await fetch(server.url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': ip,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
}

/** A bare socket.io-client socket that keeps every event it hears. */
async function listen(token: string) {
  const socket: Socket = io(server.url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const heard: Array<{ name: string; payload: any }> = [];
  socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const until = async (name: string, count = 1) => {
    for (let i = 0; i < 500; i++) {
      const found = heard.filter((e) => e.name === name);
      if (found.length >= count) return found[count - 1]!.payload;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${name} #${count}; heard ${heard.map((e) => e.name).join(', ')}`);
  };
  return { socket, heard, until };
}

function ok(answer: Answer, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.success).toBe(true);
  return answer.body;
}

describe("a client that knows only the first clients' calls", () => {
  it('opens a board with { code } alone, joins it and plays a whole game', async () => {
    const [brokerUser, aliceUser, ravUser] = await Promise.all([
      signUp(server, 'Spec Broker'),
      signUp(server, 'Spec Alice'),
      signUp(server, 'Spec Rav'),
    ]);
    const broker = specClient(brokerUser.token);
    const alice = specClient(aliceUser.token);
    const rav = specClient(ravUser.token);
    const code = nextBoardCode();

    // Opens: the board had no game.
    const opened = ok(await broker('POST', '/api/game/join', { code: code.toLowerCase() }));
    expect(opened.data).toMatchObject({ broker_exists: false, role: null, game_status: 1 });
    const gameId = opened.data.game_id as number;
    // Joins: the same game for everyone else.
    for (const client of [alice, rav]) {
      const joined = ok(await client('POST', '/api/game/join', { code }));
      expect(joined.data.game_id).toBe(gameId);
    }

    // Roles (role, avatar_id) and the lobby.
    ok(await broker('POST', `/api/game/${gameId}/select-role`, { role: 1 }));
    expect(ok(await alice('POST', '/api/game/join', { code })).data.broker_exists).toBe(true);
    ok(await alice('POST', `/api/game/${gameId}/select-role`, { role: 2, avatar_id: 1 }));
    ok(await rav('POST', `/api/game/${gameId}/select-role`, { role: 2, avatar_id: 2 }));
    const lobby = ok(await broker('GET', `/api/game/${gameId}/lobby`));
    expect(lobby.data.game_status).toBe(1);
    expect(lobby.data.game_players_data).toHaveLength(3);

    const brokerSocket = await listen(brokerUser.token);
    const aliceSocket = await listen(aliceUser.token);
    try {
      for (const s of [brokerSocket, aliceSocket]) {
        const joined = await s.socket.timeout(5000).emitWithAck('game:join', { game_id: gameId });
        expect(joined.data.game.id).toBe(gameId);
      }

      ok(
        await broker('POST', `/api/game/${gameId}/settings`, {
          starting_funds: 500000,
          payday_increment: 100000,
          trade_phase_duration: 60,
        }),
      );
      ok(await broker('POST', `/api/game/${gameId}/start`));
      await aliceSocket.until('game:started');
      const stocks = ok(await alice('GET', `/api/game/${gameId}/stocks`)).data
        .stocks_data as Array<{
        stock_id: number;
        current_price: number;
      }>;
      const stock = stocks[0]!;

      // A price update, seen by every device.
      const moved = ok(
        await broker('POST', `/api/game/${gameId}/stocks`, {
          stock_id: stock.stock_id,
          operation: '+',
          value: 10,
        }),
      );
      expect(moved.data.stock_id).toBe(stock.stock_id);
      const priceEvent = await aliceSocket.until('price:updated');
      expect(priceEvent).toMatchObject({ game_id: gameId, stock_id: stock.stock_id });
      expect(priceEvent.price).toBe(moved.data.updatedPrice);

      // A trade phase and orders.
      expectRefused(await alice('POST', `/api/game/${gameId}/stocks/trade`, order(stock, 0, 1)));
      ok(await broker('PUT', `/api/game/${gameId}/update/orderbook`, { orderbook_status: 1 }));
      await aliceSocket.until('phase:started');
      ok(await alice('POST', `/api/game/${gameId}/stocks/trade`, order(stock, 0, 10)));
      ok(await alice('POST', `/api/game/${gameId}/stocks/trade`, order(stock, 1, 4)));
      ok(await rav('POST', `/api/game/${gameId}/stocks/trade`, order(stock, 0, 1)));
      const portfolio = ok(await alice('GET', `/api/game/${gameId}/user/portfolio`)).data;
      const row = portfolio.portfolio_data.find((r: any) => r.stock_id === stock.stock_id);
      expect(row.total_quantity).toBe(6);
      expect((await aliceSocket.until('portfolio:updated', 3)).portfolio.portfolio_data).toEqual(
        portfolio.portfolio_data,
      );
      ok(await broker('PUT', `/api/game/${gameId}/update/orderbook`, { orderbook_status: 0 }));
      await aliceSocket.until('phase:ended');

      // A payday.
      const cashBefore = portfolio.current_balance as number;
      ok(await broker('PUT', `/api/game/${gameId}/payday`));
      await aliceSocket.until('payday:given');
      const paid = ok(await alice('GET', `/api/game/${gameId}/user/portfolio`)).data;
      expect(paid.current_balance).toBe(cashBefore + 100000);

      // Market mayhem: the list, the investors' answers, the average.
      ok(
        await broker('POST', `/api/marketMayhem/game/${gameId}`, {
          stock_ids: [stock.stock_id, stocks[1]!.stock_id],
          percentage: [12, -5],
        }),
        201,
      );
      const list = ok(await alice('GET', `/api/marketMayhem/game/${gameId}`)).data;
      expect(list.stock_ids.map((s: { stock_id: number }) => s.stock_id)).toEqual([
        stock.stock_id,
        stocks[1]!.stock_id,
      ]);
      expect(list.percentage).toEqual([12, -5]);
      const answer = { stocks: [{ stock_id: stock.stock_id, percentage: 12 }] };
      ok(await alice('POST', `/api/marketMayhem/${list.id}/respond`, answer));
      ok(await rav('POST', `/api/marketMayhem/${list.id}/respond`, answer));
      ok(await broker('POST', `/api/marketMayhem/${list.id}/average`));
      const averaged = await aliceSocket.until('mayhem:averaged');
      expect(averaged.changes).toEqual([
        expect.objectContaining({ stock_id: stock.stock_id, percentage: 12 }),
      ]);

      // History, the end and the leaderboard.
      const history = ok(await alice('GET', `/api/game/${gameId}/transactions`)).data as Array<{
        type: string;
      }>;
      expect(history.map((h) => h.type)).toEqual(
        expect.arrayContaining(['Price update', 'Market mayhem']),
      );
      ok(await broker('POST', `/api/game/${gameId}/end`));
      const ended = await aliceSocket.until('game:ended');
      const showdown = ok(await alice('GET', `/api/game/${gameId}/showdown`)).data as Array<{
        username: string;
        rank: number;
      }>;
      expect(showdown.map((r) => r.username).sort()).toEqual(['Spec Alice', 'Spec Rav']);
      expect(ended.ranking).toEqual(showdown);
      expect(ok(await broker('POST', '/api/game/join', { code })).data.game_id).not.toBe(gameId);
    } finally {
      brokerSocket.socket.close();
      aliceSocket.socket.close();
    }
  });
});

function order(stock: { stock_id: number }, tradeType: 0 | 1, quantity: number) {
  return { stock_id: stock.stock_id, trade_type: tradeType, quantity };
}

function expectRefused(answer: Answer) {
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.body.success).toBe(false);
  expect(typeof answer.body.error?.message).toBe('string');
}

/**
 * A database that goes away mid-game: the server (WORKERS=2, on a PostgreSQL of the test's own
 * that it stops and starts) answers every call meanwhile with 503, a Retry-After and the message
 * that the game is briefly unavailable (REST orders, socket orders, price moves, reads), and
 * serves again once the database is back, without a restart; an order retried with its
 * Idempotency-Key is placed once. A socket whose token cannot be checked meanwhile is told the
 * game is briefly unavailable, not that it is signed out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { openPhase, setupTable, type TableSetup } from './helpers/game.ts';
import { ServerProcess, freePort, prepareServerProcess } from './helpers/process.ts';
import { PrivatePostgres } from './helpers/services.ts';
import { http, signUp } from './helpers/server.ts';
import { CONNECT_ERROR } from '@showdown/shared/protocol';
import { TestClient, waitUntil } from './helpers/sockets.ts';

const SUITE_MS = 180_000;

/** A REST call with its headers (the helper's `http` keeps only status and body). */
async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(url + path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': 'outage-order-1',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

const UNAVAILABLE = {
  success: false,
  error: { code: ERROR_CODE.UNAVAILABLE, message: MSG.DATABASE_UNAVAILABLE },
};

describe('while the database is away', { timeout: SUITE_MS }, () => {
  let prepared: Awaited<ReturnType<typeof prepareServerProcess>>;
  let pg: PrivatePostgres;
  let server: ServerProcess;

  beforeAll(async () => {
    prepared = await prepareServerProcess('db-outage');
    pg = await PrivatePostgres.start();
    server = await new ServerProcess(await freePort(), {
      ...prepared.env,
      DATABASE_URL: pg.url,
      WORKERS: '2',
    }).start();
  }, SUITE_MS);
  afterAll(async () => {
    await server?.kill();
    await pg?.destroy();
    await prepared?.dispose();
  });

  it('every call answers 503 with Retry-After and says the game is briefly unavailable; all serve again after', async () => {
    const table: TableSetup = await setupTable(
      { url: server.url, otps: prepared.otps },
      { investors: 1, start: true },
    );
    await openPhase(table);
    const investor = table.investors[0]!;
    const sockets = [
      await TestClient.connect(server.url, investor.token),
      await TestClient.connect(server.url, investor.token),
    ];
    const broker = await TestClient.connect(server.url, table.broker.token);
    const order = { stock_id: 1, trade_type: 0, quantity: 10 };
    const orderPath = `/api/game/${table.gameId}/stocks/trade`;
    const move = { stock_id: 2, operation: '+', value: 1 };

    pg.stop();
    try {
      // Several of each: the two workers each answer some of them.
      for (let i = 0; i < 4; i++) {
        const answers = [
          await call(server.url, investor.token, 'POST', orderPath, order),
          await call(
            server.url,
            table.broker.token,
            'POST',
            `/api/game/${table.gameId}/stocks`,
            move,
          ),
          await call(server.url, investor.token, 'GET', `/api/game/${table.gameId}/user/portfolio`),
          await call(server.url, investor.token, 'GET', '/api/user/profile'),
        ];
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(503);
          expect(Number(answer.retryAfter)).toBeGreaterThan(0);
          expect(answer.body).toEqual(UNAVAILABLE);
        }
      }
      for (const socket of sockets) {
        const placed = await socket.emit('order:place', {
          game_id: table.gameId,
          ...order,
          idempotency_key: 'outage-order-1',
        });
        expect(placed).toEqual({
          error: { ...UNAVAILABLE.error, status: 503, retry_after: expect.any(Number) },
        });
        const joined = await socket.emit('game:join', { game_id: table.gameId });
        expect(joined).toEqual({
          error: { ...UNAVAILABLE.error, retry_after: expect.any(Number) },
        });
      }
      const moved = await broker.emit('price:update', { game_id: table.gameId, ...move });
      expect(moved).toEqual({
        error: { ...UNAVAILABLE.error, status: 503, retry_after: expect.any(Number) },
      });
      expect((await http(server.url).get('/readyz')).status).toBe(503);
    } finally {
      await pg.start();
    }

    // Back without a restart of the server.
    await waitUntil(
      async () => (await http(server.url).get('/readyz')).status === 200,
      30_000,
      'ready again',
    );
    await waitUntil(
      async () => (await call(server.url, investor.token, 'POST', orderPath, order)).status === 200,
      30_000,
      'the order placed',
    );
    // The same key again, over REST and the socket: the first run's answer, one order in all.
    expect((await call(server.url, investor.token, 'POST', orderPath, order)).status).toBe(200);
    const again = await sockets[0]!.emit('order:place', {
      game_id: table.gameId,
      ...order,
      idempotency_key: 'outage-order-1',
    });
    expect(again).toHaveProperty('data');
    const history = await investor.api.get(`/api/game/${table.gameId}/transactions`);
    expect(history.status).toBe(200);
    const moved = await broker.emit('price:update', { game_id: table.gameId, ...move });
    expect(moved).toHaveProperty('data');
    for (const socket of [...sockets, broker]) socket.close();
    const portfolio = await investor.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.status).toBe(200);
    const { portfolio_data: holdings, total_balance, current_balance } = portfolio.body.data;
    const stock = holdings.find((h: { stock_id: number }) => h.stock_id === order.stock_id);
    // One order of 10, paid once.
    expect(stock.total_quantity).toBe(10);
    expect(current_balance).toBe(total_balance - stock.total_invested_price);
  });
  it('a socket handshake is refused as briefly unavailable (retry), not as signed out', async () => {
    // A session neither process has checked yet: the handshake must read its row.
    const user = await signUp({ url: server.url, otps: prepared.otps }, 'Handshake Hema');
    pg.stop();
    try {
      // Several: the two workers each take some of them.
      for (let i = 0; i < 4; i++) {
        const refused = await TestClient.connect(server.url, user.token).then(
          (client) => {
            client.close();
            return undefined;
          },
          (err: Error & { data?: unknown }) => err,
        );
        expect(refused?.message).toBe(CONNECT_ERROR.UNAVAILABLE);
        expect(refused?.data).toEqual({
          code: ERROR_CODE.UNAVAILABLE,
          message: MSG.DATABASE_UNAVAILABLE,
          retry_after: expect.any(Number),
        });
      }
    } finally {
      await pg.start();
    }
    // The same token connects once the database is back: it was never signed out.
    await waitUntil(
      async () =>
        TestClient.connect(server.url, user.token).then(
          (client) => (client.close(), true),
          () => false,
        ),
      30_000,
      'the socket connects again',
    );
  });
});

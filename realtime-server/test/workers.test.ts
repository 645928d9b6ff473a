import http from 'node:http';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { openPhase, setupTable } from './helpers/game.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * WORKERS=2: one port, two worker processes on one PostgreSQL, as `npm start` runs it. Several
 * processes need a database server, so this suite belongs to the PostgreSQL project.
 */

/** GET on a new TCP connection each time: the cluster hands each to the next worker. */
function freshGet(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('WORKERS=2 behind one port', () => {
  const { otps, nodes } = useNodes({
    suite: 'the WORKERS suite',
    env: { WORKERS: '2', LOG_LEVEL: 'info' },
  });
  const [server] = nodes as [ServerProcess];

  it('spreads requests over two processes, and every socket on either gets every event', async () => {
    const table = await setupTable({ url: server.url, otps }, { investors: 3, start: true });
    const seated = [table.broker, ...table.investors];
    const clients = await Promise.all(seated.map((s) => TestClient.connect(server.url, s.token)));
    for (const c of clients) await c.snapshot('game:join', table.gameId);
    // Requests were answered by two different processes (each request line carries its pid).
    const answeredBy = () =>
      new Set(
        [...server.output.matchAll(/"pid":(\d+)[^\n]*"msg":"GET \/api\/user\/profile 200/g)].map(
          (m) => m[1],
        ),
      );
    // The cluster hands a new connection to the next worker free to take one; a worker still
    // acknowledging an earlier connection (a loaded machine) is passed over, and the log lines
    // reach this process a little after the answers. So ask until both have answered, a bounded
    // number of times.
    for (let i = 0; i < 20 && answeredBy().size < 2; i++) {
      await freshGet(`${server.url}/api/user/profile`, table.broker.token);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answeredBy().size).toBe(2);

    await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: 5,
      operation: '+',
      value: 9,
    });
    for (const c of clients) {
      expect(await c.waitFor('price:updated')).toMatchObject({ stock_id: 5, price: 1656.8 });
    }
    await openPhase(table);
    for (const c of clients) await c.waitFor('phase:started');
    const buyer = table.investors[2]!;
    await buyer.api.post(`/api/game/${table.gameId}/stocks/trade`, {
      stock_id: 5,
      trade_type: 0,
      quantity: 1,
    });
    expect((await clients[3]!.waitFor('portfolio:updated')).game_id).toBe(table.gameId);
    for (const c of clients) c.close();
  });

  it('presence counts the sockets on both workers', async () => {
    const table = await setupTable({ url: server.url, otps }, { investors: 3 });
    const seated = [table.broker, ...table.investors];
    // One new connection each: the cluster hands them to the workers in turn.
    const clients: TestClient[] = [];
    for (const s of seated) {
      const client = await TestClient.connect(server.url, s.token);
      await client.snapshot('game:join', table.gameId);
      clients.push(client);
    }
    const ids = seated.map((s) => s.playerId).sort((a, b) => a - b);
    const tv = await TestClient.connect(server.url);
    const spectated = await tv.emit<any>('board:spectate', { code: table.code });
    expect('data' in spectated && spectated.data.online).toEqual(ids);
    await clients[0]!.waitFor('presence:changed', (p) => p.online.length === 4);
    clients[3]!.close();
    const left = await clients[0]!.waitFor('presence:changed', (p) => p.online.length === 3);
    expect(left.online).toEqual(ids.filter((id) => id !== table.investors[2]!.playerId));
    for (const c of [...clients, tv]) c.close();
  });

  it('a logout reaches the session cache of every worker', async () => {
    const table = await setupTable({ url: server.url, otps }, { investors: 1 });
    const user = table.investors[0]!;
    const url = `${server.url}/api/user/profile`;
    // Both workers see the token live (and keep that in their cache).
    for (let i = 0; i < 4; i++) expect((await freshGet(url, user.token)).status).toBe(200);
    expect((await user.api.get('/api/auth/logout')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await freshGet(url, user.token)).status).toBe(401);
  });

  it('keeps serving after thousands of clients reset their connection mid-request', async () => {
    // Each sends the head of a POST and part of its body, then resets (RST) the connection, a
    // thousand at a time: a reset while the cluster hands the connection to a worker must
    // leave it serving (a primary that read first requests itself would abort here).
    const port = Number(new URL(server.url).port);
    const resetMidRequest = () =>
      new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/game/1/stocks/trade HTTP/1.1\r\nHost: x\r\n' +
              'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"stock_id":1,',
          );
          setImmediate(() => {
            socket.resetAndDestroy();
            resolve();
          });
        });
        socket.on('error', () => resolve());
      });
    // Whole requests at the same time keep the workers (and the hand-over channel) busy.
    const busy = Array.from({ length: 100 }, async () => {
      for (let i = 0; i < 20; i++) {
        await fetch(`${server.url}/api/game/1/stocks/trade`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
          body: '{"stock_id":1,"trade_type":0,"quantity":1}',
          signal: AbortSignal.timeout(100),
        }).then(
          (res) => res.text(),
          () => undefined,
        );
      }
    });
    for (let i = 0; i < 10; i++) {
      await Promise.all(Array.from({ length: 1000 }, resetMidRequest));
    }
    await Promise.all(busy);
    // Node's cluster hands each accepted connection to a worker over IPC, one at a time: on
    // this shared machine ten thousand of them take a while to drain; then it serves again.
    await waitUntil(
      () =>
        fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
          (res) => res.status === 200,
          () => false,
        ),
      90_000,
      'the health check to answer after the resets',
    );
    // A whole request with a body still reaches a worker and is answered.
    const table = await setupTable({ url: server.url, otps }, { investors: 1 });
    expect((await table.investors[0]!.api.get('/api/user/profile')).status).toBe(200);
  }, 240_000);
});

import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from './helpers/database.ts';
import { OtpInbox } from './helpers/otp-inbox.ts';
import { ServerProcess, freePort } from './helpers/process.ts';
import { openPhase, setupTable } from './helpers/game.ts';
import { TestClient } from './helpers/sockets.ts';
import type { DatabaseHandle } from '../src/db/client.ts';

/**
 * WORKERS=2: one port, two worker processes on one PostgreSQL, as `npm start` runs it. Several
 * processes need a database server, so this suite belongs to the PostgreSQL project.
 */

/** GET on a new TCP connection each time: the primary hands each to the next worker. */
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
  let otps: OtpInbox;
  let db: DatabaseHandle & { url?: string };
  let server: ServerProcess;

  beforeAll(async () => {
    if (testDriver !== 'pg') throw new Error('the WORKERS suite runs on PostgreSQL');
    otps = new OtpInbox();
    const webhook = await otps.start();
    db = await createTestDatabase();
    server = await new ServerProcess(await freePort(), {
      OTP_SENDER: 'webhook',
      OTP_WEBHOOK_URL: webhook,
      DATABASE_URL: db.url!,
      WORKERS: '2',
      LOG_LEVEL: 'info',
    }).start();
  });

  afterAll(async () => {
    await server?.kill();
    await otps?.close();
    await db?.close();
  });

  it('spreads requests over two processes, and every socket on either gets every event', async () => {
    const table = await setupTable({ url: server.url, otps }, { investors: 3, start: true });
    const seated = [table.broker, ...table.investors];
    const clients = await Promise.all(seated.map((s) => TestClient.connect(server.url, s.token)));
    for (const c of clients) await c.snapshot('game:join', table.gameId);
    // Requests were answered by two different processes (each request line carries its pid).
    for (let i = 0; i < 4; i++) {
      await freshGet(`${server.url}/api/user/profile`, table.broker.token);
    }
    const pids = new Set(
      [...server.output.matchAll(/"pid":(\d+)[^\n]*"msg":"GET \/api\/user\/profile 200/g)].map(
        (m) => m[1],
      ),
    );
    expect(pids.size).toBe(2);

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

  it('a logout reaches the session cache of every worker', async () => {
    const table = await setupTable({ url: server.url, otps }, { investors: 1 });
    const user = table.investors[0]!;
    const url = `${server.url}/api/user/profile`;
    // Both workers see the token live (and keep that in their cache).
    for (let i = 0; i < 4; i++) expect((await freshGet(url, user.token)).status).toBe(200);
    expect((await user.api.get('/api/auth/logout')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await freshGet(url, user.token)).status).toBe(401);
  });
});

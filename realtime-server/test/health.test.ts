import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { healthRouter } from '../src/http/health.ts';
import { createTestDatabase, testDriver } from './helpers/database.ts';
import { http as client, startTestServer, type TestServer } from './helpers/server.ts';

/** Each test starts a server of its own (a fresh database): slower than a plain test. */
const SERVER_TEST_MS = 90_000;

/**
 * `/healthz`: the process is alive, whatever its dependencies do. `/readyz`: 200 while the
 * database (and Redis, when configured) answer and no shutdown began; 503 with the reason.
 */
let server: TestServer | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  await server?.close().catch(() => undefined);
  server = undefined;
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('health and readiness', () => {
  it(
    'answers /healthz and /readyz while the database answers',
    async () => {
      server = await startTestServer();
      const alive = await client(server.url).get('/healthz');
      expect(alive).toEqual({ status: 200, body: { status: 'ok' } });
      const ready = await client(server.url).get('/readyz');
      expect(ready).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok' } } });
    },
    SERVER_TEST_MS,
  );

  it(
    'stays alive but is not ready while the database does not answer',
    async () => {
      const database = await createTestDatabase();
      server = await startTestServer({ database });
      // The pool (and on PGlite its worker) closed: every query fails from now on.
      await database.close();
      expect((await client(server.url).get('/healthz')).status).toBe(200);
      const ready = await client(server.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.status).toBe('unavailable');
      expect(ready.body.reason).toMatch(/^database: /);
      expect(ready.body.checks.database).not.toBe('ok');
    },
    SERVER_TEST_MS,
  );

  it(
    'is not ready from the moment a shutdown begins',
    async () => {
      server = await startTestServer();
      const { application } = server;
      // The listening socket closes with the shutdown: ask the same app through a server of its own.
      const probe = http.createServer(application.app);
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      cleanups.push(() => new Promise<void>((resolve) => probe.close(() => resolve())));
      const probeUrl = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
      expect((await client(probeUrl).get('/readyz')).status).toBe(200);

      const closed = application.close(); // what SIGTERM calls (main.ts)
      const ready = await client(probeUrl).get('/readyz');
      expect(ready).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'shutting down' },
      });
      expect((await client(probeUrl).get('/healthz')).status).toBe(200);
      await closed;
    },
    SERVER_TEST_MS,
  );
});

describe('readiness during a shutdown', () => {
  it('a check already running when the shutdown begins answers 503, even when it passes', async () => {
    let stopping = false;
    let pass!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const app = express();
    app.use(
      healthRouter({
        checks: {
          database: () =>
            new Promise<void>((resolve) => {
              pass = resolve;
              started();
            }),
        },
        stopping: () => stopping,
      }),
    );
    const probe = http.createServer(app);
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => probe.close(() => resolve())));
    const url = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;

    const answer = client(url).get('/readyz');
    await running;
    stopping = true; // SIGTERM arrives while the check runs
    pass();
    expect(await answer).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'shutting down' },
    });
  });
});

/** A TCP relay to Redis that the test can cut, as a network fault or a Redis restart would. */
async function redisRelay(target: URL) {
  const connections = new Set<net.Socket>();
  const relay = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    connections.add(socket).add(upstream);
    socket.pipe(upstream).pipe(socket);
    const drop = () => {
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `redis://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    cut: () =>
      new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const socket of connections) socket.destroy();
      }),
  };
}

// Redis is configured on the PostgreSQL project's machine (CI: always; a missing URL fails).
describe.runIf(testDriver === 'pg')('readiness with Redis', () => {
  it(
    'is not ready while Redis does not answer',
    async () => {
      const redisUrl = process.env.TEST_REDIS_URL;
      if (!redisUrl) throw new Error('TEST_REDIS_URL is required (e.g. redis://127.0.0.1:6379)');
      const relay = await redisRelay(new URL(redisUrl));
      cleanups.push(() => relay.cut());
      server = await startTestServer({
        env: { REDIS_URL: relay.url, REDIS_STREAM_NAME: `showdown-test:${randomUUID()}` },
      });
      const ready = await client(server.url).get('/readyz');
      expect(ready).toEqual({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
      });

      await relay.cut();
      const down = await client(server.url).get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body.reason).toMatch(/^redis: /);
      expect(down.body.checks).toMatchObject({ database: 'ok' });
      expect((await client(server.url).get('/healthz')).status).toBe(200);
      // A shutdown does not wait for the Redis that is gone (it hung on a graceful QUIT).
      await server.close();
      server = undefined;
    },
    SERVER_TEST_MS,
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANIES } from '@showdown/shared/catalogue';
import { testDriver } from './helpers/database.ts';
import { startNodes, type NodeSet } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { http as client, startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';
import { TestClient } from './helpers/sockets.ts';
import { freshStatus } from './helpers/raw-http.ts';

/** `/metrics`: Prometheus text, only with METRICS_TOKEN set and only for its bearer. */
const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample of the exposition text (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

async function scrape(url: string, token = TOKEN) {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('/metrics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => server?.close());

  it('is not there without METRICS_TOKEN, and nothing only a scrape would read is gathered', async () => {
    const plain = await startTestServer();
    try {
      expectError(await client(plain.url).get('/metrics'), 404);
      expect((await client(plain.url).get('/api/config')).status).toBe(200);
      const { registry, httpRequestDuration } = plain.application.context.metrics;
      // No event-loop monitor waking the idle process, no GC observer, no request timings.
      expect(registry.getSingleMetric('nodejs_eventloop_lag_seconds')).toBeUndefined();
      expect(registry.getSingleMetric('nodejs_gc_duration_seconds')).toBeUndefined();
      expect((await httpRequestDuration.get()).values).toEqual([]);
    } finally {
      await plain.close();
    }
  }, 60_000);

  it('answers only the bearer of the token', async () => {
    expectError(await client(server.url).get('/metrics'), 401);
    expectError(await client(server.url, 'not-the-token').get('/metrics'), 401);
    const res = await scrape(server.url);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('counts requests, sockets, orders, broadcasts, database waits and games', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    await openPhase(table);
    const investor = table.investors[0]!;
    const trade = `/api/game/${table.gameId}/stocks/trade`;
    const stock = COMPANIES[0]!.id;
    const before = (await scrape(server.url)).text;
    const portfolioEvents = (text: string) =>
      sample(text, 'showdown_broadcasts_total', { event: 'portfolio:updated' }) ?? 0;
    expect(
      (await investor.api.post(trade, { stock_id: stock, trade_type: 0, quantity: 10 })).status,
    ).toBe(200);
    // Selling what the investor does not hold: a refusal.
    const refused = await investor.api.post(trade, {
      stock_id: stock,
      trade_type: 1,
      quantity: 999,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const device = await TestClient.connect(server.url, investor.token);
    try {
      const { text } = await scrape(server.url);
      // The default process metrics: event-loop lag, GC, heap.
      for (const name of [
        'nodejs_eventloop_lag_seconds',
        'nodejs_heap_size_used_bytes',
        'process_cpu_user_seconds_total',
      ]) {
        expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
      }
      expect(text).toContain('# TYPE nodejs_gc_duration_seconds histogram');
      expect(
        sample(text, 'showdown_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/game/:id/stocks/trade',
          status: '200',
        }),
      ).toBe(1);
      expect(text).toContain('# TYPE showdown_http_request_duration_seconds histogram');
      expect(sample(text, 'showdown_socket_connections')).toBe(1);
      expect(sample(text, 'showdown_orders_total', { outcome: 'placed' })).toBe(1);
      expect(sample(text, 'showdown_orders_total', { outcome: 'refused' })).toBe(1);
      expect(sample(text, 'showdown_broadcasts_total', { event: 'phase:started' })).toBe(1);
      // The placed order told the investor's devices; the refused one did not.
      expect(portfolioEvents(text) - portfolioEvents(before)).toBe(1);
      expect(sample(text, 'showdown_db_wait_seconds_count')).toBeGreaterThan(0);
      expect(sample(text, 'showdown_games', { status: 'running' })).toBe(1);
      expect(sample(text, 'showdown_games', { status: 'lobby' })).toBe(0);
    } finally {
      device.socket.disconnect();
    }
  });
});

// Several processes need a database server: the PostgreSQL project's.
describe.runIf(testDriver === 'pg')('/metrics with WORKERS=2', () => {
  let set: NodeSet | undefined;

  afterAll(() => set?.close({ graceful: true }));

  it('one scrape covers every worker', async () => {
    set = await startNodes({
      suite: '/metrics with WORKERS=2',
      env: { WORKERS: '2', METRICS_TOKEN: TOKEN },
    });
    const { otps } = set;
    const [cluster] = set.nodes as [ServerProcess];
    await setupTable({ url: cluster.url, otps }, { investors: 1 });
    const asked = 12;
    for (let i = 0; i < asked; i++) expect(await freshStatus(`${cluster.url}/readyz`)).toBe(200);

    const { status, text } = await scrape(cluster.url);
    expect(status).toBe(200);
    // Each worker counted the requests it served; the scrape adds them up.
    expect(
      sample(text, 'showdown_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/readyz',
        status: '200',
      }),
    ).toBe(asked);
    // Both workers count the one database's games: taken once, not summed.
    expect(sample(text, 'showdown_games', { status: 'lobby' })).toBe(1);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });
});

/**
 * Redis away: a node keeps serving its own rooms. Two nodes (one on PGlite, which lives in one
 * process) on a private Redis that the test stops, or freezes, while price moves are made through
 * node A: every socket on node A hears each move while Redis is still away, and once Redis is
 * back a device on node B catches up (it resyncs on the gap). And a node whose Redis does not
 * answer at start starts all the same, says why it is not ready, and joins when Redis comes.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDriver } from './helpers/database.ts';
import { setupTable } from './helpers/game.ts';
import { ServerProcess, freePort, prepareServerProcess } from './helpers/process.ts';
import { PrivateRedis } from './helpers/services.ts';
import { http } from './helpers/server.ts';
import { GameView, TestClient, waitUntil } from './helpers/sockets.ts';

/** Several nodes need a database server; on PGlite one node shows the same. */
const NODES = testDriver === 'pg' ? 2 : 1;
const SUITE_MS = 180_000;

type Prepared = Awaited<ReturnType<typeof prepareServerProcess>>;

async function startNodes(prepared: Prepared, redisUrl: string): Promise<ServerProcess[]> {
  const env = { ...prepared.env, REDIS_URL: redisUrl, REDIS_STREAM_NAME: `outage:${randomUUID()}` };
  const nodes: ServerProcess[] = [];
  for (let i = 0; i < NODES; i++) nodes.push(new ServerProcess(await freePort(), env));
  await Promise.all(nodes.map((node) => node.start()));
  return nodes;
}

const readiness = async (node: ServerProcess) => http(node.url).get('/readyz');

async function untilReady(nodes: ServerProcess[]) {
  for (const node of nodes) {
    await waitUntil(
      async () => (await readiness(node)).status === 200,
      20_000,
      `${node.url} ready`,
    );
  }
}

describe('while Redis is away', { timeout: SUITE_MS }, () => {
  let prepared: Prepared;
  let redis: PrivateRedis;
  let nodes: ServerProcess[] = [];

  beforeAll(async () => {
    prepared = await prepareServerProcess('redis-outage');
    redis = await PrivateRedis.start();
    nodes = await startNodes(prepared, redis.url);
  }, SUITE_MS);
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await redis?.destroy();
    await prepared?.dispose();
  });

  const outages = [
    { name: 'stopped', begin: () => redis.stop(), end: () => redis.start() },
    {
      name: 'frozen',
      begin: async () => redis.pause(),
      end: async () => redis.resume(),
    },
  ] as const;

  it.each(outages)(
    'Redis $name: each price move through node A reaches its sockets during the outage; node B catches up after',
    async ({ begin, end }) => {
      const [nodeA, nodeB] = nodes as [ServerProcess, ServerProcess | undefined];
      const table = await setupTable(
        { url: nodeA.url, otps: prepared.otps },
        {
          investors: 2,
          start: true,
        },
      );
      const onA = await new GameView(
        await TestClient.connect(nodeA.url, table.investors[0]!.token),
        table.gameId,
      ).join();
      const tvA = await TestClient.connect(nodeA.url);
      expect(await tvA.emit('board:spectate', { code: table.code })).toHaveProperty('data');
      const onB =
        nodeB &&
        (await new GameView(
          await TestClient.connect(nodeB.url, table.investors[1]!.token),
          table.gameId,
        ).join());
      const move = async (value: number) => {
        const res = await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
          stock_id: 2,
          operation: '+',
          value,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      };

      await begin();
      try {
        for (let i = 1; i <= 3; i++) {
          await move(i);
          // Heard on node A while Redis is still away (it was: only after Redis came back).
          await waitUntil(() => onA.client.count('price:updated') === i, 5000, `move ${i} on A`);
          await waitUntil(() => tvA.count('price:updated') === i, 5000, `move ${i} on the TV`);
        }
        expect((await readiness(nodeA)).status).toBe(503);
      } finally {
        await end();
      }
      await untilReady(nodes);
      const stateA = await onA.catchUp();
      if (onB) {
        // The next move reaches B, which sees the gap and resyncs to the same state.
        await move(4);
        await waitUntil(() => onA.client.count('price:updated') === 4, 5000, 'move 4 on A');
        await waitUntil(
          async () => (await onB.catchUp()).seq === (await onA.catchUp()).seq,
          15_000,
          'node B caught up',
        );
        expect(onB.state.stocks).toEqual(onA.state.stocks);
      }
      expect(stateA.stocks.find((s) => s.stock_id === 2)).toBeDefined();
      for (const c of [onA.client, tvA, onB?.client]) c?.close();
    },
    SUITE_MS,
  );
});

describe('a Redis that does not answer at start', { timeout: SUITE_MS }, () => {
  let prepared: Prepared;
  let redis: PrivateRedis;
  let nodes: ServerProcess[] = [];

  beforeAll(async () => {
    prepared = await prepareServerProcess('redis-late');
    redis = await PrivateRedis.reserve();
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.kill()));
    await redis?.destroy();
    await prepared?.dispose();
  });

  it(
    'the nodes start, say why they are not ready, and join each other when Redis comes',
    async () => {
      // It hung: no /healthz, the log repeating ECONNREFUSED.
      nodes = await startNodes(prepared, redis.url);
      for (const node of nodes) {
        expect((await http(node.url).get('/healthz')).status).toBe(200);
        const ready = await readiness(node);
        expect(ready.status).toBe(503);
        expect(ready.body.reason).toMatch(/^redis: /);
        expect(node.output).toContain(`Redis at ${redis.url}`);
        expect(node.output).toContain('does not answer: starting without it');
      }
      const [nodeA, nodeB] = nodes as [ServerProcess, ServerProcess | undefined];
      // It serves meanwhile.
      const table = await setupTable(
        { url: nodeA.url, otps: prepared.otps },
        {
          investors: 1,
          start: true,
        },
      );

      await redis.start();
      await untilReady(nodes);
      const device = await new GameView(
        await TestClient.connect((nodeB ?? nodeA).url, table.investors[0]!.token),
        table.gameId,
      ).join();
      // A move made through node A reaches a device on node B: the nodes found each other.
      await waitUntil(
        async () => {
          const res = await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
            stock_id: 3,
            operation: '+',
            value: 1,
          });
          expect(res.status).toBe(200);
          await new Promise((r) => setTimeout(r, 500));
          return device.client.count('price:updated') > 0;
        },
        20_000,
        'a move through node A heard on node B',
      );
      device.client.close();
    },
    SUITE_MS,
  );
});

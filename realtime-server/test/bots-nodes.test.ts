/**
 * The bot driver on two nodes over one PostgreSQL and one Redis: each node claims due practice
 * games under a lease in the database, so every game is driven by one node at a time and each of
 * its steps happens once, though both nodes look every second; when a node dies, the other
 * continues its games. Several nodes need a database server: the PostgreSQL project only.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { reconcileLedger } from '../../scripts/bench/ledger.ts';
import { games, mayhems, practiceGames, pricePoints } from '../src/db/schema.ts';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { http, nextIp, signUp } from './helpers/server.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

const METRICS_TOKEN = 'bots-nodes-metrics-token-0123456789';

describe('the bot driver over two nodes', () => {
  const set = useNodes({
    suite: 'the bot driver nodes suite',
    nodes: 2,
    env: { METRICS_TOKEN, LOG_LEVEL: 'warn' },
  });
  const [nodeA, nodeB] = set.nodes as [ServerProcess, ServerProcess];

  /** This node's looks at practice games so far (its /metrics). */
  async function looks(node: ServerProcess): Promise<number> {
    const res = await fetch(`${node.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const line = (await res.text())
      .split('\n')
      .find((l) => l.startsWith('showdown_bot_looks_total'));
    return Number(line?.split(' ').at(-1) ?? 0);
  }

  /** Opens watched bot games through node A, each followed by a TV on node B. */
  async function botGames(seeds: number[]) {
    const user = await signUp({ url: nodeA.url, otps: set.otps }, 'Nodes Nia');
    const api = http(nodeA.url, user.token, { ip: nextIp() });
    const opened = [];
    for (const seed of seeds) {
      const res = await api.post('/api/practice', {
        mode: 'watch',
        bots: 3,
        trade_phase_duration: 30,
        rounds: 1,
        seed,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const tv = await TestClient.connect(nodeB.url);
      await tv.emit('board:spectate', { code: res.body.data.board_code });
      opened.push({ gameId: res.body.data.game_id as number, tv });
    }
    return opened;
  }

  async function completed(ids: number[]) {
    const rows = await set.db.db.select().from(games).where(inArray(games.id, ids));
    return rows.every((g) => g.status === 3);
  }

  /** Every step of a one-round game happened once, and no bot was refused anything. */
  async function expectPlayedOnce(gameId: number, tv: TestClient) {
    const { db } = set.db;
    const [game] = await db.select().from(games).where(eq(games.id, gameId));
    expect(game).toMatchObject({ status: 3, paydaysGiven: 1 });
    const [row] = await db.select().from(practiceGames).where(eq(practiceGames.gameId, gameId));
    expect(row?.refusals).toBe(0);
    const [moves] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pricePoints)
      .where(sql`${pricePoints.gameId} = ${gameId} and ${pricePoints.cause} = 'update'`);
    expect(moves?.n).toBe(2);
    const lists = await db.select().from(mayhems).where(eq(mayhems.gameId, gameId));
    expect(lists.map((l) => l.status)).toEqual([2]);
    await tv.waitFor('game:ended');
    expect(tv.count('game:started')).toBe(1);
    expect(tv.count('phase:started')).toBe(1);
    expect(tv.count('phase:ended')).toBe(1);
    expect(tv.count('payday:given')).toBe(1);
    expect(tv.count('mayhem:averaged')).toBe(1);
    tv.close();
  }

  it('both nodes look, each game is driven one look at a time and each step happens once', async () => {
    const opened = await botGames([21, 22, 23]);
    const ids = opened.map((o) => o.gameId);
    await waitUntil(() => completed(ids), 150_000, 'the bot games ended');
    // One more look marks each game done; then nothing is due.
    await waitUntil(
      async () =>
        (
          await set.db.db.select().from(practiceGames).where(inArray(practiceGames.gameId, ids))
        ).every((r) => r.done),
      10_000,
      'the games were marked done',
    );
    for (const { gameId, tv } of opened) await expectPlayedOnce(gameId, tv);
    const [a, b] = [await looks(nodeA), await looks(nodeB)];
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    // Every look a node took was written back under its own lease: none overlapped another's.
    const [ticks] = await set.db.db
      .select({ n: sql<number>`sum(${practiceGames.ticks})::int` })
      .from(practiceGames)
      .where(inArray(practiceGames.gameId, ids));
    expect(a + b).toBe(ticks?.n);
    const ledger = await reconcileLedger(set.db.db, 0, Number.MAX_SAFE_INTEGER);
    expect(ledger.problems).toEqual([]);
  }, 200_000);

  it('when a node dies, the other continues its games to their end', async () => {
    const opened = await botGames([31, 32]);
    const ids = opened.map((o) => o.gameId);
    await Promise.all(opened.map((o) => o.tv.waitFor('phase:started', () => true, 30_000)));
    await nodeA.kill();
    await waitUntil(() => completed(ids), 150_000, 'the bot games ended on node B');
    for (const { gameId, tv } of opened) await expectPlayedOnce(gameId, tv);
    const ledger = await reconcileLedger(set.db.db, 0, Number.MAX_SAFE_INTEGER);
    expect(ledger.problems).toEqual([]);
  }, 200_000);
});

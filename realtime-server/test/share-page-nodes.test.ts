import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useNodes } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { setupTable } from './helpers/game.ts';
import { freshStatus } from './helpers/raw-http.ts';

/**
 * A revoked share link is dead on every process of every node: two nodes of two workers each on
 * one PostgreSQL (so this suite belongs to the PostgreSQL project). The link is made through one
 * process and revoked through another; each of the four then answers its page 404.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-share-nodes-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>\n');
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/** The worker pids whose log says they answered the share page with `status`. */
function answeredBy(node: ServerProcess, status: number): Set<string> {
  const line = new RegExp(`"pid":(\\d+)[^\\n]*"msg":"GET /report/\\S* ${status} `, 'g');
  return new Set([...node.output.matchAll(line)].map((m) => m[1]!));
}

/**
 * Asks `node` for the page until both its workers have answered it (a bounded number of fresh
 * connections; see workers.test.ts), each answer with `status`.
 */
async function everyWorkerAnswers(node: ServerProcess, pathname: string, status: number) {
  for (let i = 0; i < 20 && answeredBy(node, status).size < 2; i++) {
    expect(await freshStatus(node.url + pathname)).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(answeredBy(node, status).size).toBe(2);
}

describe('a revoked share link on two nodes of two workers', () => {
  const { otps, nodes } = useNodes({
    suite: 'the share-page nodes suite',
    nodes: 2,
    env: { WORKERS: '2', LOG_LEVEL: 'info', WEB_DIST_DIR: dist },
  });
  const [nodeA, nodeB] = nodes as [ServerProcess, ServerProcess];

  it('is live on every process, then 404 on every process once revoked through one', async () => {
    const table = await setupTable({ url: nodeA.url, otps }, { investors: 1, start: true });
    expect((await table.broker.api.post(`/api/game/${table.gameId}/end`)).status).toBe(200);
    const investor = table.investors[0]!;
    const shared = await investor.api.post(`/api/game/${table.gameId}/report/share`);
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const pathname = new URL(shared.body.data.url as string).pathname;

    await everyWorkerAnswers(nodeA, pathname, 200);
    await everyWorkerAnswers(nodeB, pathname, 200);

    const revokeOnB = (await fetch(`${nodeB.url}/api/game/${table.gameId}/report/share`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${investor.token}` },
    }).then((r) => r.json())) as { data: { revoked: number } };
    expect(revokeOnB.data).toEqual({ revoked: 1 });

    await everyWorkerAnswers(nodeA, pathname, 404);
    await everyWorkerAnswers(nodeB, pathname, 404);
    for (const node of [nodeA, nodeB]) {
      expect((await fetch(`${node.url}/api${pathname}`)).status).toBe(404);
    }
  });
});

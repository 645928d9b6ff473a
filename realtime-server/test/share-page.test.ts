import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, setupTable, type TableSetup } from './helpers/game.ts';
import { MISSES_PER_ADDRESS } from '../src/http/miss-limit.ts';

/**
 * A share link's page is the app's index.html, answered with the link's truth: 200 while the
 * link is live, 404 once it is revoked or when it never existed, so link previews, crawlers and
 * anyone checking the status see a dead page (the page itself then says it is no longer shared).
 */
const html = '<!doctype html><html><body><div id="root"></div></body></html>\n';
let dist: string;
let server: TestServer;
let table: TableSetup;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-share-page-'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
  table = await setupTable(server, { investors: 1, start: true });
  const ended = await table.broker.api.post(`/api/game/${table.gameId}/end`);
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
});

afterAll(async () => {
  await server?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const page = (p: string, init: RequestInit = {}) =>
  fetch(server.url + p, { ...init, headers: { 'accept-encoding': 'gzip', ...init.headers } });

async function share(): Promise<string> {
  const shared = await table.investors[0]!.api.post(`/api/game/${table.gameId}/report/share`);
  expect(shared.status, JSON.stringify(shared.body)).toBe(201);
  return new URL(shared.body.data.url as string).pathname;
}

describe('the share page answers with the link’s state', () => {
  it('a live link: 200 and the app; once revoked: 404 with the app, the JSON 404 too', async () => {
    const pathname = await share();
    const live = await page(pathname);
    expect(live.status).toBe(200);
    expect(await live.text()).toBe(html);

    const revoked = await table.investors[0]!.api.delete(`/api/game/${table.gameId}/report/share`);
    expect(revoked.body.data).toEqual({ revoked: 1 });
    const gone = await page(pathname);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/text\/html/);
    expect(gone.headers.get('cache-control')).toBe('no-cache');
    // The app still loads: it shows "This report is no longer shared".
    expect(await gone.text()).toBe(html);
    const head = await page(pathname, { method: 'HEAD' });
    expect(head.status).toBe(404);
    // A revalidation of a copy kept from when it was live is not answered "not modified".
    const etag = live.headers.get('etag');
    if (etag)
      expect((await page(pathname, { headers: { 'if-none-match': etag } })).status).toBe(404);
    expectError(
      await table.investors[0]!.api.get(`/api${pathname}`),
      404,
      'This report link does not exist or was revoked.',
    );
  });

  it('an unknown or malformed token: 404; other routes of the app stay 200', async () => {
    expect((await page(`/report/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await page('/report/nope')).status).toBe(404);
    expect((await page('/game-report/1')).status).toBe(200);
    expect((await page('/portfolio')).status).toBe(200);
  });
});

describe('guessing share pages', () => {
  it('a dead page is a miss as a dead link is: past the misses the address gets 429', async () => {
    const live = await share();
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const statuses: number[] = [];
    for (let i = 0; i < MISSES_PER_ADDRESS + 2; i++) {
      statuses.push(
        (await page(`/report/${String(i).padStart(43, 'g')}`, from('10.9.8.7'))).status,
      );
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(MISSES_PER_ADDRESS);
    expect(statuses.slice(MISSES_PER_ADDRESS)).toEqual([429, 429]);
    // That address's live links too, its JSON too; another address is not touched.
    expect((await page(live, from('10.9.8.7'))).status).toBe(429);
    const json = await fetch(`${server.url}/api${live}`, from('10.9.8.7'));
    expect(json.status).toBe(429);
    expect((await page(live, from('10.9.8.8'))).status).toBe(200);
  });
});

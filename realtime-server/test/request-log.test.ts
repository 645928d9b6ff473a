import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { http, startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, openPhase, setupTable } from './helpers/game.ts';

/** The server's log, kept as text: one JSON line per entry. */
let logged = '';
const destination = new Writable({
  write(chunk, _encoding, done) {
    logged += String(chunk);
    done();
  },
});

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  server = await startTestServer({
    env: { WEB_DIST_DIR: webDist },
    logger: createLogger({ LOG_LEVEL: 'info' }, { pretty: false, destination }),
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/**
 * A secret query value the log must not hold. Long enough that no request id (hex), time or
 * duration in the log holds it by chance, as a four-digit one did in about one run in fifty.
 */
const OTP_VALUE = '86420975';

/** The request lines of the log (`GET /api/… 200 1.2 ms`). */
const requestLines = () =>
  logged
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

describe('the request log', () => {
  it('holds no share token over a whole share flow, nor a board code or secret query value', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const [investor] = table.investors as [any];
    const g = `/api/game/${table.gameId}`;
    await openPhase(table);
    await investor.api.post(`${g}/stocks/trade`, { stock_id: 1, trade_type: 0, quantity: 1 });
    expect((await table.broker.api.post(`${g}/end`)).status).toBe(200);

    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const shared = await investor.api.post(`${g}/report/share`);
      expect(shared.status).toBe(201);
      tokens.push(new URL(shared.body.data.url).pathname.split('/')[2]!);
    }
    const anyone = http(server.url);
    for (const token of tokens) {
      // The page the link opens, then its report; the same path in other spellings Express routes.
      expect((await fetch(`${server.url}/report/${token}`)).status).toBe(200);
      expect((await anyone.get(`/api/report/${token}`)).status).toBe(200);
      expect((await anyone.get(`/API/Report/${token}/`)).status).toBe(200);
      expect((await anyone.get(`/api/report/${token}?token=${token}&limit=1`)).status).toBe(200);
      expectError(await anyone.get(`/api/report/${token}/more`), 404);
    }
    expect((await investor.api.delete(`${g}/report/share`)).status).toBe(200);
    for (const token of tokens) expectError(await anyone.get(`/api/report/${token}`), 404);
    // A board code in a path, and values in a query string that no route reads.
    expect((await investor.api.get(`/api/board/${table.code}`)).status).toBeLessThan(500);
    await fetch(`${server.url}/spectate/${table.code}?code=${table.code}`);
    await anyone.get(`/api/spectate/${table.code}/report`);
    await investor.api.get(`/api/user/games?limit=5&otp=${OTP_VALUE}&refresh_token=${tokens[0]}`);

    const lines = requestLines();
    // The flow was logged: the redacted paths are there.
    expect(lines.filter((l) => /^GET \/api\/report\//i.test(l))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('GET /report/'))).toHaveLength(2);
    expect(lines).toContain(
      lines.find((l) => /^GET \/api\/user\/games\?limit=5&otp=\S+&refresh_token=\S+ 200/.test(l)),
    );
    for (const token of tokens) expect(logged).not.toContain(token);
    expect(logged).not.toContain(`/${table.code}`);
    expect(logged).not.toContain(`code=${table.code}`);
    expect(logged).not.toContain(OTP_VALUE);
  });
});

import { randomBytes } from 'node:crypto';
import httpClient, { type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_ERROR, MAX_SOCKETS_PER_USER } from '@showdown/shared/protocol';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { setupTable } from './helpers/game.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';
import { smuggle, statusLines, tryConnect } from './helpers/raw-http.ts';
import { MISSES_PER_ADDRESS } from '../src/http/miss-limit.ts';

/**
 * Connections on one process: a smuggled request answered once, security headers on Socket.IO's
 * own answers, at most MAX_SOCKETS_PER_USER sockets per user, board-code guessing limited per
 * address. The suites with several processes and nodes are in cluster.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const port = () => Number(new URL(server.url).port);

function expectSecurityHeaders(headers: IncomingHttpHeaders | Headers, what: string) {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  expect(get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(get('content-security-policy'), what).toContain("script-src 'self'");
  expect(get('x-content-type-options'), what).toBe('nosniff');
  expect(get('x-frame-options'), what).toBe('DENY');
  expect(get('referrer-policy'), what).toBe('no-referrer');
}

describe('request smuggling', () => {
  it('a request hidden in a body of invalid UTF-8 is never answered', async () => {
    const raw = await smuggle(port());
    expect(raw).not.toContain('smuggled.example');
    expect(statusLines(raw)).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 200 OK']);
  });
});

describe("Socket.IO's own answers", () => {
  it('refuses HTTP long-polling, with the security headers', async () => {
    const handshake = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(400);
    expect(await handshake.json()).toMatchObject({ message: 'Transport unknown' });
    expectSecurityHeaders(handshake.headers, 'polling handshake');
    const post = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling&sid=x`, {
      method: 'POST',
      body: '40',
    });
    expect(post.status).toBe(400);
    expectSecurityHeaders(post.headers, 'polling post');
    const unknown = await fetch(`${server.url}/socket.io/?EIO=2&transport=websocket`);
    expect(unknown.status).toBe(400);
    expectSecurityHeaders(unknown.headers, 'a WebSocket handshake over plain HTTP');
  });

  it('the WebSocket upgrade answer (101) carries them', async () => {
    const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
      const req = httpClient.request(`${server.url}/socket.io/?EIO=4&transport=websocket`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
        },
      });
      req.on('upgrade', (res, socket) => {
        socket.destroy();
        expect(res.statusCode).toBe(101);
        resolve(res.headers);
      });
      req.on('response', (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
      req.on('error', reject);
      req.end();
    });
    expectSecurityHeaders(headers, 'upgrade');
  });
});

describe(`at most ${MAX_SOCKETS_PER_USER} sockets per user`, () => {
  it('refuses the next one with a clear connect error, and admits again once one closes', async () => {
    const user = await signUp(server, 'Many Tabs');
    // Opened all at once: handshakes running together on one process still count each other.
    const attempts = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER + 5 }, () =>
        tryConnect(server.url, { token: user.token }),
      ),
    );
    const open = attempts.flatMap((a) => (a.outcome === 'connected' ? [a.close] : []));
    const refused = attempts.filter((a) => a.outcome === 'refused');
    expect(open).toHaveLength(MAX_SOCKETS_PER_USER);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r).toMatchObject({
        message: MSG.TOO_MANY_SOCKETS,
        data: { code: CONNECT_ERROR.TOO_MANY_SOCKETS, limit: MAX_SOCKETS_PER_USER },
      });
    }
    // Spectators (no token) and other users are not concerned.
    for (const auth of [{}, { token: (await signUp(server, 'One Tab')).token }]) {
      const other = await tryConnect(server.url, auth);
      expect(other.outcome).toBe('connected');
      if (other.outcome === 'connected') other.close();
    }
    open.pop()!();
    await waitUntil(
      async () => {
        const again = await tryConnect(server.url, { token: user.token });
        if (again.outcome === 'connected') open.push(again.close);
        return again.outcome === 'connected';
      },
      5000,
      'a place once a socket closed',
    );
    expect((await tryConnect(server.url, { token: user.token })).outcome).toBe('refused');
    for (const close of open) close();
  });
});

describe('board-code guessing', () => {
  it('is limited per address over fresh sockets, found codes included; other addresses are not', async () => {
    const table = await setupTable(server, { investors: 1 });
    const ip = nextIp();
    const other = nextIp();
    let answered = 0;
    let refused = 0;
    // Six fresh sockets from one address, 30 guesses each, within each socket's own rate
    // (the attack: 179 of 180 answered).
    for (let s = 0; s < 6; s++) {
      const socket = await TestClient.connectWithHeaders(server.url, { 'x-forwarded-for': ip });
      for (let g = 0; g < 30; g++) {
        const code = `Q${String(s * 30 + g).padStart(3, '0')}`;
        const res = await socket.emit<unknown>('board:spectate', { code });
        if ('error' in res && res.error.code === ERROR_CODE.RATE_LIMITED) {
          expect(res.error.message).toBe(MSG.SPECTATE_LIMITED);
          refused += 1;
        } else {
          expect(res).toMatchObject({ error: { code: ERROR_CODE.NOT_FOUND } });
          answered += 1;
        }
      }
      socket.close();
    }
    expect(answered).toBe(MISSES_PER_ADDRESS);
    expect(refused).toBe(180 - MISSES_PER_ADDRESS);
    // The address is refused even for a board that exists; another address is served.
    const late = await TestClient.connectWithHeaders(server.url, { 'x-forwarded-for': ip });
    expect(await late.emit('board:spectate', { code: table.code })).toMatchObject({
      error: { code: ERROR_CODE.RATE_LIMITED, message: MSG.SPECTATE_LIMITED },
    });
    const tv = await TestClient.connectWithHeaders(server.url, { 'x-forwarded-for': other });
    expect(await tv.emit('board:spectate', { code: table.code })).toHaveProperty('data');
    for (const c of [late, tv]) c.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { startTestServer, type TestServer } from './helpers/server.ts';

/** Security headers on every answer, CORS for configured origins. */
let server: TestServer;
let configured: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log(1)');
  server = await startTestServer({ env: { WEB_DIST_DIR: webDist } });
  configured = await startTestServer({ env: { CORS_ORIGINS: 'https://tv.example.com' } });
});
afterAll(async () => {
  await server?.close();
  await configured?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on every answer: API success and failure, health, the web app and its files', async () => {
    const answers = await Promise.all(
      [
        ['GET', '/healthz'],
        ['GET', '/api/avatars'],
        ['GET', '/api/user/profile'],
        ['GET', '/api/nothing-here'],
        ['POST', '/api/auth/send-otp'],
        ['GET', '/'],
        ['GET', '/portfolio'],
        ['GET', '/app.js'],
      ].map(([method, url]) =>
        fetch(server.url + url!, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'POST' ? '{"bad json' : undefined,
        }),
      ),
    );
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, res.url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect(answers.map((r) => r.status)).toEqual([200, 401, 401, 404, 400, 200, 200, 200]);
  });
});

describe('CORS', () => {
  const preflight = (base: string, origin: string) =>
    fetch(`${base}/api/avatars`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });

  it('by default grants no other origin, on simple requests and preflights', async () => {
    const simple = await fetch(`${server.url}/api/avatars`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    const pre = await preflight(server.url, 'https://evil.example');
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('grants exactly the configured origins', async () => {
    const pre = await preflight(configured.url, 'https://tv.example.com');
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://tv.example.com');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    const simple = await fetch(`${configured.url}/api/avatars`, {
      headers: { origin: 'https://tv.example.com' },
    });
    expect(simple.headers.get('access-control-allow-origin')).toBe('https://tv.example.com');
    const other = await preflight(configured.url, 'https://tv.example.com.evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  async function handshake(base: string, origin: string): Promise<'connected' | string> {
    const socket = io(base, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin },
    });
    try {
      return await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err) => resolve(err.message));
      });
    } finally {
      socket.disconnect();
    }
  }

  it('Socket.IO handshakes from another origin are refused unless configured', async () => {
    expect(await handshake(server.url, 'https://evil.example')).not.toBe('connected');
    expect(await handshake(server.url, server.url)).toBe('connected');
    expect(await handshake(configured.url, 'https://tv.example.com')).toBe('connected');
    expect(await handshake(configured.url, 'https://evil.example')).not.toBe('connected');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/http/web-app.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const script = `console.log(${JSON.stringify('the showdown '.repeat(200))});\n`;
const html = '<!doctype html><html><body><div id="root"></div></body></html>\n';
const loginHtml =
  '<!doctype html><html><body><div id="root"><main>Login</main></div></body></html>';
const tvHtml = '<!doctype html><html><body><div id="root"><main>TV</main></div></body></html>';
let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, 'logos'));
  const asset = path.join(dist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(asset, script);
  // Marked copies: the test can tell which one was sent.
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(`${script}//br\n`));
  fs.writeFileSync(`${asset}.gz`, gzipSync(`${script}//gz\n`));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(html));
  fs.writeFileSync(path.join(dist, 'logos', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"The Showdown"}');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  fs.mkdirSync(path.join(dist, 'pages'));
  fs.writeFileSync(path.join(dist, 'pages', 'login.html'), loginHtml);
  fs.writeFileSync(path.join(dist, 'pages', 'spectate.html'), tvHtml);
  fs.writeFileSync(
    path.join(dist, 'pages', 'pages.json'),
    JSON.stringify({ '/login': '/pages/login.html', '/spectate/:code': '/pages/spectate.html' }),
  );
  server = await startTestServer({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, acceptEncoding: string) =>
  fetch(server.url + p, { headers: { 'accept-encoding': acceptEncoding } });

describe('the web app: pre-compressed, cached by kind', () => {
  it('sends the brotli copy of a hashed asset, cached a year as immutable', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(`${script}//br\n`);
  });

  it('sends gzip to a client without brotli, and the file itself to one without either', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(`${script}//gz\n`);
    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(script);
  });

  it('revalidates index.html on every load, also for deep links', async () => {
    for (const p of ['/', '/portfolio', '/join-game/true']) {
      const res = await get(p, 'gzip');
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(res.headers.get('content-encoding'), p).toBe('gzip');
      expect(await res.text(), p).toBe(html);
    }
  });

  it('answers 404 for a missing hashed file and keeps the API 404 in JSON', async () => {
    expect((await get('/assets/index-gone.js', 'br')).status).toBe(404);
    const api = await get('/api/nothing-here', 'br');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { success: boolean }).success).toBe(false);
    const svg = await get('/logos/a.svg', 'br');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-encoding')).toBeNull();
    expect(svg.headers.get('cache-control')).toBe('public, max-age=3600');
  });
});

describe('prerendered pages', () => {
  it('answers a page the build prerendered with its own HTML, revalidated on every load', async () => {
    for (const [p, body] of [
      ['/login', loginHtml],
      ['/spectate/AB12', tvHtml],
      ['/spectate/ZZ99', tvHtml],
      ['/profile', html],
    ] as const) {
      const res = await get(p, 'identity');
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
      expect(res.headers.get('content-type'), p).toMatch(/text\/html/);
      expect(await res.text(), p).toBe(body);
    }
  });
});

describe('only pages get the app', () => {
  it('answers robots.txt with its file', async () => {
    const res = await get('/robots.txt', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    expect(await res.text()).toBe('User-agent: *\nAllow: /\n');
  });

  it('answers 404, not index.html, for a path that is no page', async () => {
    for (const p of ['/favicon.ico', '/metrics', '/wp-login.php', '/game/12/stocks', '/spectate']) {
      const res = await fetch(server.url + p, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toBe(html);
    }
  });
});

describe('the service worker and the manifest (installable)', () => {
  it('revalidates sw.js and the manifest on every load, so a deploy is seen at once', async () => {
    const sw = await get('/sw.js', 'gzip, br');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest', 'gzip, br');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toMatch(/application\/manifest\+json/);
  });

  it('lets the page register a worker and load the manifest of its own origin only', async () => {
    const csp = (await get('/', 'gzip')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});

describe('pickEncoding', () => {
  const both = { br: true, gz: true };
  it('prefers brotli, honours q=0 and *', () => {
    expect(pickEncoding('gzip, br', both)).toBe('br');
    expect(pickEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(pickEncoding('*', both)).toBe('br');
    expect(pickEncoding('*, br;q=0', both)).toBe('gzip');
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding('br', { br: false, gz: true })).toBeUndefined();
  });
});

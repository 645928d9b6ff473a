import express from 'express';
import { request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  lanAddresses,
  publicConfigRouter,
  startupLines,
  type NetworkInterfaces,
} from '../src/http/public-config.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

/** A laptop on the home Wi-Fi: loopback, the Wi-Fi (IPv6 link-local and IPv4), a Docker bridge. */
const laptop: NetworkInterfaces = {
  lo: [
    {
      address: '127.0.0.1',
      netmask: '255.0.0.0',
      family: 'IPv4',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '127.0.0.1/8',
    },
    {
      address: '::1',
      netmask: 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
      family: 'IPv6',
      mac: '00:00:00:00:00:00',
      internal: true,
      cidr: '::1/128',
      scopeid: 0,
    },
  ],
  wlan0: [
    {
      address: 'fe80::1c2d:3eff:fe4f:5a6b',
      netmask: 'ffff:ffff:ffff:ffff::',
      family: 'IPv6',
      mac: '1e:2d:3e:4f:5a:6b',
      internal: false,
      cidr: 'fe80::1c2d:3eff:fe4f:5a6b/64',
      scopeid: 3,
    },
    {
      address: '192.168.1.20',
      netmask: '255.255.255.0',
      family: 'IPv4',
      mac: '1e:2d:3e:4f:5a:6b',
      internal: false,
      cidr: '192.168.1.20/24',
    },
  ],
  docker0: [
    {
      address: '172.17.0.1',
      netmask: '255.255.0.0',
      family: 'IPv4',
      mac: '02:42:ac:11:00:01',
      internal: false,
      cidr: '172.17.0.1/16',
    },
  ],
};

/** GET /api/config with the Host header a browser would send (fetch cannot set it). */
function askConfig(port: number, host: string): Promise<{ data: { public_url: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/config', headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode === 200) resolve(JSON.parse(body));
          else reject(new Error(`${res.statusCode} ${body}`));
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('LAN addresses', () => {
  it('lists every non-internal IPv4 address, in the order the system gives them', () => {
    expect(lanAddresses(laptop)).toEqual(['192.168.1.20', '172.17.0.1']);
    expect(lanAddresses({ lo: laptop.lo })).toEqual([]);
  });

  it('prints one line per address as Vite does, and the TV page of a board', () => {
    expect(startupLines(3000, '0.0.0.0', laptop)).toEqual([
      '  ➜  Local:   http://localhost:3000/',
      '  ➜  Network: http://192.168.1.20:3000/',
      '  ➜  Network: http://172.17.0.1:3000/',
      '  ➜  TV:      http://192.168.1.20:3000/spectate/CODE (CODE: the board code)',
    ]);
  });

  it('says so when phones cannot reach the server', () => {
    expect(startupLines(3000, '127.0.0.1', laptop)).toEqual([
      '  ➜  Local:   http://localhost:3000/',
      '  ➜  Network: not reachable from phones (HOST=127.0.0.1); start with HOST=0.0.0.0',
      '  ➜  TV:      http://localhost:3000/spectate/CODE (CODE: the board code)',
    ]);
    expect(startupLines(8080, '0.0.0.0', { lo: laptop.lo })[1]).toBe(
      '  ➜  Network: no LAN address found (connect this machine to the Wi-Fi)',
    );
    expect(startupLines(3000, '10.0.0.5', laptop)[1]).toBe('  ➜  Network: http://10.0.0.5:3000/');
    expect(startupLines(3000, '0.0.0.0', laptop, 'https://showdown.example/').at(-1)).toBe(
      '  ➜  TV:      https://showdown.example/spectate/CODE (CODE: the board code)',
    );
  });
});

describe('GET /api/config public_url', () => {
  let server: Server;
  let port: number;
  const config = loadConfig({ JWT_SECRET: 'test-secret-test-secret-test-secret-0123' });

  beforeAll(async () => {
    const app = express();
    app.use(
      '/api',
      publicConfigRouter(config, () => laptop),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ask = (host: string, to = port) => askConfig(to, host).then((b) => b.data.public_url);

  it('a request to a loopback host gets the first LAN address with the same port', async () => {
    expect(await ask('localhost:3000')).toBe('http://192.168.1.20:3000');
    expect(await ask('127.0.0.1:4173')).toBe('http://192.168.1.20:4173');
    expect(await ask('[::1]:3000')).toBe('http://192.168.1.20:3000');
    expect(await ask('localhost')).toBe('http://192.168.1.20');
  });

  it('any other request keeps its own origin', async () => {
    expect(await ask('192.168.1.20:3000')).toBe('http://192.168.1.20:3000');
    expect(await ask('showdown.example')).toBe('http://showdown.example');
    expect(await ask('laptop.local:3000')).toBe('http://laptop.local:3000');
  });

  it('a machine with no LAN address keeps the loopback origin', async () => {
    const app = express();
    app.use(
      '/api',
      publicConfigRouter(config, () => ({ lo: laptop.lo })),
    );
    const lone = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => lone.once('listening', resolve));
    const answer = await askConfig((lone.address() as AddressInfo).port, 'localhost:3000');
    expect(answer.data.public_url).toBe('http://localhost:3000');
    await new Promise<void>((resolve) => lone.close(() => resolve()));
  });
});

describe('GET /api/config on the whole server', () => {
  let withPublicUrl: TestServer;
  beforeAll(async () => {
    withPublicUrl = await startTestServer({ env: { PUBLIC_URL: 'https://showdown.example/' } });
  });
  afterAll(() => withPublicUrl.close());

  it('PUBLIC_URL wins over a loopback request', async () => {
    const port = Number(new URL(withPublicUrl.url).port);
    expect(await askConfig(port, 'localhost:3000')).toEqual({
      success: true,
      data: { public_url: 'https://showdown.example' },
    });
  });
});

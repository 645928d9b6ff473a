/** `GET /api/config`: what a signed-out screen (the table's TV) needs to know about the server. */
import os from 'node:os';
import { Router, type Request } from 'express';
import type { PublicConfigData } from '@showdown/shared/api';
import type { Config } from '../config.ts';

/** The machine's network interfaces, as `os.networkInterfaces()` lists them (injectable in tests). */
export type NetworkInterfaces = ReturnType<typeof os.networkInterfaces>;
export type InterfacesSource = () => NetworkInterfaces;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Every non-internal IPv4 address of the machine, in the order the system lists them. */
export function lanAddresses(interfaces: NetworkInterfaces): string[] {
  const found: string[] = [];
  for (const entries of Object.values(interfaces)) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4' && !entry.internal && !found.includes(entry.address)) {
        found.push(entry.address);
      }
    }
  }
  return found;
}

/**
 * The origin phones should open: `PUBLIC_URL` without a trailing slash; else, for a request that
 * reached a loopback host (the laptop's own browser), the first LAN address with the same port,
 * as no phone can open `localhost`; else the request's own origin.
 */
export function publicOrigin(
  config: Pick<Config, 'PUBLIC_URL'>,
  req: Request,
  interfaces: InterfacesSource = os.networkInterfaces,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const own = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
  let url: URL;
  try {
    url = new URL(own);
  } catch {
    return own;
  }
  if (!LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  const [lan] = lanAddresses(interfaces());
  if (!lan) return url.origin;
  url.hostname = lan;
  return url.origin;
}

/**
 * What the server prints at start, one line each as Vite prints its Network line: the address on
 * this machine, every LAN address a phone can open and the TV's page for a board. A server bound
 * to one address lists that address alone; with `PUBLIC_URL` the TV's page is under it.
 */
export function startupLines(
  port: number,
  host: string,
  interfaces: NetworkInterfaces = os.networkInterfaces(),
  publicUrl?: string,
): string[] {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const loopbackOnly = LOOPBACK_HOSTS.has(host) || host === '::1';
  const network = wildcard ? lanAddresses(interfaces) : loopbackOnly ? [] : [host];
  const origin = (address: string) =>
    `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  const tvOrigin = publicUrl?.replace(/\/+$/, '') ?? origin(network[0] ?? 'localhost');
  const lines = [`  ➜  Local:   http://localhost:${port}/`];
  for (const address of network) lines.push(`  ➜  Network: ${origin(address)}/`);
  if (network.length === 0) {
    lines.push(
      loopbackOnly
        ? `  ➜  Network: not reachable from phones (HOST=${host}); start with HOST=0.0.0.0`
        : '  ➜  Network: no LAN address found (connect this machine to the Wi-Fi)',
    );
  }
  lines.push(`  ➜  TV:      ${tvOrigin}/spectate/CODE (CODE: the board code)`);
  return lines;
}

export function publicConfigRouter(config: Config, interfaces?: InterfacesSource): Router {
  const router = Router();
  router.get('/config', (req, res) => {
    const data: PublicConfigData = { public_url: publicOrigin(config, req, interfaces) };
    res.json({ success: true, data });
  });
  return router;
}

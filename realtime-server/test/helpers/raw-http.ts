import httpClient from 'node:http';
import net from 'node:net';
import { io } from 'socket.io-client';
import { nextIp, nextPhone } from './server.ts';

/**
 * The status of a GET on a new TCP connection each time, so that a cluster hands each to the
 * next worker (requests on one kept-alive connection all go to one).
 */
export function freshStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpClient.get(url, { agent: false });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** The status lines of every HTTP answer in a raw byte stream, in order. */
export function statusLines(raw: string): string[] {
  return [...raw.matchAll(/HTTP\/1\.1 \d{3}[^\r\n]*/g)].map((m) => m[0]);
}

/**
 * Request smuggling: one refresh-token POST whose body is `{"refresh_token":"`, 35 bytes 0xFF
 * and then the text of a second request (`GET /api/config` with `Host: smuggled.example`). A
 * reader that turns the bytes into UTF-8 text grows each 0xFF to three bytes, so the body's
 * tail (exactly 70 bytes) becomes a request of its own. After the first answer one more request
 * (`GET /healthz`, Connection: close) follows on the same connection; everything the connection
 * received until it closed is returned.
 */
export function smuggle(port: number): Promise<string> {
  const prefix = Buffer.from('{"refresh_token":"');
  const invalid = Buffer.alloc(35, 0xff);
  const head = 'GET /api/config HTTP/1.1\r\nHost: smuggled.example\r\nX-Pad: ';
  const smuggled = Buffer.from(head + 'p'.repeat(70 - head.length - 4) + '\r\n\r\n');
  if (smuggled.length !== invalid.length * 2)
    throw new Error('the smuggled request must be 70 bytes');
  const body = Buffer.concat([prefix, invalid, smuggled]);
  const request = Buffer.concat([
    Buffer.from(
      'POST /api/auth/refresh-access-token HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    ),
    body,
  ]);
  return new Promise((resolve, reject) => {
    let answer = '';
    let followed = false;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (!followed && /\r\n\r\n/.test(answer)) {
        followed = true;
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      }
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no end; got:\n${answer}`)));
  });
}

export interface Upload {
  /** Sends the rest of the body; resolves with the answer (status, or the error code). */
  finish(): Promise<{ status?: number; error?: string }>;
}

/**
 * A keep-alive upload stopped mid-body: one request is answered on the connection first (so it
 * is open and served), then a send-otp POST whose headers and first bytes are sent.
 */
export async function uploadMidBody(url: string): Promise<Upload> {
  const agent = new httpClient.Agent({ keepAlive: true, maxSockets: 1 });
  const ip = nextIp();
  await new Promise<void>((resolve, reject) => {
    httpClient
      .get(`${url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve());
      })
      .on('error', reject);
  });
  const body = JSON.stringify({ country_code: '+91', phone_number: nextPhone() });
  const request = httpClient.request(`${url}/api/auth/send-otp`, {
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-forwarded-for': ip,
    },
  });
  const answered = new Promise<{ status?: number; error?: string }>((resolve) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ error: err.code ?? err.message }),
    );
  });
  request.flushHeaders();
  request.write(body.slice(0, 10));
  return {
    finish() {
      request.end(body.slice(10));
      return answered.finally(() => agent.destroy());
    },
  };
}

/** Whether nothing listens on the port any more. */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });
}

/** Opens a WebSocket-only Socket.IO connection: 'connected', or the connect_error (message, data). */
export async function tryConnect(
  url: string,
  auth: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<
  | { outcome: 'connected'; close: () => void }
  | { outcome: 'refused'; message: string; data: unknown }
> {
  const socket = io(url, {
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ outcome: 'connected', close: () => socket.close() }));
    socket.once('connect_error', (err: Error & { data?: unknown }) => {
      socket.close();
      resolve({ outcome: 'refused', message: err.message, data: err.data });
    });
  });
}

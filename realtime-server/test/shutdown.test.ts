import net from 'node:net';
import httpClient from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { ServerProcess, freePort, prepareServerProcess } from './helpers/process.ts';
import { waitUntil } from './helpers/sockets.ts';

/**
 * SIGTERM under keep-alive load stops accepting at once, finishes the
 * requests in flight, closes sockets so that clients reconnect, closes the database, exits 0.
 */
let server: ServerProcess;
let setup: Awaited<ReturnType<typeof prepareServerProcess>>;

beforeAll(async () => {
  setup = await prepareServerProcess('shutdown');
  server = await new ServerProcess(await freePort(), setup.env).start();
});

afterAll(async () => {
  await server?.kill();
  await setup?.dispose();
});

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
  afterSignal: boolean;
}

function get(agent: httpClient.Agent, url: string): Promise<Omit<Outcome, 'afterSignal'>> {
  return new Promise((resolve) => {
    const req = httpClient.get(`${url}/healthz`, { agent }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, connection: String(res.headers.connection) }),
      );
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => resolve(true));
  });

describe('SIGTERM under keep-alive load', { timeout: 60_000 }, () => {
  it('stops accepting, finishes in-flight requests, closes sockets with a reconnect, exits 0', async () => {
    const agent = new httpClient.Agent({ keepAlive: true, maxSockets: 4 });
    let signalled = false; // set once the server refuses new connections
    const outcomes: Outcome[] = [];
    // Four keep-alive connections kept busy until the server refuses new ones.
    const load = Array.from({ length: 4 }, async () => {
      for (;;) {
        const afterSignal = signalled;
        const outcome = await get(agent, server.url);
        outcomes.push({ ...outcome, afterSignal });
        if (outcome.error) return;
      }
    });
    await waitUntil(() => outcomes.length >= 20, 10_000, 'the load to run');

    // A request in flight across the signal: its headers are in, half its body is not.
    const body = JSON.stringify({ country_code: '+91', phone_number: '9876500001' });
    const inFlight = httpClient.request(`${server.url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status?: number; body: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    inFlight.flushHeaders();

    const socket = io(server.url, { transports: ['websocket'], reconnectionDelay: 60_000 });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const socketClosed = new Promise<string>((resolve) =>
      socket.once('disconnect', (reason) => resolve(reason)),
    );
    await new Promise((r) => setTimeout(r, 200)); // the half request has reached the server

    const exited = server.stop();
    await waitUntil(() => refusesConnections(server.port), 5000, 'new connections refused');
    signalled = true; // from here on the server is certainly draining

    // Reconnectable: the transport closed, not a server-side disconnect the client would obey.
    expect(await socketClosed).toBe('transport close');
    socket.disconnect();

    inFlight.end(body.slice(10));
    const done = await answered;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ success: true });

    expect(await exited).toBe(0);
    await Promise.all(load);
    agent.destroy();
    const served = outcomes.filter((o) => o.status !== undefined);
    expect(served.every((o) => o.status === 200)).toBe(true);
    // Answers given while draining tell keep-alive clients to go (they reconnect elsewhere).
    const drained = served.filter((o) => o.afterSignal);
    expect(drained.every((o) => o.connection === 'close')).toBe(true);
  });
});

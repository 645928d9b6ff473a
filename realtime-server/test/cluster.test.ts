import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_ERROR, MAX_SOCKETS_PER_USER } from '@showdown/shared/protocol';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { MISSES_PER_ADDRESS } from '../src/http/miss-limit.ts';
import type { OtpInbox } from './helpers/otp-inbox.ts';
import { startNodes, type NodeSet } from './helpers/nodes.ts';
import type { ServerProcess } from './helpers/process.ts';
import { nextIp, signUp } from './helpers/server.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';
import {
  refusesConnections,
  smuggle,
  statusLines,
  tryConnect,
  uploadMidBody,
} from './helpers/raw-http.ts';

/** Resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

const topologies = [
  { name: 'WORKERS=2 behind one port', nodes: 1, env: { WORKERS: '2' } },
  { name: 'two nodes over Redis', nodes: 2, env: { WORKERS: '1' } },
] as const;

describe.each(topologies)('$name', ({ nodes, env }) => {
  let otps: OtpInbox;
  let servers: ServerProcess[] = [];
  let set: NodeSet | undefined;

  beforeAll(async () => {
    set = await startNodes({ suite: 'the cluster suite', nodes, env });
    ({ otps, nodes: servers } = set);
  });

  afterAll(() => set?.close());

  it('answers a request smuggled in a body of invalid UTF-8 once', async () => {
    for (const server of servers) {
      for (let i = 0; i < 2; i++) {
        const raw = await smuggle(server.port);
        expect(raw).not.toContain('smuggled.example');
        // The refresh (its body is not JSON) and the following health check: nothing else.
        expect(statusLines(raw)).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 200 OK']);
      }
    }
  });

  it.runIf(nodes === 1)(
    'the primary is not in the data path: a worker answers a request whose body is still coming, and the primary holds none of it',
    async () => {
      const server = servers[0]!;
      const before = rss(server.pid!);
      // 24 connections, each holding 900 KB of a first request's body that never ends (the
      // old primary read and kept first requests whole, up to 1 MB each).
      const connections = await Promise.all(
        Array.from(
          { length: 24 },
          () =>
            new Promise<{ socket: net.Socket; answer: Promise<string> }>((resolve, reject) => {
              const socket = net.connect(server.port, '127.0.0.1', () => {
                socket.off('error', reject);
                socket.on('error', () => undefined);
                socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n');
                socket.write(Buffer.alloc(900 * 1024, 0x61));
                const answer = new Promise<string>((done) => {
                  let text = '';
                  socket.on('data', (d) => {
                    text += d.toString('latin1');
                    if (text.includes('\r\n\r\n')) done(text);
                  });
                  socket.on('close', () => done(text));
                });
                resolve({ socket, answer });
              });
              socket.once('error', reject);
            }),
        ),
      );
      // A worker reads each as it arrives: the health check (it reads no body) is answered
      // before the body is whole.
      for (const c of connections) expect(statusLines(await c.answer)[0]).toBe('HTTP/1.1 200 OK');
      const grown = rss(server.pid!) - before;
      for (const c of connections) c.socket.destroy();
      expect(grown).toBeLessThan(8 * 1024 * 1024);
    },
  );

  it(`refuses a user's socket past ${MAX_SOCKETS_PER_USER}, counted across processes`, async () => {
    const user = await signUp({ url: servers[0]!.url, otps }, 'Many Tabs');
    const urlFor = (i: number) => servers[i % servers.length]!.url;
    const open: Array<() => void> = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) {
      const attempt = await tryConnect(urlFor(i), { token: user.token });
      expect(attempt.outcome, `socket ${i + 1}`).toBe('connected');
      if (attempt.outcome === 'connected') open.push(attempt.close);
    }
    for (let i = 0; i < 2; i++) {
      const refused = await tryConnect(urlFor(i), { token: user.token });
      expect(refused).toMatchObject({
        outcome: 'refused',
        message: MSG.TOO_MANY_SOCKETS,
        data: { code: CONNECT_ERROR.TOO_MANY_SOCKETS, limit: MAX_SOCKETS_PER_USER },
      });
    }
    // Another user is not concerned; one socket closed makes room for one.
    const other = await signUp({ url: servers[0]!.url, otps }, 'One Tab');
    const theirs = await tryConnect(urlFor(1), { token: other.token });
    expect(theirs.outcome).toBe('connected');
    if (theirs.outcome === 'connected') theirs.close();
    open.pop()!();
    let again: Awaited<ReturnType<typeof tryConnect>> | undefined;
    await waitUntil(
      async () => {
        again = await tryConnect(urlFor(0), { token: user.token });
        return again.outcome === 'connected';
      },
      5000,
      'a socket once one closed',
    );
    if (again?.outcome === 'connected') open.push(again.close);
    expect((await tryConnect(urlFor(1), { token: user.token })).outcome).toBe('refused');
    for (const close of open) close();
  });

  it(`a burst of ${MAX_SOCKETS_PER_USER + 5} sockets of one user opened at once over every process: exactly ${MAX_SOCKETS_PER_USER} connect`, async () => {
    // Three users, each opening theirs at once (their bursts overlap): each gets exactly 20.
    const users = await Promise.all(
      ['Burst A', 'Burst B', 'Burst C'].map((name) => signUp({ url: servers[0]!.url, otps }, name)),
    );
    const bursts = await Promise.all(
      users.map((user) =>
        Promise.all(
          Array.from({ length: MAX_SOCKETS_PER_USER + 5 }, (_, i) =>
            tryConnect(servers[i % servers.length]!.url, { token: user.token }),
          ),
        ),
      ),
    );
    for (const attempts of bursts) {
      for (const a of attempts) if (a.outcome === 'connected') a.close();
    }
    const counts = bursts.map((attempts) => ({
      connected: attempts.filter((a) => a.outcome === 'connected').length,
      refused: attempts.filter((a) => a.outcome === 'refused' && a.message === MSG.TOO_MANY_SOCKETS)
        .length,
    }));
    expect(counts).toEqual(users.map(() => ({ connected: MAX_SOCKETS_PER_USER, refused: 5 })));
  });

  it('limits board-code guessing per address over fresh sockets on every process', async () => {
    const ip = nextIp();
    let answered = 0;
    for (let s = 0; s < 6; s++) {
      // Fresh connections: the cluster (or the test, with two nodes) spreads them.
      const socket = await TestClient.connectWithHeaders(servers[s % servers.length]!.url, {
        'x-forwarded-for': ip,
      });
      for (let g = 0; g < 10; g++) {
        const res = await socket.emit<unknown>('board:spectate', {
          code: `Q${String(s * 10 + g).padStart(3, '0')}`,
        });
        if ('error' in res && res.error.code === ERROR_CODE.NOT_FOUND) answered += 1;
        else expect(res).toMatchObject({ error: { message: MSG.SPECTATE_LIMITED } });
      }
      socket.close();
    }
    expect(answered).toBe(MISSES_PER_ADDRESS);
  });

  it('limits share-link guessing per address over every process', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let g = 0; g < 30; g++) {
      // A connection of its own each: the cluster (or the test, with two nodes) spreads them.
      const res = await fetch(
        `${servers[g % servers.length]!.url}/api/report/${randomBytes(32).toString('base64url')}`,
        { headers: { 'x-forwarded-for': ip, connection: 'close' } },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([
      ...Array<number>(MISSES_PER_ADDRESS).fill(404),
      ...Array<number>(30 - MISSES_PER_ADDRESS).fill(429),
    ]);
  });

  it.runIf(nodes === 1)('replaces a worker that dies, and keeps serving', async () => {
    const server = servers[0]!;
    const workers = () =>
      execFileSync('ps', ['-o', 'pid=', '--ppid', String(server.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => Number(line.trim()))
        .filter((pid) => pid > 0);
    const before = workers();
    expect(before).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    await waitUntil(
      () => {
        const now = workers();
        return now.length === 2 && !now.includes(before[0]!);
      },
      60_000,
      'a new worker',
    );
    await waitUntil(
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () =>
            fetch(`${server.url}/healthz`, { headers: { connection: 'close' } }).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        return answers.every((status) => status === 200);
      },
      60_000,
      'every connection served',
    );
  });

  it('SIGTERM: keep-alive uploads whose body is still arriving complete with 200', async () => {
    const server = servers[0]!;
    const uploads = await Promise.all(Array.from({ length: 3 }, () => uploadMidBody(server.url)));
    await new Promise((r) => setTimeout(r, 200)); // the bodies' first bytes have reached the server
    const exited = server.stop();
    await waitUntil(() => refusesConnections(server.port), 10_000, 'new connections refused');
    const answers = await Promise.all(uploads.map((u) => u.finish()));
    expect(answers).toEqual([{ status: 200 }, { status: 200 }, { status: 200 }]);
    expect(await exited).toBe(0);
  });
});

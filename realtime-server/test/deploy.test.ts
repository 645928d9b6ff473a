/**
 * The deployment of deploy/ as `npm run deploy:local` starts it: nginx in front of two compiled
 * nodes on one PostgreSQL and one Redis. A whole game is played through nginx with the players'
 * sockets spread over both nodes (WebSocket only); one node is killed (SIGKILL) in the middle of
 * a trade phase, and the game goes on: the dropped sockets come back through nginx to the other
 * node, the phase ends once for every socket, no acknowledged order is lost and the ledger
 * reconciles. Several nodes need a database server: this suite belongs to the PostgreSQL
 * project, and under CI a missing TEST_REDIS_URL or nginx fails it rather than skipping it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { COMPANIES } from '@showdown/shared/catalogue';
import { reconcileLedger } from '../../scripts/bench/ledger.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { games } from '../src/db/schema.ts';
import { createTestDatabase, testDriver } from './helpers/database.ts';
import { setupTable, type TableSetup } from './helpers/game.ts';
import { OtpInbox } from './helpers/otp-inbox.ts';
import { ensureServerBuilt } from './helpers/process.ts';
import { waitUntil } from './helpers/sockets.ts';

const root = path.resolve(import.meta.dirname, '../..');
const redisUrl = process.env.TEST_REDIS_URL;
const NODES = 2;

/** A base port with the NODES ports above it free on the loopback interface right now. */
async function freePortRange(count: number): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below the ephemeral range (32768+), where outgoing connections take their ports.
    const base = 12_000 + Math.floor(Math.random() * 18_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('no free port range');
}

/** A player's device: reconnects by itself and joins the game again when not recovered. */
class Device {
  readonly socket: Socket;
  connects = 0;
  drops = 0;
  readonly events: string[] = [];

  constructor(url: string, token: string, gameId: number) {
    this.socket = io(url, {
      auth: { token, protocol: 1 },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    this.socket.on('connect', () => {
      this.connects += 1;
      if (!this.socket.recovered) this.socket.emit('game:join', { game_id: gameId }, () => {});
    });
    this.socket.on('disconnect', () => (this.drops += 1));
    this.socket.onAny((name: string) => this.events.push(name));
  }

  count(name: string) {
    return this.events.filter((e) => e === name).length;
  }
}

describe('nginx in front of two nodes (npm run deploy:local)', () => {
  let otps: OtpInbox;
  let db: DatabaseHandle & { url?: string };
  let deploy: ChildProcess;
  let output = '';
  let url: string;
  const nodePids = new Map<number, number>();

  beforeAll(async () => {
    if (testDriver !== 'pg') throw new Error('the deployment suite runs on PostgreSQL');
    if (!redisUrl) throw new Error('TEST_REDIS_URL is required (e.g. redis://127.0.0.1:6379)');
    ensureServerBuilt();
    otps = new OtpInbox();
    const webhook = await otps.start();
    db = await createTestDatabase();
    const port = await freePortRange(NODES + 1);
    url = `http://127.0.0.1:${port}`;
    deploy = spawn(process.execPath, [path.join(root, 'scripts/deploy-local.mjs')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        NODES: String(NODES),
        DATABASE_URL: db.url!,
        REDIS_URL: redisUrl,
        REDIS_STREAM_NAME: `showdown-test:${randomUUID()}`,
        JWT_SECRET: 'deploy-test-secret-deploy-test-secret-01',
        OTP_SENDER: 'webhook',
        OTP_WEBHOOK_URL: webhook,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    deploy.stdout!.on('data', (d) => (output += d));
    deploy.stderr!.on('data', (d) => (output += d));
    await waitUntil(
      () => {
        if (deploy.exitCode !== null) throw new Error(`deploy:local exited:\n${output}`);
        return output.includes('deploy:local ready ');
      },
      110_000,
      'deploy:local to be ready',
    );
    for (const m of output.matchAll(/deploy:local node (\d+) pid (\d+) /g)) {
      nodePids.set(Number(m[1]), Number(m[2]));
    }
    expect(nodePids.size).toBe(NODES);
  }, 120_000);

  afterAll(async () => {
    if (deploy && deploy.exitCode === null) {
      const exited = new Promise((resolve) => deploy.once('exit', resolve));
      deploy.kill('SIGTERM');
      await exited;
    }
    await otps?.close();
    await db?.close();
  }, 60_000);

  it('plays a whole game through nginx while one node is killed in a trade phase', async () => {
    const table: TableSetup = await setupTable(
      { url, otps },
      {
        investors: 3,
        start: true,
        settings: { starting_funds: 500000, payday_increment: 300000, trade_phase_duration: 60 },
      },
    );
    const { gameId, broker, investors } = table;
    const devices = [broker, ...investors].map((p) => new Device(url, p.token, gameId));
    await waitUntil(
      () => devices.every((d) => d.connects === 1),
      20_000,
      'every device to connect',
    );

    const stock = COMPANIES[0]!.id;
    const moved = await broker.api.post(`/api/game/${gameId}/stocks`, {
      stock_id: stock,
      operation: '+',
      value: 10,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await waitUntil(
      () => devices.every((d) => d.count('price:updated') === 1),
      10_000,
      'the price update on every device',
    );

    const opened = await broker.api.put(`/api/game/${gameId}/update/orderbook`, {
      orderbook_status: 1,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);

    let accepted = 0;
    let unanswered = 0;
    const order = async (i: number) => {
      const investor = investors[i % investors.length]!;
      const res = await investor.api
        .post(`/api/game/${gameId}/stocks/trade`, { stock_id: stock, trade_type: 0, quantity: 5 })
        .catch(() => ({ status: 0, body: undefined }));
      if (res.status === 200) accepted += 1;
      else unanswered += 1; // a 502 or a dropped connection: it may or may not have committed
    };
    for (let i = 0; i < 6; i++) await order(i);

    // The middle of the trade phase: node 1 dies without a word.
    process.kill(nodePids.get(1)!, 'SIGKILL');
    await waitUntil(() => output.includes('node 1 exited'), 10_000, 'node 1 to exit');
    for (let i = 6; i < 12; i++) await order(i);

    // Sockets were on both nodes: node 1's dropped and came back through nginx to node 2.
    const dropped = devices.filter((d) => d.drops > 0);
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.length).toBeLessThan(devices.length);
    await waitUntil(
      () => devices.every((d) => d.socket.connected && d.connects === 1 + d.drops),
      20_000,
      'the dropped devices to reconnect',
    );

    // Brought forward to save CI a minute (as the restart suite does): the node that is left
    // finds it in its sweep of the database, ends it and announces it once to every device.
    await db.db
      .update(games)
      .set({ phaseEndsAt: sql`now() + interval '2 seconds'` })
      .where(eq(games.id, gameId));
    await waitUntil(
      () => devices.every((d) => d.count('phase:ended') >= 1),
      30_000,
      'the end of the trade phase on every device',
    );
    await new Promise((r) => setTimeout(r, 1_500)); // a second announcement would come now
    for (const device of devices) expect(device.count('phase:ended')).toBe(1);

    // The game goes on to its end through the node that is left.
    const payday = await broker.api.put(`/api/game/${gameId}/payday`);
    expect(payday.status, JSON.stringify(payday.body)).toBe(200);
    const ended = await broker.api.post(`/api/game/${gameId}/end`);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await waitUntil(
      () => devices.every((d) => d.count('game:ended') === 1),
      10_000,
      'the end of the game on every device',
    );

    // No acknowledged order is lost, and cash and holdings reconcile with the ledger.
    expect(accepted).toBeGreaterThan(0);
    const trades = await db.db.execute(
      sql`select count(*)::int as n from transactions where type = 'trade'`,
    );
    const tradeCount = (trades as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(tradeCount).toBeGreaterThanOrEqual(accepted);
    expect(tradeCount).toBeLessThanOrEqual(accepted + unanswered);
    const ledger = await reconcileLedger(db.db, accepted, unanswered);
    expect(ledger.problems).toEqual([]);
    for (const device of devices) device.socket.disconnect();
  }, 180_000);

  it('stops nginx and every node on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => deploy.once('exit', resolve));
    deploy.kill('SIGTERM');
    expect(await exited).toBe(0);
    const alive = [...nodePids.values()].filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
    await expect(fetch(`${url}/nginx-health`)).rejects.toThrow();
  }, 60_000);
});

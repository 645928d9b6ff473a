import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { games } from '../src/db/schema.ts';
import type { OtpInbox } from './helpers/otp-inbox.ts';
import { ServerProcess, freePort, prepareServerProcess } from './helpers/process.ts';
import { openPhase, setupTable } from './helpers/game.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * A server killed with SIGKILL during a trade phase and started again ends the phase on time;
 * devices reconnect and resync. Runs the real `src/main.ts` as a child process.
 */
let otps: OtpInbox;
let dataDir: string | undefined;
let pgHandle: (DatabaseHandle & { url?: string }) | undefined;
let env: Record<string, string>;
let server: ServerProcess;
let setup: Awaited<ReturnType<typeof prepareServerProcess>>;

beforeAll(async () => {
  setup = await prepareServerProcess('restart');
  ({ otps, env, pgHandle, dataDir } = setup);
  server = await new ServerProcess(await freePort(), env).start();
});

afterAll(async () => {
  await server?.kill();
  await setup?.dispose();
});

/** Moves phase end times while the server is down (the embedded database allows one process). */
async function withDatabase(work: (db: DatabaseHandle['db']) => Promise<void>) {
  if (pgHandle) return work(pgHandle.db);
  const handle = await openDatabase({ dataDir: dataDir! });
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
}

describe('SIGKILL during a trade phase', () => {
  it('ends overdue phases at once and the others on time after a restart; devices resync', async () => {
    const target = { url: server.url, otps };
    const running = await setupTable(target, { investors: 1, start: true });
    const overdue = await setupTable(target, { investors: 1, start: true });
    await openPhase(running);
    await openPhase(overdue);

    const socket = io(server.url, {
      auth: { token: running.investors[0]!.token },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    const device = new TestClient(socket as never);
    let joins = 0;
    // What the web client does: (re)join on every connect that did not recover its session.
    socket.on('connect', () => {
      if (!socket.recovered) {
        joins += 1;
        // A join cut off by the restart is answered by no one; the next connect joins again.
        device.snapshot('game:join', running.gameId).catch(() => undefined);
      }
    });
    await waitUntil(() => joins === 1, 5000, 'first join');
    const trade = await running.investors[0]!.api.post(`/api/game/${running.gameId}/stocks/trade`, {
      stock_id: 1,
      trade_type: 0,
      quantity: 10,
    });
    expect(trade.status).toBe(200);

    await server.kill();

    // Long enough for the restart and the device's rejoin on a busy machine, so the phase is
    // still running when they are checked.
    const endsAt = new Date(Date.now() + 60_000);
    await withDatabase(async (db) => {
      await db.update(games).set({ phaseEndsAt: endsAt }).where(eq(games.id, running.gameId));
      await db
        .update(games)
        .set({ phaseEndsAt: sql`now() - interval '30 seconds'` })
        .where(eq(games.id, overdue.gameId));
    });

    await server.start();
    const overdueSettings = () => overdue.broker.api.get(`/api/game/${overdue.gameId}/settings`);
    await waitUntil(
      async () => (await overdueSettings()).body.data.orderbook_status === 0,
      3000,
      'overdue phase ended',
    );

    // the running phase survived the crash and still accepts orders until its end
    await waitUntil(() => joins === 2, 10_000, 'device rejoined');
    const during = await running.broker.api.get(`/api/game/${running.gameId}/settings`);
    expect(during.body.data).toMatchObject({ orderbook_status: 1, ends_at: endsAt.toISOString() });
    const ended = await device.waitFor('phase:ended', () => true, 75_000);
    expect(Date.now()).toBeGreaterThanOrEqual(endsAt.getTime());
    expect(ended.game_id).toBe(running.gameId);
    expect(device.count('phase:ended')).toBe(1);

    // money committed before the crash is all there
    const portfolio = await running.investors[0]!.api.get(
      `/api/game/${running.gameId}/user/portfolio`,
    );
    expect(portfolio.body.data.current_balance).toBe(500000 - 4500);
    const snapshot = await device.snapshot('game:resync', running.gameId);
    expect(snapshot.game.settings.orderbook_status).toBe(0);
    expect(snapshot.me?.portfolio?.portfolio_data[0]?.total_quantity).toBe(10);
    socket.disconnect();
  }, 180_000);

  it('shuts down gracefully on SIGTERM with exit code 0', async () => {
    expect(await server.stop()).toBe(0);
    await server.start();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

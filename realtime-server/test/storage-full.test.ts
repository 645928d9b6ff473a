/**
 * The embedded database on a full disk. The server runs with its data directory on a small tmpfs
 * of its own (a private mount namespace, so root and `unshare`): filled mid-game, every write
 * (an order, a price move; REST and socket) answers 507 STORAGE_FULL with the message naming the
 * storage, reads go on, /readyz answers 503 naming the data directory; once space is freed the
 * game goes on without a restart, and nothing committed is lost. A start on a full file system
 * says so in one line and exits non-zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { openPhase, setupTable, type TableSetup } from './helpers/game.ts';
import { ServerProcess, freePort, prepareServerProcess } from './helpers/process.ts';
import { http } from './helpers/server.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';
import { fill, onTmpfs, requireMountNamespaces } from './helpers/tmpfs.ts';

const SUITE_MS = 180_000;

const FULL = { code: ERROR_CODE.STORAGE_FULL, message: MSG.STORAGE_FULL };

describe('the embedded database on a full disk', { timeout: SUITE_MS }, () => {
  let prepared: Awaited<ReturnType<typeof prepareServerProcess>>;
  let server: ServerProcess;
  let mountDir: string;

  beforeAll(async () => {
    requireMountNamespaces();
    prepared = await prepareServerProcess('storage-full');
    mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-tmpfs-'));
  }, SUITE_MS);
  afterAll(async () => {
    await server?.kill();
    await prepared?.dispose();
    if (mountDir) fs.rmSync(mountDir, { recursive: true, force: true });
  });

  it('refuses writes with 507 while full, /readyz 503; goes on after space is freed, nothing lost', async () => {
    const dataDir = path.join(mountDir, 'data');
    server = await new ServerProcess(
      await freePort(),
      { ...prepared.env, DATA_DIR: dataDir },
      [],
      onTmpfs(mountDir, '48m'),
    ).start();
    // The tmpfs as the test sees it: through the server's own view of the file system.
    const filler = `/proc/${server.pid}/root${mountDir}/filler`;

    const table: TableSetup = await setupTable(
      { url: server.url, otps: prepared.otps },
      { investors: 1, start: true },
    );
    await openPhase(table);
    const investor = table.investors[0]!;
    const socket = await TestClient.connect(server.url, investor.token);
    const broker = await TestClient.connect(server.url, table.broker.token);
    const orderPath = `/api/game/${table.gameId}/stocks/trade`;
    const order = { stock_id: 1, trade_type: 0, quantity: 10 };
    const move = { stock_id: 2, operation: '+', value: 1 };
    let placed = 0;
    const placeOrder = async () => {
      const res = await investor.api.post(orderPath, order);
      if (res.status === 200) placed += 1;
      return res;
    };

    // Committed before the disk fills: kept through all that follows.
    expect((await placeOrder()).status).toBe(200);
    const early = await socket.emit('order:place', {
      game_id: table.gameId,
      ...order,
      idempotency_key: 'before-full',
    });
    expect(early).toHaveProperty('data');
    placed += 1;

    fill(filler);
    try {
      const refused = await placeOrder();
      expect(refused.status, JSON.stringify(refused.body)).toBe(507);
      expect(refused.body).toEqual({ success: false, error: FULL });
      const priced = await table.broker.api.post(`/api/game/${table.gameId}/stocks`, move);
      expect(priced.status, JSON.stringify(priced.body)).toBe(507);
      expect(priced.body).toEqual({ success: false, error: FULL });
      expect(
        await socket.emit('order:place', {
          game_id: table.gameId,
          ...order,
          idempotency_key: 'while-full',
        }),
      ).toEqual({ error: { ...FULL, status: 507 } });
      expect(await broker.emit('price:update', { game_id: table.gameId, ...move })).toEqual({
        error: { ...FULL, status: 507 },
      });
      const ready = await http(server.url).get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.reason).toContain(`data directory ${dataDir} is full`);
      // Reads go on.
      expect((await investor.api.get(`/api/game/${table.gameId}/user/portfolio`)).status).toBe(200);
    } finally {
      fs.rmSync(filler, { force: true });
    }

    // Space is back: the same process serves writes again.
    await waitUntil(
      async () => (await http(server.url).get('/readyz')).status === 200,
      30_000,
      'ready again',
    );
    expect((await placeOrder()).status).toBe(200);
    expect(await broker.emit('price:update', { game_id: table.gameId, ...move })).toHaveProperty(
      'data',
    );
    socket.close();
    broker.close();

    const portfolio = await investor.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.status).toBe(200);
    const { portfolio_data: holdings, total_balance, current_balance } = portfolio.body.data;
    const stock = holdings.find((h: { stock_id: number }) => h.stock_id === order.stock_id);
    // Every order answered 200 is there, paid once; none refused while full was half done.
    expect(stock.total_quantity).toBe(placed * order.quantity);
    expect(current_balance).toBe(total_balance - stock.total_invested_price);
    expect(server.exitCode).toBeNull();
  });

  it.each([
    ['a 2 MB file system', '2m', 'true'],
    ['a full file system', '16m', 'dd if=/dev/zero of="$0/filler" bs=1M 2>/dev/null; true'],
  ])(
    'a start on %s says the data directory is full in one line and exits non-zero',
    async (_name, size, then) => {
      const dataDir = path.join(mountDir, 'start');
      const starting = new ServerProcess(
        await freePort(),
        { ...prepared.env, DATA_DIR: dataDir },
        [],
        onTmpfs(mountDir, size, then),
      );
      await expect(starting.start()).rejects.toThrow(/server exited early/);
      await waitUntil(() => starting.output.includes(dataDir), 10_000, 'the line naming it');
      expect(starting.exitCode).not.toBe(0);
      const lines = starting.output.trim().split('\n');
      expect(lines.filter((line) => line.includes(dataDir))).toEqual([
        expect.stringMatching(
          /^The database cannot start: the data directory .* is full \(\d+ KB free/,
        ),
      ]);
      expect(starting.output).not.toMatch(/RuntimeError|Aborted/);
    },
  );
});

/**
 * The benchmark itself runs end to end (`npm run bench -- --smoke`: a few games for a few seconds,
 * with --profile) on the embedded database, and on PostgreSQL when the tests have one: the server
 * starts with the bench's probe, games are seated and started, sockets join, updates fan out,
 * orders complete, the ledger reconciles and the JSON holds every figure of the report. Only the
 * outcome is checked, never a speed: speeds are the full benchmark's business.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-bench-smoke-'));
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

function runBench(
  env: Record<string, string | undefined>,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['scripts/bench.mjs', '--smoke', '--skip-build', '--profile', '--out', outDir],
      {
        cwd: root,
        env: { ...process.env, WORKERS: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

function resultOf(output: string) {
  const written = /written: (\S+\.json)/.exec(output);
  expect(written, output).not.toBeNull();
  return JSON.parse(fs.readFileSync(path.resolve(root, written![1]!), 'utf8'));
}

function expectWholeRun(result: Record<string, any>, database: string) {
  expect(result).toMatchObject({ mode: 'smoke', database, workers: 1, ledger_ok: true });
  expect(result.machine.cpus).toBeGreaterThan(0);
  expect(result.sockets.connected).toBe(27); // 3 games × (broker + 6 investors + 2 spectators)
  expect(result.fanout.update_failures).toEqual({});
  expect(result.fanout.missing_deliveries).toBe(0);
  expect(result.fanout.deliveries).toBeGreaterThan(0);
  for (const key of ['p50_ms', 'p95_ms', 'p99_ms', 'max_ms', 'baseline_p99_ms', 'ratio_p99']) {
    expect(result.fanout[key], key).toEqual(expect.any(Number));
  }
  // The fan-out step search ran (three games: one step at three updates a second).
  expect(result.fanout.steps.map((s: { updates_per_s: number }) => s.updates_per_s)).toEqual([3]);
  expect(result.fanout).toHaveProperty('max_rate_p99_50ms');
  expect(result.orders.completed_per_s).toBeGreaterThan(0);
  expect(result.orders).toHaveProperty('max_rate_p99_50ms');
  // The generators place valid orders: no sell of a share not held; a refusal is no error.
  expect(result.orders.refusals).toEqual(expect.any(Number));
  expect(result.orders.refusal_kinds).not.toHaveProperty('INSUFFICIENT_SHARES');
  expect(JSON.stringify(result.orders.error_kinds)).not.toContain('enough shares');
  expect(result.sockets.rss_kib_per_socket).toEqual(expect.any(Number));
  expect(result.event_loop_p99_ms).toEqual(expect.any(Number));
  expect(result.web.login_js_gzip_kib).toBeGreaterThan(0);
  // --profile: each step's busiest server process, summed by area and function.
  for (const step of ['idle', 'fanout', 'rest_fanout', 'orders', 'rest_orders']) {
    expect(result.profile[step].busy_ms, step).toBeGreaterThan(0);
    expect(result.profile[step].by_area.length, step).toBeGreaterThan(0);
  }
  // CPU is measured over the step's window: no process can use more than every core of it.
  for (const step of [result.fanout, result.orders]) {
    expect(step.server_cpu_percent).toBeGreaterThan(0);
    expect(step.server_cpu_percent).toBeLessThanOrEqual(100 * result.machine.cpus * 1.05);
    // The machine's busy share (Linux): a share of all cores, never above the whole.
    if (process.platform === 'linux') {
      expect(step.machine_cpu_percent).toBeGreaterThan(0);
      expect(step.machine_cpu_percent).toBeLessThanOrEqual(100.5);
    }
  }
  // CPU per unit of work: the server's and the bare relay's per delivery, and an order's.
  expect(result.fanout.server_cpu_us_per_delivery).toBeGreaterThan(0);
  if (process.platform === 'linux') {
    expect(result.fanout.relay_cpu_us_per_delivery).toBeGreaterThan(0);
    expect(result.fanout.cpu_ratio_per_delivery).toEqual(expect.any(Number));
  }
  expect(result.orders.cpu_ms_per_order.server).toBeGreaterThan(0);
  expect(result.orders.cpu_ms_per_order.generators).toBeGreaterThan(0);
  // Both command paths, same run: price updates and orders as socket commands (the
  // measured runs above) and as REST calls, and the ratio of their server CPU.
  expect(result.fanout.rest.missing_deliveries).toBe(0);
  expect(result.fanout.rest.server_cpu_us_per_delivery).toBeGreaterThan(0);
  expect(result.fanout.server_cpu_us_per_update).toBeGreaterThan(0);
  expect(result.fanout.rest_to_socket_cpu_ratio).toEqual(expect.any(Number));
  for (const via of ['socket', 'rest']) {
    expect(result.orders.carried[via].completed_per_s, via).toBeGreaterThan(0);
    expect(result.orders.carried[via].errors, via).toBe(0);
    expect(result.orders.carried[via].cpu_ms_per_order.server, via).toBeGreaterThan(0);
  }
  expect(result.orders.carried.rest_to_socket_server_cpu_ratio).toEqual(expect.any(Number));
  // The command paths side by side: a price move through the relay (over Socket.IO, node:http
  // and Express), the socket and REST, an order through the socket and REST, each with its ratio.
  for (const via of ['relay', 'http_relay', 'express_relay', 'socket', 'rest']) {
    const move = result.command_paths.price_move[via];
    expect(move.p99_ms, via).toEqual(expect.any(Number));
    expect(move.p99_to_relay, via).toEqual(expect.any(Number));
  }
  for (const via of ['http_relay', 'express_relay', 'rest']) {
    expect(result.command_paths.price_move[via].cpu_us_per_delivery, via).toBeGreaterThan(0);
  }
  expect(result.command_paths.price_move.rest_to_express_relay_cpu).toEqual(expect.any(Number));
  for (const via of ['socket', 'rest']) {
    expect(result.command_paths.orders[via].p95_ms, via).toEqual(expect.any(Number));
    expect(result.command_paths.orders[via].server_cpu_ms_per_order, via).toBeGreaterThan(0);
  }
  expect(result.command_paths.orders.rest_to_socket_p99).toEqual(expect.any(Number));
  // The server's CPU by thread (Linux): the event loop's share of an update and an order, and
  // on PGlite the embedded database's thread (each process's busiest other one).
  if (process.platform === 'linux') {
    const update = result.fanout.server_cpu_us_per_update_by_thread;
    const order = result.orders.carried.socket.server_cpu_us_per_order_by_thread;
    for (const split of [update, order]) {
      expect(split.main_thread).toBeGreaterThan(0);
      expect(split.other_threads).toBeGreaterThanOrEqual(0);
      if (database === 'pglite') expect(split.busiest_other_thread).toBeGreaterThan(0);
    }
  }
  // The idle window: the server's own CPU a second with every socket joined (its session
  // recheck runs every 500 ms), and the part of it each update and order shares.
  expect(result.idle.seconds).toBe(2);
  expect(result.idle.server_cpu_percent).toBeGreaterThan(0);
  expect(result.idle.server_cpu_us_per_update_at_fanout_rate).toBeGreaterThan(0);
  expect(result.idle.server_cpu_us_per_order_at_carried_rate).toBeGreaterThan(0);
  if (process.platform === 'linux') {
    expect(result.idle.server_cpu_percent_by_thread.main_thread).toBeGreaterThan(0);
    // How often the main threads were woken: idle, a table update's and an order's share.
    expect(result.idle.main_thread_runs_per_s).toBeGreaterThan(0);
    expect(result.fanout.main_thread_runs_per_update).toBeGreaterThan(0);
    expect(result.orders.carried.socket.main_thread_runs_per_order).toBeGreaterThan(0);
    for (const figures of [result.idle, result.fanout, result.orders.carried.socket])
      expect(figures.main_thread_us_per_run).toBeGreaterThan(0);
    expect(result.fanout.steps[0].cpu.main_thread_runs_per_s).toBeGreaterThan(0);
  }
  // PostgreSQL's own CPU and WAL flushes are read on a server on this machine; PGlite runs
  // inside the server, so there are none of its own.
  if (database === 'postgres' && process.platform === 'linux') {
    expect(result.orders.database_cpu_percent).toBeGreaterThan(0);
    expect(result.orders.cpu_ms_per_order.database).toBeGreaterThan(0);
    expect(result.orders.wal_flushes_per_s).toBeGreaterThan(0);
  } else if (database === 'pglite') {
    // The embedded database's thread is sized apart from the rest of the server's RSS.
    expect(result.sockets.db_thread_kib_per_socket).toEqual(expect.any(Number));
    expect(result.sockets.rss_kib_per_socket_less_db_thread).toEqual(expect.any(Number));
    expect(result.orders.database_cpu_percent).toBeNull();
    expect(result.orders.wal_flushes_per_s).toBeNull();
  }
}

const webBuilt = fs.existsSync(path.join(root, 'web/dist/.vite/manifest.json'));
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(webBuilt || process.env.CI === 'true')('npm run bench -- --smoke', () => {
  it('runs on the embedded database', async () => {
    const { code, output } = await runBench({ DATABASE_URL: '', REDIS_URL: '' });
    expect(code, output).toBe(0);
    expectWholeRun(resultOf(output), 'pglite');
  }, 240_000);

  it.runIf(serverUrl || process.env.CI === 'true')(
    'runs on PostgreSQL',
    async () => {
      const { code, output } = await runBench({ DATABASE_URL: serverUrl, REDIS_URL: '' });
      expect(code, output).toBe(0);
      expectWholeRun(resultOf(output), 'postgres');
    },
    240_000,
  );
});

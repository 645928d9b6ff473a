/**
 * The soak's pure parts (its arguments, the growth bound, its line, the metrics it reads) and a
 * smoke run of `npm run soak` for 40 seconds on the embedded database, and on PostgreSQL when
 * the tests have one: the server starts, bot games open and play, readings print, the ledger
 * reconciles, no bot is refused. Only the outcome is checked, never a speed.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSoakArgs, UsageError } from './args.ts';
import { growthProblems, metricSum, readingLine } from './growth.ts';
import { GameSlots } from './games.ts';

const MiB = 1024 * 1024;

describe('soak arguments', () => {
  it('reads games, minutes and the database, with defaults', () => {
    expect(parseSoakArgs(['--games', '50', '--minutes', '60'], {})).toMatchObject({
      games: 50,
      seconds: 3600,
      intervalSeconds: 60,
      database: 'pglite',
      databaseUrl: undefined,
      nodes: 1,
      workers: 1,
      bots: 6,
      phaseSeconds: 30,
    });
    const pg = parseSoakArgs(['--games=5', '--seconds', '20', '--interval', '5'], {
      DATABASE_URL: 'postgres://x/y',
      WORKERS: '2',
    });
    expect(pg).toMatchObject({
      database: 'postgres',
      databaseUrl: 'postgres://x/y',
      seconds: 20,
      intervalSeconds: 5,
      workers: 2,
    });
    expect(
      parseSoakArgs(['--database', 'pglite'], { DATABASE_URL: 'postgres://x/y' }),
    ).toMatchObject({ database: 'pglite', databaseUrl: undefined });
  });

  it('refuses what it cannot run', () => {
    const bad = [
      [['--games', '0']],
      [['--minutes', '1', '--seconds', '30']],
      [['--database', 'mysql']],
      [['--database', 'postgres']],
      [['--nodes', '2'], { DATABASE_URL: 'postgres://x/y' }],
      [['--phase', '45']],
      [['--bots', '7']],
      [['--frobnicate']],
    ] as const;
    for (const [argv, env] of bad) {
      expect(() => parseSoakArgs(argv, env ?? {}), argv.join(' ')).toThrow(UsageError);
    }
    expect(
      parseSoakArgs(['--nodes', '2', '--database', 'postgres'], {
        DATABASE_URL: 'postgres://x/y',
        REDIS_URL: 'redis://r',
      }).redisUrl,
    ).toBe('redis://r');
  });
});

describe("a TV's first spectate", () => {
  /** A socket whose acks time out `misses` times, then answer. */
  const socketMissing = (misses: number) => {
    let asked = 0;
    const socket = {
      timeout: () => ({
        emitWithAck: () => {
          asked += 1;
          return asked <= misses
            ? Promise.reject(new Error('operation has timed out'))
            : Promise.resolve({ data: { asked } });
        },
      }),
    };
    return socket;
  };
  const slots = () => new GameSlots(parseSoakArgs(['--games', '1'], {}), []);
  type Spectate = (socket: unknown, code: string) => Promise<{ data?: unknown }>;
  const spectateOf = (s: GameSlots) => (s as unknown as { spectate: Spectate }).spectate.bind(s);

  it('is asked again after a timeout, and the retries are counted', async () => {
    const s = slots();
    expect(await spectateOf(s)(socketMissing(2), 'ABCD')).toEqual({ data: { asked: 3 } });
    expect(s.spectateRetries).toBe(2);
  });

  it('fails the slot after three timeouts', async () => {
    await expect(spectateOf(slots())(socketMissing(3), 'ABCD')).rejects.toThrow('timed out');
  });
});

describe('the growth bound', () => {
  const first = { rss: 200 * MiB, heapUsed: 40 * MiB };
  it('lets the heap and RSS grow by half plus a margin, and no more', () => {
    expect(growthProblems(first, { rss: 428 * MiB, heapUsed: 92 * MiB })).toEqual([]);
    expect(growthProblems(first, { rss: 429 * MiB, heapUsed: 40 * MiB })).toEqual([
      'RSS grew from 200.0 MiB to 429.0 MiB (bound 428.0 MiB)',
    ]);
    expect(growthProblems(first, { rss: 200 * MiB, heapUsed: 93 * MiB })).toEqual([
      'heap used grew from 40.0 MiB to 93.0 MiB (bound 92.0 MiB)',
    ]);
  });
});

describe('the soak line and metrics', () => {
  it('prints each interval', () => {
    expect(
      readingLine({
        at: 120,
        rss: 300 * MiB,
        heapUsed: 50 * MiB,
        loopP99Ms: 12.34,
        fanoutP99Ms: 150,
        fanoutCount: 1234,
        gamesEnded: 3,
        botCommands: 4567,
        botRefusals: 0,
      }),
    ).toBe(
      '[02:00] · RSS 300.0 MiB · heap 50.0 MiB · loop p99 12.3 ms · fan-out p99 150 ms (n=1,234) · games ended 3 · bot commands 4,567 (0 refused)',
    );
  });

  it('sums a counter over its labels from /metrics', () => {
    const text = [
      '# HELP showdown_bot_commands_total Commands',
      '# TYPE showdown_bot_commands_total counter',
      'showdown_bot_commands_total{outcome="done"} 40',
      'showdown_bot_commands_total{outcome="refused"} 2',
      'showdown_bot_commands_total{outcome="done",worker="2"} 5',
      'showdown_bot_looks_total 7',
    ].join('\n');
    expect(metricSum(text, 'showdown_bot_commands_total', { outcome: 'done' })).toBe(45);
    expect(metricSum(text, 'showdown_bot_commands_total')).toBe(47);
    expect(metricSum(text, 'showdown_bot_looks_total')).toBe(7);
    expect(metricSum(text, 'showdown_missing_total')).toBe(0);
  });
});

const root = path.resolve(import.meta.dirname, '../..');

function runSoak(env: Record<string, string | undefined>, database: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/soak/main.ts',
        '--games',
        '3',
        '--seconds',
        '40',
        '--interval',
        '20',
        '--database',
        database,
      ],
      {
        cwd: root,
        env: { ...process.env, WORKERS: '1', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // A run that hangs is stopped (SIGTERM: the soak cleans up) before the test gives up.
        timeout: 400_000,
      },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

function expectWholeRun({ code, output }: { code: number; output: string }) {
  expect(code, output).toBe(0);
  const lines = output.split('\n').filter((l) => /^\[\d\d:\d\d\] · RSS /.test(l));
  expect(lines, output).toHaveLength(2);
  expect(output).toMatch(/ledger: {3}\d+ players, [1-9]\d* trades, \d+ games ended: reconciled/);
  expect(output).toContain('soak: passed');
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe('npm run soak, for seconds', () => {
  it('plays bot games on the embedded database', async () => {
    expectWholeRun(await runSoak({ DATABASE_URL: '', REDIS_URL: '' }, 'pglite'));
  }, 420_000);

  it.runIf(serverUrl || process.env.CI === 'true')(
    'plays bot games on PostgreSQL',
    async () => {
      expectWholeRun(await runSoak({ DATABASE_URL: serverUrl, REDIS_URL: '' }, 'postgres'));
    },
    420_000,
  );
});

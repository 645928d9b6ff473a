import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { defineConfig } from 'vitest/config';

const ci = process.env.CI === 'true';
// The full-disk suites mount a small tmpfs in a mount namespace of their own: root and unshare.
// Under CI they always run (a machine without them fails them); elsewhere they need them.
const mountNamespaces =
  process.getuid?.() === 0 && spawnSync('unshare', ['-m', 'true']).status === 0;
if (!ci && !mountNamespaces) {
  console.warn('[vitest] not root or no unshare -m: the full-disk suites are left out');
}
const onServer = Boolean(process.env.TEST_DATABASE_URL) || ci;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Under CI the browser suite always runs (a missing Chromium fails it); elsewhere it needs one.
const inBrowser = ci || fs.existsSync(chromium);
if (!inBrowser) {
  console.warn(
    `[vitest] ${chromium} not found: the e2e project is left out (apt-get install chromium)`,
  );
}

export default defineConfig({
  test: {
    // The server suites spend most of their time waiting on sockets, timers and the database, so
    // one file per core (vitest's default, one less than the cores) leaves cores idle; the browser
    // suite runs after the rest, one file at a time (scripts/e2e/vitest.config.ts).
    maxWorkers: Math.max(os.availableParallelism() - 1, 3),
    projects: [
      'shared',
      {
        extends: './realtime-server/vitest.config.ts',
        test: {
          name: 'server-pglite',
          root: './realtime-server',
          env: { TEST_DRIVER: 'pglite' },
          globalSetup: ['./test/helpers/pglite-snapshot.ts'],
          // Several nodes or processes need a database server: those suites belong to server-pg.
          exclude: [
            'test/multinode.test.ts',
            'test/workers.test.ts',
            'test/db-pool.test.ts',
            'test/session-nodes.test.ts',
            'test/cluster.test.ts',
            'test/deploy.test.ts',
            'test/undo-rematch-nodes.test.ts',
            'test/share-page-nodes.test.ts',
            'test/bots-nodes.test.ts',
            'test/redis-deployments.test.ts',
            // A PostgreSQL server of the test's own, stopped and started under the server: the
            // embedded database has no server apart from the server's process.
            'test/db-outage.test.ts',
            ...(ci || mountNamespaces
              ? []
              : ['test/storage-full.test.ts', 'test/pglite-worker-death.test.ts']),
          ],
        },
      },
      // Under CI the PostgreSQL suite always runs; without TEST_DATABASE_URL it fails, never skips.
      ...(onServer
        ? [
            {
              extends: './realtime-server/vitest.config.ts',
              test: {
                name: 'server-pg',
                root: './realtime-server',
                env: { TEST_DRIVER: 'pg' },
                // The embedded database's own transport, and the suites that open no database
                // (a second run would test the same code again): server-pglite's alone.
                exclude: [
                  'test/pglite-transport.test.ts',
                  // The embedded database's own data directory on a full disk, its worker.
                  'test/storage-full.test.ts',
                  'test/pglite-worker-death.test.ts',
                  'test/bot-strategies.test.ts',
                  'test/build-inputs.test.ts',
                  'test/logger.test.ts',
                  'test/presence.test.ts',
                  'test/publisher.test.ts',
                  'test/rows.test.ts',
                  'test/seat-cache.test.ts',
                ],
              },
            },
          ]
        : []),
      'web',
      // The benchmark's pure parts (statistics, arguments) and its smoke run (a few games, a few
      // seconds: it runs end to end); the measuring runs are `npm run bench`.
      {
        test: {
          name: 'bench',
          root: './scripts/bench',
          include: ['*.test.ts'],
          testTimeout: 20_000,
        },
      },
      // `npm run soak`'s pure parts (arguments, growth bound) and a smoke run of a few seconds.
      {
        test: { name: 'soak', root: './scripts/soak', include: ['*.test.ts'], testTimeout: 20_000 },
      },
      // `npm run lighthouse`'s pure parts (its table, its arguments); the measuring is the script.
      { test: { name: 'lighthouse', root: './scripts/lighthouse', include: ['*.test.ts'] } },
      ...(inBrowser ? ['scripts/e2e'] : []),
    ],
  },
});

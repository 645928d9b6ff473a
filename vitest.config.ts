import { defineConfig } from 'vitest/config';

const onServer = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';

export default defineConfig({
  test: {
    projects: [
      'shared',
      {
        extends: './realtime-server/vitest.config.ts',
        test: {
          name: 'server-pglite',
          root: './realtime-server',
          env: { TEST_DRIVER: 'pglite' },
          // Several nodes need a database server: that suite belongs to server-pg.
          exclude: ['test/multinode.test.ts'],
        },
      },
      // Under CI the PostgreSQL suite always runs; without TEST_DATABASE_URL it fails, never skips.
      ...(onServer
        ? [
            {
              extends: './realtime-server/vitest.config.ts',
              test: { name: 'server-pg', root: './realtime-server', env: { TEST_DRIVER: 'pg' } },
            },
          ]
        : []),
      'web',
      'scripts/e2e',
    ],
  },
});

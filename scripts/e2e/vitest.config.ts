import { defineProject } from 'vitest/config';

/** Whole games in real Chromium against the production build (docs/contributing.md). */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: [
      './support/global-setup.ts',
      '../../realtime-server/test/helpers/pglite-snapshot.ts',
    ],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // After every other project (which run side by side): Chromium wants the machine.
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});

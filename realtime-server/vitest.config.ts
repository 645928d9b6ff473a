import { defineProject } from 'vitest/config';

/** The server suites; the root config runs them once per database driver. */
export default defineProject({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

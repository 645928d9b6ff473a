import { defineProject } from 'vitest/config';

/** The server suites; the root config runs them once per database driver. */
export default defineProject({
  test: {
    include: ['test/**/*.test.ts'],
    // Ceilings for a hung test, not speed checks: the files run side by side on two cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

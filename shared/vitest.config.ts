import { defineProject } from 'vitest/config';

export default defineProject({
  // A ceiling, not a speed check: the property tests run beside the other suites' files.
  test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 20_000 },
});

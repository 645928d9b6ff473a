import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['shared', 'realtime-server', 'web', 'scripts/e2e'],
  },
});

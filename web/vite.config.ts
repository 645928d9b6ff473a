/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { reportInitialJs } from './build/initial-js.ts';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // Measured as the benchmark measures it (scripts/bench): the build fails over budget.
    reportInitialJs([
      {
        page: '/login',
        routeModule: 'src/features/auth/components/login-screen.tsx',
        budgetKiB: 150,
      },
    ]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets the benchmark add up exactly what a route loads.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // A ceiling, not a speed check: typing-heavy screen tests exceed 5 s on a loaded machine.
    testTimeout: 20_000,
  },
});

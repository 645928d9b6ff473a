/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';
import { reportInitialJs } from './build/initial-js.ts';
import { pwa } from './build/pwa.ts';
import { prerender } from './build/prerender.ts';
// Relative: the config's own imports are bundled, a workspace package's TypeScript is not.
import { STORAGE_KEYS } from '../shared/src/constants.ts';

const splash = 'src/features/auth/components/splash-screen.tsx';

const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // The pages a newcomer opens first, and the TV: their first paint is in their HTML.
    prerender([
      { page: '/', url: '/', routeModules: [splash], drawnFor: 'newcomer' },
      {
        page: '/login',
        url: '/login',
        routeModules: ['src/features/auth/components/login-screen.tsx'],
        drawnFor: 'newcomer',
      },
      // The board QR code's link: a signed-out visitor sees the splash there, then /login.
      { page: '/showDown', url: '/showDown', routeModules: [splash], drawnFor: 'newcomer' },
      {
        // Signed in, the profile not loaded yet: the layout and its logo, drawn over by the app.
        page: '/profile',
        url: '/profile',
        routeModules: ['src/features/profile/components/profile-screen.tsx'],
        drawnFor: 'shell',
        storage: { [STORAGE_KEYS.ACCESS_TOKEN]: 'prerender' },
      },
      {
        // Waiting for the board's game, whatever the code.
        page: '/spectate/:code',
        url: '/spectate/----',
        routeModules: ['src/features/spectator/components/spectator-screen.tsx'],
        drawnFor: 'anyone',
      },
    ]),
    pwa(),
    precompress(),
    // Measured as the benchmark measures it (scripts/bench): the build fails over budget.
    reportInitialJs([
      {
        page: '/login',
        routeModule: 'src/features/auth/components/login-screen.tsx',
        // The entry holds React, MUI's core, the router, the store and the API client; what
        // only the game's screens run (the socket, the shared game reducer, the order queue's
        // sending) loads with them. The Lighthouse run (npm run lighthouse) is what tells
        // whether the first visit is fast.
        budgetKiB: 150,
      },
    ]),
  ],
  resolve: {
    // react-router's package exports only its development build (its dev warnings switched on);
    // the production build it ships beside it is the same code with them off.
    alias: [
      {
        find: /^react-router$/,
        replacement: fileURLToPath(
          new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url),
        ),
      },
      {
        find: /^react-router\/dom$/,
        replacement: fileURLToPath(
          new URL('../node_modules/react-router/dist/production/dom-export.mjs', import.meta.url),
        ),
      },
    ],
  },
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
    rolldownOptions: {
      output: {
        // Fewer, larger chunks for the first screen: each file is gzipped on its own, so many
        // small ones cost more. 'initial' is everything the entry needs (React, react-router,
        // MUI's core, the store); 'fields' is MUI's text field parts, which /login shares with
        // every form. /login: 156.7 KiB in 28 files -> about 148 KiB in 4.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            {
              name: 'fields',
              test: /[\\/]@mui[\\/]material[\\/]esm[\\/](InputBase|OutlinedInput|FormHelperText|FormControl|FormLabel|InputLabel)[\\/]/,
            },
          ],
        },
      },
    },
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

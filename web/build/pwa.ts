/**
 * Installable, and honest offline: the web app manifest and a Workbox service
 * worker (vite-plugin-pwa, generateSW). The worker precaches the whole build (the app shell and
 * every screen's chunk, so a page it serves is always one consistent build) and answers every
 * navigation with the cached index.html, except the server's own paths: the API, Socket.IO and
 * the probes always go to the network and are never cached. A new build's worker waits until
 * the player taps "Reload" on the "Update available" prompt (registerType 'prompt', see
 * src/lib/pwa-register.ts); the page registers it after its first render.
 */
// Relative: the config's own imports are bundled, a workspace package's TypeScript is not.
import { PAGE_PATHS, pagePattern } from '../../shared/src/pages.ts';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the server answers itself: never the app shell, never from a cache. */
export const NETWORK_ONLY_PATHS = [
  /^\/api\//,
  /^\/socket\.io\//,
  /^\/metrics/,
  /^\/healthz/,
  /^\/readyz/,
];

/** The app's colours (src/app/theme.ts). */
const NAVY = '#0b1f3a';

export function pwa() {
  return VitePWA({
    registerType: 'prompt',
    // The page registers the worker itself (src/lib/pwa-register.ts), after its first render.
    injectRegister: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['icons/apple-touch-icon-180.png'],
    manifest: {
      name: 'The Showdown',
      short_name: 'Showdown',
      description: 'The companion app of The Showdown, the stock-trading board game.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: NAVY,
      background_color: NAVY,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // The charts chunk is the largest file; anything past this would be left to the network.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: '/index.html',
      // The app's pages only, as the server answers them: robots.txt and the like stay files.
      navigateFallbackAllowlist: PAGE_PATHS.map(pagePattern),
      navigateFallbackDenylist: NETWORK_ONLY_PATHS,
      // No runtime caching: what the worker does not precache goes to the network untouched.
      runtimeCaching: [],
      cleanupOutdatedCaches: true,
      // The first worker takes the page that installed it as soon as it is active, so that
      // page's next screens come from the cache while the server is down (a deploy restarting
      // it), as its reloads do. A later worker waits for the prompt, which reloads the page.
      // A page the worker never took (it was still installing when the server went away) waits
      // for the server before reloading: src/lib/chunk-reload.ts.
      clientsClaim: true,
      skipWaiting: false,
      sourcemap: false,
    },
  });
}

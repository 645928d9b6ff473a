/**
 * Prerendered entry pages (docs/performance.md): after `vite build`, the app is built once more
 * for Node (src/prerender/render.tsx) and rendered for each entry page, and each page's HTML is
 * written as dist/pages/<name>.html: the built index.html with the page's markup in #root, the
 * critical CSS of that markup in the head, and a modulepreload of the page's own chunks. The
 * server answers the page's path with it (dist/pages/pages.json), so the first paint needs no
 * JavaScript; main.tsx then hydrates the markup, or renders over it when the visitor is not the
 * one it was drawn for (signed in, another language).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { compressBeside } from './precompress.ts';
import { pageScripts, type ManifestChunk } from './initial-js.ts';
import { MemoryStorage } from './memory-storage.ts';

/**
 * Who a page's markup was drawn for, as main.tsx reads it from #root: `newcomer` (an empty
 * origin: hydrated only for such a visitor), `anyone` (hydrated for every English visitor) or
 * `shell` (never hydrated: the app renders over it, e.g. a page with the player's own data).
 */
export type DrawnFor = 'newcomer' | 'anyone' | 'shell';

export interface PrerenderedPage {
  /** The page as shared/src/pages.ts names it: '/login', '/spectate/:code'. */
  page: string;
  /** The URL rendered for it. */
  url: string;
  /** The route modules its first render loads, as the build manifest names them. */
  routeModules: string[];
  drawnFor: DrawnFor;
  /** What the origin's storage holds while it renders (nothing: a newcomer's). */
  storage?: Record<string, string>;
}

/** The file a page's HTML goes to, under dist/: '/' → pages/index.html, '/spectate/:code' → pages/spectate.html. */
export function pageFile(page: string): string {
  const name = page.split('/').filter((s) => s && !s.startsWith(':'))[0] ?? 'index';
  return `pages/${name.toLowerCase()}.html`;
}

/**
 * The page's document: the built index.html with the markup in #root (and whom it was drawn
 * for); at the end of the head the resources React hoisted, a modulepreload of each chunk the
 * index does not already load, and the styles.
 */
export function pageDocument(
  indexHtml: string,
  markup: { html: string; styles: string },
  drawnFor: DrawnFor,
  preloads: readonly string[],
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  // React puts the resources it hoists (an image's preload) first when it renders no <head>.
  const [, hoisted = '', body = ''] = /^((?:<link[^>]*>)*)([\s\S]*)$/.exec(markup.html) ?? [];
  const links = preloads
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return indexHtml
    .replace('</head>', () => `${hoisted}${links}${markup.styles}</head>`)
    .replace(root, () => `<div id="root" data-drawn-for="${drawnFor}">${body}</div>`);
}

type Render = (
  url: string,
  storage?: Record<string, string>,
) => Promise<{ html: string; styles: string }>;

/** Builds src/prerender/render.tsx for Node into a temporary folder and loads its renderPage. */
async function loadRenderer(root: string): Promise<{ render: Render; dispose: () => void }> {
  const { build } = await import('vite');
  const react = (await import('@vitejs/plugin-react')).default;
  // Under node_modules, where the built module's imports of React, MUI and emotion resolve.
  const cacheDir = path.join(root, 'node_modules/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const outDir = fs.mkdtempSync(path.join(cacheDir, 'showdown-prerender-'));
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      // The service worker's registration (pwa.ts's virtual module) never runs in the prerender.
      rolldownOptions: { external: ['virtual:pwa-register'] },
    },
  });
  const entry = fs.readdirSync(outDir).find((file) => /^render\.m?js$/.test(file));
  if (!entry) throw new Error(`the prerender build wrote no render.js in ${outDir}`);
  Object.assign(globalThis, { localStorage: new MemoryStorage() });
  const loaded = (await import(pathToFileURL(path.join(outDir, entry)).href)) as {
    renderPage: Render;
  };
  return {
    render: loaded.renderPage,
    dispose: () => {
      Reflect.deleteProperty(globalThis, 'localStorage');
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}

export function prerender(pages: readonly PrerenderedPage[]): Plugin {
  let root = '.';
  let outDir = 'dist';
  return {
    name: 'showdown:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before the other plugins' closeBundle: they compress and precache what is in dist/.
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(
          fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        ) as Record<string, ManifestChunk>;
        const { render, dispose } = await loadRenderer(root);
        const written: Record<string, string> = {};
        try {
          fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
          for (const page of pages) {
            const markup = await render(page.url, page.storage);
            const preloads = pageScripts(manifest, page.routeModules);
            const file = pageFile(page.page);
            const target = path.join(outDir, file);
            fs.writeFileSync(target, pageDocument(indexHtml, markup, page.drawnFor, preloads));
            compressBeside(target);
            written[page.page] = `/${file}`;
          }
        } finally {
          dispose();
        }
        fs.writeFileSync(path.join(outDir, 'pages/pages.json'), JSON.stringify(written, null, 2));
        console.log(`prerendered: ${Object.keys(written).join(', ')}`);
      },
    },
  };
}

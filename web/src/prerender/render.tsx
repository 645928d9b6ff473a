/**
 * The build's prerender (web/build/prerender.ts, docs/performance.md): the app rendered in Node
 * for one URL, with every lazy screen loaded, into the HTML its first render draws and the
 * critical CSS of that HTML (emotion's styles, extracted into <style> elements the page's
 * emotion cache takes over when it hydrates).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppContent, AppProviders } from '../app/provider';
import { resetAppStore } from '../stores/app-store';

export interface Prerendered {
  /** What goes inside #root. */
  html: string;
  /** The <style> elements of that HTML's CSS, for the head. */
  styles: string;
}

/** The whole of a Node stream of UTF-8 bytes (prerenderToNodeStream's prelude). */
async function text(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of stream) {
    out += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  }
  return out + decoder.decode();
}

/**
 * Renders `url` with the origin's storage (the prerender's localStorage, web/build) holding
 * `storage` (empty: a newcomer's).
 */
export async function renderPage(
  url: string,
  storage: Record<string, string> = {},
): Promise<Prerendered> {
  localStorage.clear();
  for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
  resetAppStore();
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <CacheProvider value={cache}>
      <AppProviders>
        <StaticRouter location={url}>
          <AppContent />
        </StaticRouter>
      </AppProviders>
    </CacheProvider>,
  );
  const html = await text(prelude as unknown as AsyncIterable<Uint8Array>);
  return { html, styles: constructStyleTagsFromChunks(extractCriticalToChunks(html)) };
}

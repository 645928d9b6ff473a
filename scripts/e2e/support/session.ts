import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from './browser.ts';
import { startE2eServer, type E2eServer } from './server.ts';

/**
 * The file's server (the production build on a fresh database) and Chromium: started before its
 * tests (beforeAll), closed after them (afterAll). Read the fields inside tests and hooks.
 */
export function useServerAndBrowser(): { readonly server: E2eServer; readonly browser: Browser } {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the e2e server has not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('Chromium has not started yet');
      return browser;
    },
  };
}

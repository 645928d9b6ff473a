/**
 * The API documentation pages in real Chromium, under the product's strict CSP: Swagger UI
 * renders every REST call from /api/openapi.json, and the events page every Socket.IO event from
 * /api/asyncapi.json, with no script refused and no error. One browser page, two screenshots.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPlayer, type Player } from './support/browser.ts';
import { screenshot } from './support/artifacts.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What went wrong on the page: CSP refusals, uncaught errors, console errors, failed loads. */
const troubles = (reader: Player) =>
  reader.log.filter((line) => /\[(error|pageerror|requestfailed|http \d+)\]|Refused to/.test(line));

describe('/api/docs', () => {
  it('shows every REST call and every Socket.IO event, with the CSP unchanged', async () => {
    const reader = await openPlayer(browser, 'api-reader', server.url, {
      width: 1280,
      height: 900,
    });
    try {
      const { page } = reader;
      const csp = (await page.goto('/api/docs'))?.headers()['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      await page.locator('.opblock').first().waitFor();
      const paths = await page.locator('.opblock-summary-path').allTextContents();
      const openapi = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
        paths: Record<string, object>;
      };
      const documented = Object.values(openapi.paths).reduce(
        (n, ops) => n + Object.keys(ops).length,
        0,
      );
      expect(paths.length).toBe(documented);
      expect(paths.map((p) => p.replace(/\u200b/g, ''))).toContain('/api/game/{id}/stocks/trade');
      await screenshot(reader, 'api-docs');

      await page.getByRole('link', { name: 'Socket.IO events' }).click();
      await page.locator('html[data-docs="events"]').waitFor();
      await page.getByRole('heading', { name: 'lobby:joined' }).waitFor();
      await page.getByRole('heading', { name: 'board:spectate' }).waitFor();
      await screenshot(reader, 'api-docs-events');
      expect(troubles(reader)).toEqual([]);
    } finally {
      await reader.context.close();
    }
  });
});

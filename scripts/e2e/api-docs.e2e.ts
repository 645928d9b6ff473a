/**
 * The API documentation pages in real Chromium, under the product's strict CSP: Swagger UI
 * renders every REST call from /api/openapi.json, and the events page every Socket.IO event from
 * /api/asyncapi.json, with no script refused and no error. One browser page, two screenshots.
 */
import { describe, expect, it } from 'vitest';
import { openPlayer, type Player } from './support/browser.ts';
import { screenshot } from './support/artifacts.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

/** What went wrong on the page: CSP refusals, uncaught errors, console errors, failed loads. */
const troubles = (reader: Player) =>
  reader.log.filter((line) => /\[(error|pageerror|requestfailed|http \d+)\]|Refused to/.test(line));

describe('/api/docs', () => {
  it('shows every REST call and every Socket.IO event, with the CSP unchanged', async () => {
    const reader = await openPlayer(e2e.browser, 'api-reader', e2e.server.url, {
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
      const openapi = (await (await fetch(`${e2e.server.url}/api/openapi.json`)).json()) as {
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

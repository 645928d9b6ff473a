/**
 * The strict Content-Security-Policy holds without a single refusal: the phones and the TV
 * through a game's first moves in real Chromium against the production build. A library that
 * tries to evaluate code (even to find out whether it may, in a try/catch) is refused by the
 * policy and reported; the browser's `securitypolicyviolation` events and console say so.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV_VIEWPORT, type Player } from './support/browser.ts';
import { followOnTv, joinLobby, startWithOneInvestor } from './support/flows.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation of the page's documents, from their first script on. */
async function watchViolations(player: Player): Promise<void> {
  await player.context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations!.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

describe('the Content-Security-Policy', () => {
  it('is never violated by the phones or the TV', async () => {
    const s = new Scenario('csp', e2e.browser, e2e.server);
    const code = 'CSP1';
    try {
      const bina = await s.join('broker');
      const asha = await s.join('investor-a');
      const tv = await s.join('tv', TV_VIEWPORT);
      for (const player of [bina, asha, tv]) await watchViolations(player);
      await joinLobby(s, bina, 'Bina', code, "I'm Broker");
      await joinLobby(s, asha, 'Asha', code, "I'm Investor");
      await startWithOneInvestor(s, bina, asha);
      await followOnTv(s, tv, code);
      await s.step('Bina opens a trade phase; the TV hears of it', async () => {
        await bina.page.getByRole('button', { name: 'Trade Phase' }).click();
        await tv.page.getByText('Trade phase closed').waitFor({ state: 'detached' });
      });
      for (const player of [bina, asha, tv]) {
        expect(await violations(player.page), player.name).toEqual([]);
        expect(
          player.log.filter((line) => /Refused to|Content Security Policy/.test(line)),
          player.name,
        ).toEqual([]);
      }
    } finally {
      await s.close();
    }
  });
});

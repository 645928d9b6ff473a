/**
 * Orders that survive a drop, in real Chromium against the production build: an investor's
 * phone goes offline (`context.setOffline`), taps an order, which waits on the phone as
 * "Waiting for connection…" (kept across a reload), and is placed once when the phone is back;
 * in Hindi, the broker ends the phase while the phone is offline, and the phone is told its
 * order was not placed; an order tapped while the server restarts is placed once it is back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Player } from './support/browser.ts';
import { joinLobby, pathIs, startWithOneInvestor } from './support/flows.ts';
import { live, textOf } from './support/live.ts';
import { useRestartableServer } from './support/restartable.ts';
import { Scenario } from './support/scenario.ts';

const e2e = useRestartableServer();

const TANDOOR = 'Tandoor Motors';
const MONSOON = 'Monsoon Power';
/** localStorage key of the chosen language (web/src/i18n). */
const LANGUAGE_KEY = 'showdown.language';

/** The Trade Hub's row of a company. */
const rowOf = (page: Page, company: string) =>
  page.getByRole('list', { name: /Companies|कंपनियाँ/ }).getByRole('listitem', { name: company });

const waiting = (page: Page) => page.getByRole('region', { name: /Orders waiting|इंतज़ार में/ });

/** Taps BUY or SELL (its label in the page's language) and orders `quantity`. */
async function order(page: Page, button: string, dialog: string, orderLabel: string, qty: number) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const form = page.getByRole('dialog', { name: dialog });
  await form.getByRole('textbox').first().fill(String(qty));
  await form.getByRole('button', { name: orderLabel, exact: true }).click();
  await form.waitFor({ state: 'detached' });
}

/** The page is under a service worker: a reload with no network is served from its cache. */
async function controlled(player: Player): Promise<void> {
  await live(
    `${player.name}'s page is under its service worker`,
    () => player.page.evaluate(() => navigator.serviceWorker.controller !== null),
    30_000,
  ).toBe(true);
}

describe('orders without a connection', () => {
  it('wait on the phone, are placed once when it is back, and are refused after the phase', async () => {
    const s = new Scenario('offline orders', e2e.browser, e2e.server());
    try {
      const broker = await s.join('broker');
      const asha = await s.join('investor-a');
      await joinLobby(s, broker, 'Broker Bina', 'OFF1', "I'm Broker");
      await joinLobby(s, asha, 'Asha', 'OFF1', "I'm Investor");
      await startWithOneInvestor(s, broker, asha);
      const { page } = asha;

      await s.step('a phase opens; Asha goes to the Trade Hub', async () => {
        await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
        await page.getByRole('button', { name: 'Trade Hub' }).click();
        await page.waitForURL(pathIs('/trade'));
        await page.getByText('Trade phase is on').waitFor();
        await controlled(asha);
      });

      await s.step('offline, an order waits on the phone and is not placed', async () => {
        await asha.context.setOffline(true);
        await page.getByRole('status').filter({ hasText: 'No connection' }).first().waitFor();
        await order(page, `BUY ${TANDOOR}`, `Buy ${TANDOOR}`, 'Order', 10);
        await page
          .getByText('No connection: your order waits and is sent when the connection is back.')
          .waitFor();
        await waiting(page).getByText('Waiting for connection…').waitFor();
        expect(await textOf(waiting(page))).toContain(`Buy 10 × ${TANDOOR}`);
        expect(await textOf(rowOf(page, TANDOOR))).toContain('Held 0');
        await s.seen(asha, 'order-waiting');
      });

      await s.step('a reload with no network keeps the waiting order', async () => {
        await page.reload();
        // The whole app starts again from the service worker's cache: give it a slow phone's time.
        await waiting(page).getByText(`Buy 10 × ${TANDOOR}`).waitFor({ timeout: 30_000 });
      });

      await s.step('back online: placed once, with the Idempotency-Key of the tap', async () => {
        await asha.context.setOffline(false);
        await page.getByText(`Your order for 10 × ${TANDOOR} was placed.`).waitFor({
          timeout: 20_000,
        });
        await waiting(page).waitFor({ state: 'detached' });
        await live('Asha holds the 10 shares once', () => textOf(rowOf(page, TANDOOR))).toContain(
          'Held 10',
        );
        await s.seen(asha, 'order-placed-when-back');
      });

      await s.step('in Hindi, offline, a sell waits; the broker ends the phase', async () => {
        await page.evaluate((key) => localStorage.setItem(key, 'hi'), LANGUAGE_KEY);
        await page.reload();
        await page.getByText('ट्रेड चरण चालू है').waitFor();
        await asha.context.setOffline(true);
        await order(page, `${TANDOOR} बेचें`, `बेचें ${TANDOOR}`, 'ऑर्डर करें', 4);
        await waiting(page).getByText('कनेक्शन का इंतज़ार है…').waitFor();
        expect(await textOf(waiting(page))).toContain(`${TANDOOR} के 4 शेयर बेचें`);
        await s.seen(asha, 'order-waiting-hindi');
        await broker.page.getByRole('button', { name: 'End phase now' }).click();
        await broker.page.getByRole('button', { name: 'Trade Phase' }).waitFor();
      });

      await s.step('back online: told in Hindi that the order was not placed', async () => {
        await asha.context.setOffline(false);
        await page
          .getByText(
            `${TANDOOR} के 4 शेयर का आपका ऑर्डर नहीं दिया गया: आपके ऑफ़लाइन रहते ट्रेड चरण ख़त्म हो गया।`,
          )
          .waitFor({ timeout: 20_000 });
        await waiting(page).waitFor({ state: 'detached' });
        await s.seen(asha, 'order-not-placed-hindi');
        expect(await textOf(rowOf(page, TANDOOR))).toContain('10');
        await page.evaluate((key) => localStorage.setItem(key, 'en'), LANGUAGE_KEY);
        await page.reload();
        await live('still 10 shares', () => textOf(rowOf(page, TANDOOR))).toContain('Held 10');
      });

      await s.step('the server restarts: an order tapped meanwhile is placed once', async () => {
        await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
        await page.getByText('Trade phase is on').waitFor();
        await e2e.stop();
        await page.getByRole('status').filter({ hasText: 'Reconnecting…' }).waitFor();
        await order(page, `BUY ${MONSOON}`, `Buy ${MONSOON}`, 'Order', 5);
        await waiting(page).getByText(`Buy 5 × ${MONSOON}`).waitFor();
        await e2e.start();
        const told = page.getByText(`Your order for 5 × ${MONSOON}`);
        await told.waitFor({ timeout: 30_000 });
        expect(await textOf(told)).toBe(`Your order for 5 × ${MONSOON} was placed.`);
        await live('Asha holds the 5 shares once', () => textOf(rowOf(page, MONSOON))).toContain(
          'Held 5',
        );
        expect(await textOf(rowOf(page, TANDOOR))).toContain('Held 10');
      });
    } finally {
      for (const p of s.players) await p.context.close();
    }
    // Three phases, a server restart and three waits for a reconnection.
  }, 420_000);
});

/**
 * A new broker and a paused phase in real Chromium against the production build: the broker hands
 * the broker's powers to an investor from the menu; the new broker pauses the trade phase and every
 * phone's chip and the TV say "Paused", then resumes; the new broker's phone goes away, and 60 s
 * later the former broker is offered "The broker is offline. Take over?" and takes the controls
 * back without a reload. Phones at 390×844, the TV at 1920×1080.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV_VIEWPORT } from './support/browser.ts';
import { followOnTv, joinLobby, startWithOneInvestor } from './support/flows.ts';
import { live, LIVE_MS, textOf } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

const chip = (page: Page) =>
  page.getByRole('banner').getByRole('timer', { name: 'Trade phase countdown' });
const brokerActions = (page: Page) => page.getByRole('group', { name: 'Broker actions' });
const phasePanel = (page: Page) => page.getByRole('region', { name: 'Trade phase' });

describe('a broker night', () => {
  it('hands the broker over, pauses and resumes the phase, and takes over from an offline broker', async () => {
    const s = new Scenario('broker night', e2e.browser, e2e.server);
    const code = 'BRK1';
    try {
      const bina = await s.join('broker');
      const asha = await s.join('investor-a');
      const tv = await s.join('tv', TV_VIEWPORT);
      await joinLobby(s, bina, 'Bina', code, "I'm Broker");
      await joinLobby(s, asha, 'Asha', code, "I'm Investor");
      await startWithOneInvestor(s, bina, asha);
      await followOnTv(s, tv, code);

      await s.step('Bina opens a trade phase', async () => {
        await bina.page.getByRole('button', { name: 'Trade Phase' }).click();
        await chip(asha.page).waitFor({ timeout: LIVE_MS });
        expect(await textOf(chip(asha.page))).toMatch(/^\d+s$/);
      });

      await s.step('Bina hands the broker over to Asha from the menu', async () => {
        await bina.page.getByRole('button', { name: 'Help' }).click();
        await bina.page.getByRole('menuitem', { name: 'Hand over broker' }).click();
        const dialog = bina.page.getByRole('dialog', { name: 'Hand over broker' });
        await dialog.getByLabel('Asha (Investor)').check();
        await s.seen(bina, 'hand-over-dialog');
        await dialog.getByRole('button', { name: 'Hand over' }).click();
        await bina.page.getByText('Asha is the broker now.').first().waitFor();
        await dialog.waitFor({ state: 'detached' });
        // Asha's phone shows the broker's controls without a reload; Bina's loses them.
        await brokerActions(asha.page).waitFor({ timeout: LIVE_MS });
        await live("Bina's broker controls go", () => brokerActions(bina.page).count()).toBe(0);
        expect(await textOf(asha.page.getByRole('heading', { level: 1 }))).toBe('Monitor & Action');
        await s.seen(asha, 'new-broker');
        await s.seen(bina, 'former-broker');
      });

      await s.step('Asha pauses the phase: both chips and the TV say Paused', async () => {
        await phasePanel(asha.page).getByRole('button', { name: 'Pause' }).click();
        for (const page of [asha.page, bina.page]) {
          await live('the chip says Paused', () => textOf(chip(page))).toBe('Paused');
        }
        await live('the TV says Paused', () =>
          textOf(tv.page.getByText(/^Paused: \d+ s left$/)),
        ).toMatch(/^Paused: \d+ s left$/);
        // A pause is not the end of the phase: nobody is told "Trade ended.".
        for (const page of [asha.page, bina.page]) {
          expect(await page.getByText('Trade ended.').count()).toBe(0);
        }
        await s.seen(asha, 'paused-broker');
        await s.seen(bina, 'paused-former-broker');
        await s.seen(tv, 'paused-tv');
      });

      await s.step('Asha resumes: the countdown runs again everywhere', async () => {
        await phasePanel(asha.page).getByRole('button', { name: 'Resume' }).click();
        for (const page of [asha.page, bina.page]) {
          await live('the chip counts again', () => textOf(chip(page))).toMatch(/^\d+s$/);
        }
        await live('the TV counts again', () => textOf(tv.page.getByTestId('countdown'))).toMatch(
          /\d+:\d\d/,
        );
        // Bina is told; Asha, who tapped Resume, sees her panel run again instead.
        await bina.page.getByText('Trade phase resumed').first().waitFor({ timeout: LIVE_MS });
        expect(await asha.page.getByText('Trade phase resumed').count()).toBe(0);
        await s.seen(bina, 'resumed');
      });

      await s.step(
        'Asha goes away; after 60 s Bina is offered to take over, and does',
        async () => {
          await asha.page.close();
          const offer = bina.page.getByRole('alert').filter({
            hasText: 'The broker is offline. Take over?',
          });
          // The offer waits for the claim window (60 s), never before it.
          await bina.page.waitForTimeout(50_000);
          expect(await offer.count()).toBe(0);
          await offer.waitFor({ timeout: 20_000 });
          await s.seen(bina, 'take-over-offer');
          await offer.getByRole('button', { name: 'Take over' }).click();
          await bina.page.getByText('You are the broker now.').first().waitFor();
          await brokerActions(bina.page).waitFor({ timeout: LIVE_MS });
          await offer.waitFor({ state: 'detached' });
          await s.seen(bina, 'took-over');
        },
      );
    } finally {
      await s.close();
    }
  });
});

/**
 * Live cues in real Chromium against the production build: an investor on Portfolio sees the
 * trade-phase alert and the countdown chip, taps "Trade now" and trades; the server is stopped
 * and restarted on the same port and database, and the banner shows "Reconnecting…" then clears;
 * the mayhem average matches what the phone showed as picked (a pick left selected without Next
 * is sent too).
 */
import { applyPercentChange } from '@showdown/shared/pricing';
import { formatINR } from '@showdown/shared/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, type Player } from './support/browser.ts';
import { signUpThroughUi, startWithOneInvestor } from './support/flows.ts';
import { live, LIVE_MS, textOf } from './support/live.ts';
import { useRestartableServer } from './support/restartable.ts';
import { Scenario } from './support/scenario.ts';

const e2e = useRestartableServer();

const pathIs = (path: string) => (url: URL) => url.pathname === path;
const inr = (paise: number) => formatINR(paise / 100);
const TANDOOR = { name: 'Tandoor Motors', open: 45_000 };
const MONSOON = { name: 'Monsoon Power', open: 28_000 };

/** /profile → … → the board code; a code with no open game is confirmed as a new lobby. */
async function joinWithCode(s: Scenario, player: Player, code: string, role: string) {
  const { page } = player;
  await s.step(`${player.name} joins ${code}`, async () => {
    await page.goto('/showDown');
    await page.getByLabel('Board code character 1').focus();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Submit & Join Lobby' }).click();
    const confirm = page.getByRole('dialog', { name: /Start a new lobby\?/ });
    await Promise.race([
      page.waitForURL(pathIs('/join-game/false')),
      confirm.waitFor().then(() => confirm.getByRole('button', { name: 'Yes' }).click()),
    ]);
    await page.waitForURL(pathIs('/join-game/false'));
    await page.getByRole('button', { name: role, exact: true }).click();
    await page.waitForURL(pathIs('/showdown-lobby'));
  });
}

function banner(page: Page) {
  return page.getByRole('status').filter({ hasText: /Reconnecting…|Back online/ });
}

describe('live cues', () => {
  it('alerts on Portfolio, survives a server restart, and averages what the phone picked', async () => {
    const s = new Scenario('live cues', e2e.browser, e2e.server());
    try {
      const broker = await s.join('broker');
      const asha = await s.join('investor-a');
      await signUpThroughUi(s, broker, 'Broker Bina');
      await signUpThroughUi(s, asha, 'Asha');
      await joinWithCode(s, broker, 'CUE1', "I'm Broker");
      await joinWithCode(s, asha, 'CUE1', "I'm Investor");
      await startWithOneInvestor(s, broker, asha);

      await s.step('Asha on Portfolio sees the trade-phase alert and the countdown', async () => {
        await asha.page.getByRole('button', { name: 'Portfolio' }).click();
        await asha.page.waitForURL(pathIs('/portfolio'));
        await asha.page.getByRole('region', { name: 'Summary' }).waitFor();
        await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
        // From the server's answer on the broker's device, the investor has LIVE_MS to see it.
        await broker.page.getByRole('timer', { name: 'Trade phase countdown' }).first().waitFor();
        await asha.page.getByText(/Trade phase open: \d+ s to trade/).waitFor({ timeout: LIVE_MS });
        const chip = asha.page.getByRole('banner').getByRole('timer', {
          name: 'Trade phase countdown',
        });
        await chip.waitFor({ timeout: LIVE_MS });
        expect(await textOf(chip)).toMatch(/^\d+s$/);
        // The snackbar never covers the top bar.
        const bar = await asha.page.getByRole('banner').boundingBox();
        const toast = await asha.page
          .getByText(/Trade phase open/)
          .first()
          .boundingBox();
        expect(bar && toast && toast.y >= bar.y + bar.height).toBe(true);
        await s.seen(asha, 'portfolio-alert');
      });

      await s.step('"Trade now" opens the Trade Hub and Asha buys', async () => {
        await asha.page.getByRole('button', { name: 'Trade now' }).click();
        await asha.page.waitForURL(pathIs('/trade'));
        await asha.page.getByRole('button', { name: `BUY ${TANDOOR.name}` }).click();
        const dialog = asha.page.getByRole('dialog', { name: `Buy ${TANDOOR.name}` });
        await dialog.getByLabel('Quantity').fill('10');
        await dialog.getByRole('button', { name: 'Order' }).click();
        await asha.page.getByText('Order placed successfully.').first().waitFor();
        await dialog.waitFor({ state: 'detached' });
        await s.seen(asha, 'trade-after-alert');
      });

      await s.step('a price update shows its cue on the Trade Hub', async () => {
        await broker.page
          .getByRole('button', { name: new RegExp(`Update price of ${MONSOON.name}`) })
          .click();
        await broker.page.waitForURL(pathIs('/price-updates'));
        await broker.page.getByRole('button', { name: 'Increase' }).click();
        await broker.page.getByRole('button', { name: '10', exact: true }).click();
        await broker.page.getByRole('button', { name: 'OK' }).click();
        const row = asha.page.getByRole('listitem', { name: MONSOON.name });
        await row.getByRole('img', { name: 'up 10 percent' }).waitFor({ timeout: LIVE_MS });
        expect(await textOf(row)).toContain(inr(applyPercentChange(MONSOON.open, 10)));
        await s.seen(asha, 'trade-cue');
        await broker.page.getByRole('button', { name: 'Back' }).click();
        await broker.page.waitForURL(pathIs('/stock-prices'));
      });

      await s.step(
        'the server stops: "Reconnecting…", controls off; it restarts: clears',
        async () => {
          await e2e.stop();
          for (const p of [broker, asha]) {
            await live(`${p.name}'s banner`, () => textOf(banner(p.page)), 15_000).toContain(
              'Reconnecting…',
            );
          }
          await s.seen(asha, 'reconnecting');
          await e2e.start();
          for (const p of [broker, asha]) {
            await banner(p.page).waitFor({ state: 'detached', timeout: 30_000 });
          }
          expect(pathOf(asha)).toBe('/trade');
          await asha.page.getByRole('button', { name: `SELL ${TANDOOR.name}` }).isEnabled();
        },
      );

      await s.step('mayhem: the average is what the phone showed as picked', async () => {
        await broker.page.getByRole('button', { name: 'Market Mayhem' }).click();
        await broker.page.waitForURL(pathIs('/market-mayhem'));
        const pick = async (company: string, percent: string) => {
          await broker.page.getByRole('combobox', { name: 'Company' }).selectOption(company);
          await broker.page.getByRole('combobox', { name: 'Percentage' }).selectOption(percent);
          await broker.page.getByRole('button', { name: 'Add to list' }).click();
        };
        await pick(TANDOOR.name, '+12%');
        await pick(MONSOON.name, '-5%');
        await broker.page.getByRole('button', { name: 'Save' }).click();
        const average = broker.page.getByRole('button', { name: 'Average' });
        await average.waitFor();
        expect(await average.isDisabled()).toBe(true);

        await asha.page.getByText('Market Mayhem is open: pick your percentages').waitFor({
          timeout: LIVE_MS,
        });
        await asha.page.getByRole('button', { name: 'Respond' }).click();
        await asha.page.waitForURL(pathIs('/market-mayhem'));
        await asha.page.getByRole('combobox', { name: 'Company' }).selectOption(TANDOOR.name);
        await asha.page.getByRole('combobox', { name: 'Percentage' }).selectOption('+12%');
        await asha.page.getByRole('button', { name: 'Next' }).click();
        // The last pick stays visibly selected, without Next: Submit must send it too.
        await asha.page.getByRole('combobox', { name: 'Company' }).selectOption(MONSOON.name);
        await asha.page.getByRole('combobox', { name: 'Percentage' }).selectOption('-5%');
        await s.seen(asha, 'mayhem-picked');
        await asha.page.getByRole('button', { name: 'Submit' }).click();
        await asha.page.waitForURL(pathIs('/stock-prices'));

        await broker.page.getByText('1 of 1 investors responded').waitFor({ timeout: LIVE_MS });
        await average.click();
        const tandoor = applyPercentChange(TANDOOR.open, 12, 1);
        const monsoon = applyPercentChange(applyPercentChange(MONSOON.open, 10), -5, 1);
        const rowOf = (name: string) =>
          asha.page.getByRole('list', { name: 'Stock prices' }).getByRole('listitem', { name });
        await live("Asha's Tandoor after mayhem", () => textOf(rowOf(TANDOOR.name))).toContain(
          inr(tandoor),
        );
        expect(await textOf(rowOf(MONSOON.name))).toContain(inr(monsoon));
        await rowOf(TANDOOR.name)
          .getByRole('img', { name: 'up 12 percent by market mayhem' })
          .waitFor();
        await s.seen(asha, 'mayhem-applied');
      });
    } finally {
      for (const p of s.players) await p.context.close();
    }
  });
});

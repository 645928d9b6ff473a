/**
 * The edges of a game in real Chromium against the production build: the OTP step's resend
 * countdown and wrong-code message, a reload in the middle of a trade phase, a player removed
 * from the lobby, and what an investor must never be offered.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf } from './support/browser.ts';
import { joinLobby, pathIs, startWithOneInvestor } from './support/flows.ts';
import { live, textOf } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';
import { nextPhone } from './support/server.ts';

const e2e = useServerAndBrowser();

/** The seconds a countdown shows, or null when none is on screen. */
async function secondsShown(page: Page): Promise<number | null> {
  const text = await textOf(page.getByRole('timer', { name: 'Trade phase countdown' }));
  const match = /(\d+)s/.exec(text);
  return match ? Number(match[1]) : null;
}

async function resendSecondsShown(page: Page): Promise<number | null> {
  const match = /Resend OTP in (\d+)s/.exec(await textOf(page.getByText(/Resend OTP in/)));
  return match ? Number(match[1]) : null;
}

describe('signing in', () => {
  it('resend waits out its 40 s countdown; a wrong code says so and the right one still works', async () => {
    const s = new Scenario('otp step', e2e.browser, e2e.server, true);
    try {
      const newcomer = await s.join('newcomer');
      const { page } = newcomer;
      const phone = nextPhone();
      let code = '';
      await s.step('ask for a code', async () => {
        await page.goto('/login');
        await page.getByLabel('Phone number').fill(phone);
        await page.getByRole('button', { name: 'Get OTP' }).click();
        code = await e2e.server.otps.code(phone, 1);
        await page.getByText('Enter the 4-digit OTP sent to your phone').waitFor();
      });

      await s.step('resend is unavailable while the 40 s count down', async () => {
        const first = await resendSecondsShown(page);
        expect(first).not.toBeNull();
        expect(first).toBeGreaterThanOrEqual(38);
        expect(first).toBeLessThanOrEqual(40);
        expect(await page.getByRole('button', { name: /Resend/ }).count()).toBe(0);
        await live(
          'the resend countdown ticks',
          () => resendSecondsShown(page),
          3_000,
        ).toBeLessThan(first!);
        expect(await page.getByRole('button', { name: /Resend/ }).count()).toBe(0);
        await s.seen(newcomer, 'otp-resend-countdown');
      });

      await s.step("a wrong code shows 'The entered OTP is incorrect.'", async () => {
        const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
        await page.getByLabel('OTP digit 1').focus();
        await page.keyboard.type(wrong);
        await page.getByRole('button', { name: 'Verify' }).click();
        await live('the OTP error', () => textOf(page.getByRole('alert'))).toContain(
          'The entered OTP is incorrect.',
        );
        await s.seen(newcomer, 'otp-incorrect');
      });

      await s.step('the right code then signs the newcomer up', async () => {
        await page.getByLabel('OTP digit 1').focus();
        await page.keyboard.type(code);
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('heading', { name: 'Register' }).waitFor();
        await page.getByLabel('Name').fill('Nisha');
        await page.getByRole('button', { name: 'Sign up' }).click();
        await page.waitForURL(pathIs('/profile'));
        await page.getByText('Nisha!').waitFor();
      });
    } finally {
      await s.close();
    }
  });
});

describe('in the lobby', () => {
  it('a player the broker removes is sent out of the lobby', async () => {
    const s = new Scenario('removed player', e2e.browser, e2e.server, true);
    try {
      const broker = await s.join('broker');
      const kabir = await s.join('investor');
      await joinLobby(s, broker, 'Bina', 'RMV1', "I'm Broker");
      await joinLobby(s, kabir, 'Kabir', 'RMV1', "I'm Investor");
      const brokerList = broker.page.getByRole('list', { name: 'Players' });
      await s.step('the broker sees Kabir join', () =>
        live('Kabir in the broker lobby', () => textOf(brokerList)).toContain('Kabir'),
      );

      await s.step('the broker removes Kabir after confirming', async () => {
        await broker.page.getByRole('button', { name: 'Remove Kabir' }).click();
        const confirm = broker.page.getByRole('dialog', {
          name: 'Do you want to remove this player?',
        });
        await confirm.waitFor();
        await s.seen(broker, 'remove-player-confirm');
        await confirm.getByRole('button', { name: 'Yes' }).click();
        await live('Kabir is sent to the board code screen', () => pathOf(kabir)).toBe('/showDown');
        await kabir.page.getByText('You have been removed from the game.').waitFor();
        await s.seen(kabir, 'removed');
        await live('Kabir leaves the broker lobby', () => textOf(brokerList)).not.toContain(
          'Kabir',
        );
      });
    } finally {
      await s.close();
    }
  });

  it('an investor is never offered the broker controls', async () => {
    const s = new Scenario('investor controls', e2e.browser, e2e.server, true);
    try {
      const broker = await s.join('broker');
      const meera = await s.join('investor');
      await joinLobby(s, broker, 'Bina', 'INV1', "I'm Broker");
      await joinLobby(s, meera, 'Meera', 'INV1', "I'm Investor");
      const { page } = meera;
      const buttons = async (names: readonly string[]) =>
        Promise.all(names.map((name) => page.getByRole('button', { name, exact: true }).count()));

      await s.step('no Setup Game, Start Game or Remove in the investor lobby', async () => {
        await live('Bina in the investor lobby', () =>
          textOf(page.getByRole('list', { name: 'Players' })),
        ).toContain('Bina');
        await page.getByRole('button', { name: 'Update Role' }).waitFor();
        expect(await buttons(['Setup Game', 'Start Game', 'Remove Bina'])).toEqual([0, 0, 0]);
        expect(
          await broker.page.getByRole('button', { name: 'Setup Game' }).count(),
          'the broker does have them',
        ).toBe(1);
        await s.seen(meera, 'lobby');
      });

      await startWithOneInvestor(s, broker, meera);

      const brokerOnly = ['Trade Phase', 'Payday', 'Showdown', 'Market Mayhem'] as const;
      const keypad = ['Increase', 'Decrease', 'OK', 'Undo', '10'] as const;
      const expectNoBrokerControls = async (when: string) => {
        await page.getByRole('heading', { name: 'Market Monitor' }).waitFor();
        expect(await buttons(brokerOnly), `broker buttons ${when}`).toEqual([0, 0, 0, 0]);
        expect(await buttons(keypad), `keypad ${when}`).toEqual([0, 0, 0, 0, 0]);
        expect(await page.getByRole('button', { name: /^Update price of/ }).count()).toBe(0);
        expect(await page.getByRole('group', { name: 'Broker actions' }).count()).toBe(0);
      };

      await s.step('the Market Monitor has prices but no broker buttons or keypad', async () => {
        await expectNoBrokerControls('in the running game');
        await page.getByRole('list', { name: 'Stock prices' }).getByText('Tandoor Motors').click();
        expect(pathOf(meera), 'tapping a company opens nothing').toBe('/stock-prices');
        expect(await buttons(['Trade Phase', 'Payday', 'Showdown'])).toEqual([0, 0, 0]);
        expect(
          await broker.page.getByRole('group', { name: 'Broker actions' }).count(),
          'the broker does have them',
        ).toBe(1);
        await s.seen(meera, 'stock-prices');
      });

      await s.step('nor during a trade phase', async () => {
        await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
        await live('the investor countdown', () => secondsShown(page)).toBeGreaterThan(0);
        await expectNoBrokerControls('during a trade phase');
      });

      await s.step('deep links do not reveal them either', async () => {
        await page.goto('/price-updates');
        await page.waitForURL(pathIs('/stock-prices'));
        await expectNoBrokerControls('after opening /price-updates');
        // While the game runs the balances are the broker's screen: an investor is refused them.
        await page.goto('/portfolio-showdown');
        await page.getByText('Balances are not available.').waitFor();
        expect(await page.getByRole('list', { name: 'Player balances' }).count()).toBe(0);
        await page.getByRole('button', { name: 'Resume Game' }).waitFor();
        expect(await buttons(['End Game'])).toEqual([0]);
        await s.seen(meera, 'showdown');
      });
    } finally {
      await s.close();
    }
  });
});

describe('mid-game', () => {
  it('a reload during a trade phase keeps the session, the countdown and the portfolio', async () => {
    const s = new Scenario('reload', e2e.browser, e2e.server, true);
    try {
      const broker = await s.join('broker');
      const dev = await s.join('investor');
      await joinLobby(s, broker, 'Bina', 'RLD1', "I'm Broker");
      await joinLobby(s, dev, 'Dev', 'RLD1', "I'm Investor");
      await startWithOneInvestor(s, broker, dev);
      const { page } = dev;
      const cash = () => textOf(page.getByRole('region', { name: 'Cash and trade phase' }));
      const lotus = () =>
        textOf(
          page
            .getByRole('list', { name: 'Companies' })
            .getByRole('listitem', { name: 'Lotus Bank' }),
        );

      await s.step('the broker opens a trade phase and Dev buys', async () => {
        await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
        await live('Dev sees the countdown', () => secondsShown(page)).toBeGreaterThan(100);
        await page.getByRole('button', { name: 'Trade Hub' }).click();
        await page.waitForURL(pathIs('/trade'));
        await page.getByRole('button', { name: 'BUY Lotus Bank' }).click();
        const dialog = page.getByRole('dialog', { name: 'Buy Lotus Bank' });
        await dialog.getByLabel('Quantity').fill('10');
        await dialog.getByRole('button', { name: 'Order' }).click();
        await dialog.waitFor({ state: 'detached' });
        // ₹5,00,000 (default starting funds) − 10 × ₹1,520.00.
        await live("Dev's cash after buying", cash).toContain('₹4,84,800.00');
        await live('Dev holds 10 Lotus Bank', lotus).toContain('Held 10');
      });

      await s.step(
        'after a reload Dev is still signed in, counting down, with the shares',
        async () => {
          const before = await secondsShown(page);
          expect(before).not.toBeNull();
          await page.reload();
          await page.waitForURL(pathIs('/trade'));
          await live(
            'the countdown after the reload',
            () => secondsShown(page),
            5_000,
          ).toBeGreaterThan(0);
          const after = await secondsShown(page);
          expect(after).toBeLessThanOrEqual(before!);
          expect(after).toBeGreaterThanOrEqual(before! - 10);
          await live('the cash after the reload', cash, 5_000).toContain('₹4,84,800.00');
          await live('the holding after the reload', lotus, 5_000).toContain('Held 10');
          expect(await page.getByRole('button', { name: 'BUY Lotus Bank' }).isEnabled()).toBe(true);
          expect(await page.evaluate(() => localStorage.getItem('timer_expiry'))).toMatch(/^\d+$/);
          await s.seen(dev, 'trade-after-reload');

          await page.getByRole('button', { name: 'Portfolio' }).click();
          await page.waitForURL(pathIs('/portfolio'));
          const row = page
            .getByRole('list', { name: 'Holdings' })
            .getByRole('listitem', { name: 'Lotus Bank' });
          await live('the portfolio row after the reload', () => textOf(row), 5_000).toMatch(
            /Quantity\s*10/,
          );
        },
      );

      await s.step("the broker's reload keeps the phase too", async () => {
        await broker.page.reload();
        await broker.page.waitForURL(pathIs('/stock-prices'));
        await live(
          "the broker's countdown after the reload",
          () => secondsShown(broker.page),
          5_000,
        ).toBeGreaterThan(0);
        await broker.page.getByRole('button', { name: 'Trade Phase' }).waitFor();
        expect(await broker.page.getByRole('button', { name: 'Trade Phase' }).isDisabled()).toBe(
          true,
        );
      });
    } finally {
      await s.close();
    }
  });
});

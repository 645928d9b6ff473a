/**
 * Undo and play again in real Chromium against the production build:
 * the broker's confirmation offers "Undo"; a price update and a payday are undone and the
 * investor's phone and the TV show the restored state live; after the end the broker's
 * leaderboard offers "Play again with this table", the investor's phone then offers "Join the
 * rematch" (one tap: same role, same avatar) and the TV follows the board to the new lobby.
 */
import { formatINR } from '@showdown/shared/format';
import { applyPercentChange } from '@showdown/shared/pricing';
import { describe, expect, it } from 'vitest';
import { pathOf, TV_VIEWPORT } from './support/browser.ts';
import { joinLobby, pathIs, startWithOneInvestor } from './support/flows.ts';
import { live, textOf } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

const inr = (paise: number) => formatINR(paise / 100);
const TANDOOR = { id: 1, name: 'Tandoor Motors', open: 45_000 };
const STARTING_CASH = 500_000_00;
const PAYDAY = 100_000_00;

describe('undo and play again', () => {
  it('undoes a price update and a payday on every screen, then rematches the table', async () => {
    const s = new Scenario('undo and rematch', e2e.browser, e2e.server);
    try {
      const broker = await s.join('broker');
      const asha = await s.join('investor-a');
      const tv = await s.join('tv', TV_VIEWPORT);
      const code = 'UND1';
      await joinLobby(s, broker, 'Bina', code, "I'm Broker");
      await joinLobby(s, asha, 'Asha', code, "I'm Investor");
      await s.step('the TV watches the board', async () => {
        await tv.page.goto(`/spectate/${code}`);
        await live('the board code on the TV', () =>
          textOf(tv.page.getByTestId('board-code')),
        ).toBe(code);
      });
      await startWithOneInvestor(s, broker, asha);
      const tile = tv.page.getByTestId(`tile-${TANDOOR.id}`);
      const ashaRow = asha.page
        .getByRole('list', { name: 'Stock prices' })
        .getByRole('listitem')
        .filter({ hasText: TANDOOR.name });
      const raised = applyPercentChange(TANDOOR.open, 10);

      await s.step('a price update: the confirmation offers Undo', async () => {
        const { page } = broker;
        await page
          .getByRole('button', { name: new RegExp(`Update price of ${TANDOOR.name}`) })
          .click();
        await page.waitForURL(pathIs('/price-updates'));
        await page.getByRole('button', { name: 'Increase' }).click();
        await page.getByRole('button', { name: '1', exact: true }).click();
        await page.getByRole('button', { name: '0', exact: true }).click();
        await page.getByRole('button', { name: 'OK' }).click();
        await page.getByText('Stock price updated successfully.').waitFor();
        await page.getByRole('button', { name: 'Undo this change' }).waitFor();
        await live("Asha's Tandoor price", () => textOf(ashaRow)).toContain(inr(raised));
        await live('Tandoor on the TV', () => textOf(tile)).toContain(inr(raised));
        await s.seen(broker, 'undo-offered');
      });

      await s.step('Undo: the price is back to the paisa on the phone and the TV', async () => {
        await broker.page.getByRole('button', { name: 'Undo this change' }).click();
        await broker.page
          .getByText(`Undone: price update of ${TANDOOR.name} (back to ₹450.00)`)
          .waitFor();
        await live("Asha's Tandoor price", () => textOf(ashaRow)).toContain(inr(TANDOOR.open));
        await live('Tandoor on the TV', () => textOf(tile)).toContain(inr(TANDOOR.open));
        await asha.page.getByText(/Broker: Undone: price update of Tandoor Motors/).waitFor();
        await s.seen(broker, 'undone');
        await s.seen(asha, 'undone-alert');
        await s.seen(tv, 'spectator-undone');
        await broker.page.getByRole('button', { name: 'Back' }).click();
        await broker.page.waitForURL(pathIs('/stock-prices'));
      });

      await s.step('a payday is undone: the cash it credited is taken back', async () => {
        await asha.page.goto('/trade');
        const cash = () => textOf(asha.page.getByRole('region', { name: 'Cash and trade phase' }));
        await live("Asha's cash", cash).toContain(inr(STARTING_CASH));
        await broker.page.getByRole('button', { name: 'Payday' }).click();
        const confirm = broker.page.getByRole('dialog', {
          name: 'Are you sure you want to give payday?',
        });
        await confirm.getByRole('button', { name: 'Yes' }).click();
        await live("Asha's cash after payday", cash).toContain(inr(STARTING_CASH + PAYDAY));
        await broker.page.getByRole('button', { name: 'Undo this change' }).click();
        await broker.page.getByText('Undone: payday of ₹1,00,000.00').waitFor();
        await live("Asha's cash after the undo", cash).toContain(inr(STARTING_CASH));
        await live('the broker counts no payday', () =>
          textOf(broker.page.getByText(/Paydays given/)),
        ).toContain('Paydays given: 0 of 3');
        await s.seen(asha, 'payday-undone');
        await asha.page.goto('/transaction');
        await asha.page.getByText('Undone: PAYDAY').first().waitFor();
        await s.seen(asha, 'history-undone');
      });

      await s.step('the broker ends the game: both leaderboards', async () => {
        const { page } = broker;
        await page.getByRole('button', { name: 'Showdown' }).click();
        await page.waitForURL(pathIs('/portfolio-showdown'));
        await page.getByRole('button', { name: 'End Game' }).click();
        await page
          .getByRole('dialog', { name: 'Are you sure you want to end the game?' })
          .getByRole('button', { name: 'Yes' })
          .click();
        await page.waitForURL(pathIs('/leaderboard'));
        await live('Asha is sent to the leaderboard', () => pathOf(asha)).toBe('/leaderboard');
        await page.getByRole('button', { name: 'Play again with this table' }).waitFor();
        await page.getByRole('button', { name: 'Restart the Game' }).waitFor();
        expect(
          await asha.page.getByRole('button', { name: 'Play again with this table' }).count(),
        ).toBe(0);
        await s.seen(broker, 'leaderboard-play-again');
      });

      await s.step('play again: the broker opens the rematch lobby, the TV follows', async () => {
        await broker.page.getByRole('button', { name: 'Play again with this table' }).click();
        await broker.page.waitForURL(pathIs('/showdown-lobby'));
        await broker.page.getByRole('list', { name: 'Players' }).getByText('(You)').waitFor();
        await live('the TV shows the new lobby', () =>
          tv.page.getByText('Waiting for the broker to start the game').count(),
        ).toBe(1);
        await live('Bina in the TV lobby', () =>
          tv.page.getByRole('status', { name: 'Bina is online' }).count(),
        ).toBe(1);
        await s.seen(broker, 'rematch-lobby');
        await s.seen(tv, 'spectator-rematch-lobby');
      });

      await s.step('Asha joins the rematch in one tap, with her role and avatar', async () => {
        const join = asha.page.getByRole('button', { name: 'Join the rematch' });
        await join.waitFor({ timeout: 2_000 });
        await s.seen(asha, 'leaderboard-join-rematch');
        await join.click();
        await asha.page.waitForURL(pathIs('/showdown-lobby'));
        await asha.page.getByRole('list', { name: 'Players' }).getByText('(You)').waitFor();
        await live("the broker's lobby shows Asha", () =>
          textOf(broker.page.getByRole('list', { name: 'Players' })),
        ).toContain('Asha');
        await live('Asha on the TV', () =>
          tv.page.getByRole('status', { name: 'Asha is online' }).count(),
        ).toBe(1);
        await s.seen(asha, 'rematch-lobby');
        await s.seen(tv, 'spectator-rematch-joined');
      });
    } finally {
      await s.close();
    }
  });
});

/**
 * Practice against bots in real Chromium against the production build: one person, alone, plays
 * a whole practice game from Profile's "Practice" to the leaderboard, as an investor under a bot
 * broker (trading in the bots' trade phase) and as the broker of bot investors (a
 * trade phase the bots trade in, the end); the bots are marked as bots on the lobby, the
 * leaderboard and the TV, which follows a practice game like any board (phones at 390×844, the
 * TV at 1920×1080). One round keeps each game short; the investor's phase is 60 s, so a busy
 * machine's browser still reaches the Trade Hub while it is open.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, TV_VIEWPORT, type Player } from './support/browser.ts';
import { pathIs, signUpThroughUi } from './support/flows.ts';
import { live, textOf } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

/** The longest a bot game's step takes to show: a 30 s phase and the bot broker's pace. */
const GAME_MS = 120_000;

/** Profile → Practice: the dialog's choices, then Start practice; the game's code. */
async function openPractice(
  s: Scenario,
  player: Player,
  seat: 'Investor' | 'Broker',
  bots: number,
  phase: '30 s' | '60 s',
): Promise<string> {
  const { page } = player;
  return s.step(`${player.name} opens a practice game as ${seat}`, async () => {
    await page.getByRole('button', { name: 'Practice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Practice against bots' });
    const choose = (group: string, button: string) =>
      dialog.getByRole('group', { name: group }).getByRole('button', { name: button, exact: true });
    await choose('Play as', seat).click();
    await choose('Bot investors', String(bots)).click();
    await choose('Trade phase', phase).click();
    await choose('Rounds', '1').click();
    await s.seen(player, `practice-dialog-${seat.toLowerCase()}`);
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/practice'));
    await dialog.getByRole('button', { name: 'Start practice' }).click();
    const code = ((await (await opened).json()) as { data: { board_code: string } }).data
      .board_code;
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    return code;
  });
}

const leaderboardRows = async (page: Page) =>
  (await page.getByRole('list', { name: 'Leaderboard' }).getByRole('listitem').allInnerTexts()).map(
    (t) => t.replace(/\s+/g, ' ').trim(),
  );

describe('practice against bots', () => {
  it('a person practises a whole game as an investor, and the TV follows it', async () => {
    const s = new Scenario('practice as investor', e2e.browser, e2e.server);
    try {
      const pia = await s.join('investor-a');
      const tv = await s.join('tv', TV_VIEWPORT);
      await signUpThroughUi(s, pia, 'Pia');
      const code = await openPractice(s, pia, 'Investor', 2, '60 s');

      await s.step('the TV follows the practice game; the bots are marked', async () => {
        // The board itself is what the TV waits for (a running game's, within a game's time).
        await tv.page.goto(`/spectate/${code}`, { waitUntil: 'commit' });
        await tv.page.getByTestId('practice-tag').first().waitFor({ timeout: GAME_MS });
        await live('bot tags on the TV', () => tv.page.getByTestId('bot-tag').count()).toBe(3);
        await s.seen(tv, 'practice-tv');
      });

      await s.step('the bot broker starts: Pia goes past the wheel to the market', async () => {
        await pia.page.waitForURL(pathIs('/stock-prices'), { timeout: GAME_MS });
        await pia.page.getByRole('banner').getByTestId('practice-tag').waitFor();
        await s.seen(pia, 'practice-market');
      });

      await s.step('the bot broker opens a trade phase; Pia buys in the Trade Hub', async () => {
        const { page } = pia;
        await page.getByRole('button', { name: 'Trade Hub' }).click();
        await page.waitForURL(pathIs('/trade'));
        const buy = page.getByRole('button', { name: /^BUY / }).first();
        await live('the phase opens', () => buy.isEnabled(), GAME_MS).toBe(true);
        await buy.click();
        const dialog = page.getByRole('dialog', { name: /^Buy / });
        await dialog.getByLabel('Quantity').fill('10');
        await dialog.getByRole('button', { name: 'Order' }).click();
        await dialog.waitFor({ state: 'detached' });
        await live('Pia holds 10', () =>
          textOf(page.getByRole('list', { name: 'Companies' })),
        ).toContain('Held 10');
        await s.seen(pia, 'practice-trade');
        await live('the TV shows the phase', () =>
          tv.page.getByText('Trade phase open').count(),
        ).toBe(1);
        await s.seen(tv, 'practice-tv-phase');
      });

      await s.step('the bot broker ends the game: the leaderboard and the podium', async () => {
        await live('Pia is sent to the leaderboard', () => pathOf(pia), GAME_MS).toBe(
          '/leaderboard',
        );
        await live('three ranked', async () => (await leaderboardRows(pia.page)).length).toBe(3);
        const rows = await leaderboardRows(pia.page);
        expect(rows.filter((r) => r.includes('Pia'))).toHaveLength(1);
        expect(
          await pia.page.getByRole('list', { name: 'Leaderboard' }).getByTestId('bot-tag').count(),
        ).toBe(2);
        // A practice game has no rematch: the next one starts from Profile.
        expect(
          await pia.page.getByRole('button', { name: 'Play again with this table' }).count(),
        ).toBe(0);
        await s.seen(pia, 'practice-leaderboard');
        // The TV plays the practice game's recap as any game's, then the podium.
        const recap = tv.page.getByRole('region', { name: 'Game recap' });
        await recap.getByRole('figure', { name: 'At the start' }).waitFor();
        await s.seen(tv, 'practice-tv-recap');
        await recap.getByRole('button', { name: 'Skip to the podium' }).click();
        await tv.page.getByTestId('podium-1').waitFor();
        await s.seen(tv, 'practice-tv-podium');
      });

      await s.step('the report and My games say it was practice', async () => {
        const { page } = pia;
        await page.getByRole('button', { name: 'Game report' }).click();
        await page.waitForURL(/\/game-report\/\d+$/);
        await page.getByTestId('practice-tag').waitFor();
        await page.getByTestId('net-worth-chart').waitFor();
        await s.seen(pia, 'practice-report');
        await page.goto('/profile');
        await page.getByRole('region', { name: 'My games' }).getByTestId('practice-tag').waitFor();
        await s.seen(pia, 'practice-my-games');
      });
    } finally {
      await s.close();
    }
  }, 240_000);

  it('a person practises a whole game as the broker of bot investors', async () => {
    const s = new Scenario('practice as broker', e2e.browser, e2e.server);
    try {
      const bina = await s.join('broker');
      await signUpThroughUi(s, bina, 'Bina');
      await openPractice(s, bina, 'Broker', 3, '30 s');

      await s.step('the practice lobby: three bots, each marked', async () => {
        const { page } = bina;
        await page.waitForURL(pathIs('/showdown-lobby'));
        const list = page.getByRole('list', { name: 'Players' });
        await live('bot tags in the lobby', () => list.getByTestId('bot-tag').count()).toBe(3);
        expect(await list.getByTestId('bot-avatar').count()).toBe(3);
        await page.getByTestId('practice-tag').waitFor();
        expect(await page.getByRole('button', { name: 'Update Role' }).count()).toBe(0);
        await s.seen(bina, 'practice-lobby');
      });

      await s.step('Bina starts the game and spins the wheel among the bots', async () => {
        const { page } = bina;
        await page.getByRole('button', { name: 'Start Game' }).click();
        await page.waitForURL(pathIs('/first-player'));
        await page.getByRole('button', { name: 'Spin' }).click();
        await page.getByText(/goes first!/).waitFor();
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.waitForURL(pathIs('/stock-prices'));
      });

      await s.step('Bina opens a trade phase; the bots trade in it', async () => {
        const { page } = bina;
        await page.getByRole('button', { name: 'Trade Phase' }).click();
        await page.getByText('Trade initiated.').waitFor();
        await s.seen(bina, 'practice-broker-phase');
        await live(
          'the phase closes',
          () => page.getByRole('button', { name: 'Trade Phase' }).isEnabled(),
          GAME_MS,
        ).toBe(true);
      });

      await s.step('Bina ends the game: the leaderboard ranks the bots', async () => {
        const { page } = bina;
        await page.getByRole('button', { name: 'Showdown' }).click();
        await page.waitForURL(pathIs('/portfolio-showdown'));
        await page.getByRole('list', { name: 'Player balances' }).waitFor();
        await s.seen(bina, 'practice-showdown');
        await page.getByRole('button', { name: 'End Game' }).click();
        await page
          .getByRole('dialog', { name: 'Are you sure you want to end the game?' })
          .getByRole('button', { name: 'Yes' })
          .click();
        await page.waitForURL(pathIs('/leaderboard'));
        await live('three bots ranked', async () => (await leaderboardRows(page)).length).toBe(3);
        expect(
          await page.getByRole('list', { name: 'Leaderboard' }).getByTestId('bot-tag').count(),
        ).toBe(3);
        await s.seen(bina, 'practice-broker-leaderboard');
      });
    } finally {
      await s.close();
    }
  }, 240_000);
});

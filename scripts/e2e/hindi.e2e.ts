/**
 * Hindi in real Chromium, on a machine with no Devanagari font of its own: the broker switches to
 * हिन्दी in Profile (the Hindi catalogue and the app's Devanagari font load on demand, never on
 * an English screen), the choice survives a reload, and the lobby, the Monitor & Action screen,
 * the table's TV (1920×1080, language from the browser) and the game report read in Hindi; the
 * report words an event in Hindi's own order. Screenshots of each land in artifacts/screens/.
 */
import { COMPANIES } from '@showdown/shared/catalogue';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, TV_VIEWPORT, type Player } from './support/browser.ts';
import { joinLobby, pathIs } from './support/flows.ts';
import { live } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

const CODE = 'HN42';
const TANDOOR = COMPANIES[0]!;

/** The font files a page fetched, each as '<page path> <file path>', from the moment this is called. */
function fontsFetched(player: Player): string[] {
  const fetched: string[] = [];
  player.page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (file.endsWith('.woff2')) fetched.push(`${pathOf(player)} ${file}`);
  });
  return fetched;
}

/** The app's Devanagari faces on a page, with whether each has loaded. */
const devanagariFaces = (page: Page) =>
  page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replace(/"/g, '') === 'Noto Sans Devanagari')
      .map((face) => `${face.weight} ${face.status}`)
      .sort(),
  );

/** A face of this build's Devanagari font, fetched from the app's own origin. */
const APP_FACE = /^\/\S* \/assets\/noto-sans-devanagari-devanagari-(400|700)-normal-[\w-]+\.woff2$/;
const ENGLISH_SWITCH_FACE =
  /^\/profile \/assets\/noto-sans-devanagari-devanagari-700-normal-[\w-]+\.woff2$/;

/**
 * Whether the switch's 'हिन्दी' is drawn with the app's face: as wide as the same text set in that
 * face alone (same size, weight and spacing); boxes of a fallback are not.
 */
const hindiLabelDrawn = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[lang="hi"]');
    const text = [...(button?.childNodes ?? [])].find((node) => node.nodeType === Node.TEXT_NODE);
    if (!button || !text?.textContent) return false;
    const range = document.createRange();
    range.selectNodeContents(text);
    const style = getComputedStyle(button);
    const probe = document.createElement('span');
    probe.lang = 'hi';
    probe.style.font = `${style.fontWeight} ${style.fontSize} "Noto Sans Devanagari"`;
    probe.style.letterSpacing = style.letterSpacing;
    probe.style.position = 'absolute';
    probe.textContent = text.textContent;
    document.body.append(probe);
    const fresh = probe.getBoundingClientRect().width;
    probe.remove();
    return Math.abs(range.getBoundingClientRect().width - fresh) < 0.5;
  });

describe('Hindi', () => {
  it('Profile switches to Hindi, kept on reload; lobby, market, the TV and the report read in Hindi', async () => {
    const s = new Scenario('hindi', e2e.browser, e2e.server);
    try {
      const broker = await s.join('broker');
      const investor = await s.join('investor');
      const brokerFonts = fontsFetched(broker);
      const investorFonts = fontsFetched(investor);
      await joinLobby(s, broker, 'Kiran', CODE, "I'm Broker");
      await joinLobby(s, investor, 'Asha', CODE, "I'm Investor");

      const { page } = broker;
      await s.step('the broker chooses हिन्दी in Profile', async () => {
        // In English only Profile's language switch fetched a font: the bold face, for 'हिन्दी'.
        expect(brokerFonts).toEqual([expect.stringMatching(ENGLISH_SWITCH_FACE)]);
        await page.goto('/profile');
        // The switch names Hindi in Devanagari, legible to an English reader too: its bold face
        // only.
        await page.getByRole('button', { name: 'हिन्दी' }).waitFor();
        await live(
          'the switch loads the bold Devanagari face',
          () => devanagariFaces(page),
          5_000,
        ).toEqual(['400 unloaded', '700 loaded']);
        // Drawn with that face, not as boxes.
        await live(
          'the label is drawn with the loaded face',
          () => hindiLabelDrawn(page),
          5_000,
        ).toBe(true);
        await s.seen(broker, 'en-profile-language-switch');
        const catalogue = page.waitForResponse((r) => /\/assets\/hi-[\w-]+\.js$/.test(r.url()));
        await page.getByRole('button', { name: 'हिन्दी' }).click();
        await catalogue;
        await page.getByRole('heading', { name: 'स्वागत है' }).waitFor();
        await page.reload();
        await page.getByRole('heading', { name: 'स्वागत है' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
        expect(await devanagariFaces(page)).toEqual(['400 loaded', '700 loaded']);
        for (const fetched of brokerFonts) expect(fetched).toMatch(APP_FACE);
        await s.seen(broker, 'hi-profile');
      });

      await s.step('the lobby in Hindi', async () => {
        await page.goto('/showdown-lobby');
        await page.getByRole('heading', { name: 'शोडाउन लॉबी' }).waitFor();
        await page.getByText('दूसरे खिलाड़ियों के जुड़ने की प्रतीक्षा है...').waitFor();
        await s.seen(broker, 'hi-lobby');
      });

      const tv = await s.join('tv', TV_VIEWPORT);
      await s.step('the TV follows the browser language (hi-IN)', async () => {
        await tv.page.addInitScript(() =>
          Object.defineProperty(navigator, 'languages', { get: () => ['hi-IN', 'en'] }),
        );
        await tv.page.goto(`/spectate/${CODE}`);
        await tv.page.getByText('जुड़ने के लिए स्कैन करें').waitFor();
        expect(await devanagariFaces(tv.page)).toEqual(['400 loaded', '700 loaded']);
      });

      await s.step('the broker starts the game; Monitor & Action in Hindi', async () => {
        await page.getByRole('button', { name: 'खेल शुरू करें' }).click();
        await page.waitForURL(pathIs('/first-player'), { timeout: 10_000 });
        await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
        await page.waitForURL(pathIs('/stock-prices'), { timeout: 10_000 });
        await page.getByRole('heading', { name: 'मॉनिटर और कार्रवाई' }).waitFor();
        await page.getByRole('button', { name: 'ट्रेड चरण' }).click();
        await page.getByText('ट्रेड चरण ख़त्म होने में').waitFor();
        await s.seen(broker, 'hi-market');
        // The investor kept English: the language is each device's own.
        await live('the investor follows in English', () => pathOf(investor)).toBe('/first-player');
        await investor.page.getByRole('button', { name: 'Continue' }).waitFor();
      });

      await s.step('the TV shows the running game in Hindi', async () => {
        await tv.page.getByText('ट्रेड चरण खुला').first().waitFor();
        await s.seen(tv, 'hi-tv');
      });

      await s.step(
        'the broker raises Tandoor Motors 10 % and ends the game, in Hindi',
        async () => {
          await page
            .getByRole('button', { name: new RegExp(`^${TANDOOR.name} .*का भाव बदलें`) })
            .click();
          await page.waitForURL(pathIs('/price-updates'));
          await page.getByRole('button', { name: 'बढ़ाएँ' }).click();
          await page.getByRole('button', { name: '1', exact: true }).click();
          await page.getByRole('button', { name: '0', exact: true }).click();
          await page.getByRole('button', { name: 'ठीक है' }).click();
          await page.getByText('शेयर का भाव सफलतापूर्वक अपडेट हुआ।').waitFor();
          await page.goto('/portfolio-showdown');
          await page.getByRole('button', { name: 'खेल ख़त्म करें' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'हाँ' }).click();
          await page.waitForURL(pathIs('/leaderboard'));
          // The recap first, in Hindi; the Skip button goes to the podium.
          const recap = tv.page.getByRole('region', { name: 'खेल का रीकैप' });
          await recap.getByRole('figure', { name: 'शुरुआत में' }).waitFor();
          await s.seen(tv, 'hi-tv-recap');
          await recap.getByRole('button', { name: 'सीधे पोडियम पर जाएँ' }).click();
          await tv.page.getByRole('list', { name: 'अंतिम रैंकिंग' }).waitFor();
          await s.seen(tv, 'hi-tv-podium');
        },
      );

      await s.step('the report says the price update in Hindi word order', async () => {
        await page.getByRole('button', { name: 'खेल की रिपोर्ट' }).click();
        await page.waitForURL(/\/game-report\/\d+$/);
        const chart = page.getByTestId('prices-chart');
        await chart.scrollIntoViewIfNeeded();
        // The plot is the chart's largest drawing (the legend's markers are small ones); the
        // timeline's last point, the price update, is at its right.
        const plot = await chart.evaluate((element) => {
          const areas = [...element.querySelectorAll('svg')].map((svg) =>
            svg.getBoundingClientRect(),
          );
          const { x, y, width, height } = areas.sort((a, b) => b.height - a.height)[0]!;
          return { x, y, width, height };
        });
        // The chart's box holds its legend and its plot: nothing of the next section lies under it.
        const overflow = await chart.evaluate((element) => {
          const bottoms = [...element.querySelectorAll('svg')].map(
            (svg) => svg.getBoundingClientRect().bottom,
          );
          return Math.max(...bottoms) - element.getBoundingClientRect().bottom;
        });
        expect(overflow).toBeLessThanOrEqual(0);
        await page.mouse.move(plot.x + plot.width * 0.9, plot.y + plot.height / 2);
        await page
          .getByText(`${TANDOOR.name} का भाव ₹450.00 से बढ़कर ₹495.00 हो गया`)
          .filter({ visible: true })
          .waitFor();
        await s.seen(broker, 'hi-report');
      });

      // The investor stayed in English all along: the switch's face on Profile, nothing else.
      expect(investorFonts).toEqual([expect.stringMatching(ENGLISH_SWITCH_FACE)]);
    } finally {
      await s.close();
    }
  });
});

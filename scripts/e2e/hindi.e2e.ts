/**
 * Hindi in real Chromium: the broker switches to हिन्दी in Profile (the Hindi catalogue loads on
 * demand), the choice survives a reload, and the lobby, the Monitor & Action screen and the
 * table's TV (1920×1080, language from the browser) read in Hindi. Screenshots of each land in
 * artifacts/screens/ (Devanagari needs a font such as fonts-noto-core).
 */
import { describe, expect, it } from 'vitest';
import { pathOf, TV_VIEWPORT } from './support/browser.ts';
import { joinLobby, pathIs } from './support/flows.ts';
import { live } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

const CODE = 'HN42';

describe('Hindi', () => {
  it('Profile switches to Hindi, kept on reload; lobby, market and the TV read in Hindi', async () => {
    const s = new Scenario('hindi', e2e.browser, e2e.server);
    try {
      const broker = await s.join('broker');
      const investor = await s.join('investor');
      await joinLobby(s, broker, 'Kiran', CODE, "I'm Broker");
      await joinLobby(s, investor, 'Asha', CODE, "I'm Investor");

      const { page } = broker;
      await s.step('the broker chooses हिन्दी in Profile', async () => {
        await page.goto('/profile');
        const catalogue = page.waitForResponse((r) => /\/assets\/hi-[\w-]+\.js$/.test(r.url()));
        await page.getByRole('button', { name: 'हिन्दी' }).click();
        await catalogue;
        await page.getByRole('heading', { name: 'स्वागत है' }).waitFor();
        await page.reload();
        await page.getByRole('heading', { name: 'स्वागत है' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
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
    } finally {
      await s.close();
    }
  });
});

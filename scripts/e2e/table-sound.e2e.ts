/**
 * Sound at the table, in Chromium: the TV asks "Tap for sound" where the browser holds sound back,
 * starts playing once tapped, and plays when a trade phase opens; the investor's Profile has the
 * sound and vibration switches, and the phone vibrates and sounds when the phase opens. What the
 * browser is asked to sound and to vibrate is recorded in the page (the Web Audio oscillators
 * started, navigator.vibrate's patterns). Headless Chromium lets any page play sound, whatever
 * its --autoplay-policy; a desktop browser's policy (an AudioContext stays suspended until the
 * page has had a tap) is put in its place by an init script.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TV_VIEWPORT } from './support/browser.ts';
import { joinLobby, startWithOneInvestor } from './support/flows.ts';
import { live, LIVE_MS } from './support/live.ts';
import { Scenario } from './support/scenario.ts';
import { useServerAndBrowser } from './support/session.ts';

const run = useServerAndBrowser();

/**
 * A desktop browser's autoplay policy: no sound before the page has had a tap. (The page's
 * navigator.userActivation cannot tell: the test driver's own evaluations count as gestures.)
 */
async function holdSoundUntilATap(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let tapped = false;
    for (const event of ['pointerdown', 'keydown']) {
      window.addEventListener(event, () => (tapped = true), { capture: true });
    }
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        if (!tapped) void super.suspend();
      }

      override resume(): Promise<void> {
        // Without a tap the browser leaves the promise pending, as Chrome does.
        return tapped ? super.resume() : new Promise(() => undefined);
      }
    };
  });
}

/** Records, in the page, each oscillator started and each vibration asked for. */
async function recordSoundAndTouch(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { oscillators: 0, vibrations: [] as unknown[] };
    (window as unknown as { __table: typeof seen }).__table = seen;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args: Parameters<typeof start>) {
      seen.oscillators += 1;
      return start.apply(this, args);
    };
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: unknown) => {
        seen.vibrations.push(pattern);
        return true;
      },
    });
  });
}

const recorded = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __table: { oscillators: number; vibrations: unknown[] } }).__table,
  );

describe('sound at the table', () => {
  it('the TV asks for a tap, then plays the phase opening; the phone has its switches and vibrates', async () => {
    const s = new Scenario('table sound', run.browser, run.server);
    try {
      const broker = await s.join('broker');
      const asha = await s.join('investor-a');
      const tv = await s.join('tv', TV_VIEWPORT);
      await holdSoundUntilATap(tv.page);
      await recordSoundAndTouch(tv.page);
      await recordSoundAndTouch(asha.page);
      await joinLobby(s, broker, 'Bina', 'SND1', "I'm Broker");
      await joinLobby(s, asha, 'Asha', 'SND1', "I'm Investor");

      await s.step('the TV holds its sound until someone taps "Tap for sound"', async () => {
        await tv.page.goto('/spectate/SND1');
        await tv.page.getByTestId('board-code').waitFor();
        const sound = tv.page.getByRole('switch', { name: 'Sound' });
        expect(await sound.isChecked()).toBe(true);
        const prompt = tv.page.getByRole('button', { name: 'Tap for sound' });
        await prompt.waitFor();
        await s.seen(tv, 'tap-for-sound');
        await prompt.click();
        await prompt.waitFor({ state: 'detached' });
      });

      await s.step("Asha's Profile: alert sound on, vibration on", async () => {
        await asha.page.goto('/profile');
        const alertSound = asha.page.getByRole('switch', { name: 'Alert sound' });
        await alertSound.click();
        expect(await alertSound.isChecked()).toBe(true);
        expect(await asha.page.getByRole('switch', { name: 'Vibration' }).isChecked()).toBe(true);
        await asha.page.getByRole('switch', { name: 'Vibration' }).scrollIntoViewIfNeeded();
        await s.seen(asha, 'profile-sound-switches');
        await asha.page.goBack();
      });

      await startWithOneInvestor(s, broker, asha);

      await s.step(
        'a trade phase opens: the TV sounds, the phone vibrates and sounds',
        async () => {
          const tvBefore = (await recorded(tv.page)).oscillators;
          const phoneBefore = (await recorded(asha.page)).oscillators;
          await broker.page.getByRole('button', { name: 'Trade Phase' }).click();
          await tv.page.getByText('Trade phase open').first().waitFor({ timeout: LIVE_MS });
          await live(
            'the TV plays the opening',
            async () => (await recorded(tv.page)).oscillators,
          ).toBeGreaterThan(tvBefore);
          await live(
            'the phone vibrates',
            async () => (await recorded(asha.page)).vibrations,
          ).toEqual([[200, 100, 200]]);
          await live(
            'the phone sounds',
            async () => (await recorded(asha.page)).oscillators,
          ).toBeGreaterThan(phoneBefore);
          await s.seen(tv, 'trade-phase-sound-on');
        },
      );

      await s.step('the TV switch off: the phase end is silent on the TV', async () => {
        await tv.page.getByRole('switch', { name: 'Sound' }).click();
        const before = (await recorded(tv.page)).oscillators;
        await broker.page.getByRole('button', { name: 'End phase now' }).click();
        await tv.page.getByText('Trade phase closed').first().waitFor({ timeout: LIVE_MS });
        await tv.page.waitForTimeout(500);
        expect((await recorded(tv.page)).oscillators).toBe(before);
        // Remembered on this TV: a reload keeps it off.
        await tv.page.reload();
        await tv.page.getByTestId('header-code').waitFor();
        expect(await tv.page.getByRole('switch', { name: 'Sound' }).isChecked()).toBe(false);
        expect(await tv.page.getByRole('button', { name: 'Tap for sound' }).count()).toBe(0);
      });
    } finally {
      await s.close();
    }
  });
});

/**
 * Open phones survive a deploy: a phone signed in on the old build stays open
 * while the server restarts on a new build in which a screen's chunk has another hash. Tapping
 * through to that screen reloads the page once and shows it, still signed in, on that route:
 * not "Something went wrong", and no reload loop. The phone's service worker
 * is installed before the deploy: it does not control the first visit, and the reload it serves
 * is the old build whole, from its cache (pwa.e2e.ts follows the update prompt onto the new one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPlayer } from './support/browser.ts';
import { signUp, useDeployRig } from './support/deploy.ts';

const rig = useDeployRig();

describe('a deploy while phones are open', () => {
  it('a screen whose chunk changed shows after one reload, signed in, on its route', async () => {
    const { oldBuild, newBuild, chunk } = rig.twoBuilds('landing-screen');

    const first = await rig.serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(rig.browser, 'phone', first.url);
    const { page } = phone;
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });

    // Signed in on the old build, on the profile screen.
    await signUp(page, rig.otps, 'Deploy Dev');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The deploy: the server restarts on the new build (same database, same port).
    await first.close();
    await rig.serve(newBuild, port);
    documentLoads = 0;

    const gone: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) gone.push(new URL(response.url()).pathname);
    });
    await page.getByRole('button', { name: "Play 'The Showdown'" }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
    await page
      .getByRole('button', { name: /continue/i })
      .first()
      .waitFor();
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    // An old chunk was asked for and missing (the screen's own, or one it loads with: in the new
    // build every file that names a renamed one is renamed too); one reload fetched the new ones.
    expect(fs.existsSync(path.join(newBuild, 'assets', chunk.before))).toBe(false);
    expect(gone.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    for (const asset of gone) {
      expect(fs.existsSync(path.join(newBuild, asset))).toBe(false);
    }
    // Exactly one reload, and no more while the screen stays up.
    await page.waitForTimeout(1500);
    expect(documentLoads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/landing');
    // Still signed in: the new build's profile call answers and no sign-in screen shows.
    await page.goto('/profile');
    await page.getByText('Deploy Dev!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await phone.context.close();
  });
});

/**
 * Open phones survive a deploy: a phone stays open while the server restarts on a new build (in
 * which a screen's chunk has another hash), and is used while the server is down. Never the
 * browser's error page, never "Something went wrong", no reload loop:
 * - a browser with no service worker: the changed screen shows after one reload, signed in, on
 *   its route;
 * - a first visit whose worker was still installing (precaching) when the server went away: a
 *   screen tapped during the outage waits for the server and shows once the new build answers;
 * - an installed worker: during the outage the next screen, and a reload, come from its cache
 *   (pwa.e2e.ts follows the update prompt onto the new build afterwards).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/artifacts.ts';
import { openPlayer } from './support/browser.ts';
import { signUp, useDeployRig, workerActive } from './support/deploy.ts';

const rig = useDeployRig();

const PLAY = "Play 'The Showdown'";

/** Counts the page's document loads and notes any visit to the browser's own error page. */
function watchDocuments(page: Page) {
  const seen = { loads: 0, errorPages: [] as string[] };
  page.on('load', () => {
    seen.loads += 1;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && frame.url().startsWith('chrome-error:')) {
      seen.errorPages.push(frame.url());
    }
  });
  return seen;
}

/** The landing screen is up, and nothing says the app failed. */
async function landingShows(page: Page) {
  await page.waitForURL((url) => url.pathname === '/landing');
  await page
    .getByRole('button', { name: /continue/i })
    .first()
    .waitFor({ timeout: 20_000 });
  expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
}

describe('a deploy while phones are open', () => {
  it('no service worker: a screen whose chunk changed shows after one reload, signed in, on its route', async () => {
    const { oldBuild, newBuild, chunk } = rig.twoBuilds('landing-screen');

    const first = await rig.serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(rig.browser, 'phone', first.url, undefined, 'block');
    const { page } = phone;

    // Signed in on the old build, on the profile screen.
    await signUp(page, rig.otps, 'Deploy Dev');

    // The deploy: the server restarts on the new build (same database, same port).
    await first.close();
    await rig.serve(newBuild, port);
    const documents = watchDocuments(page);

    const gone: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) gone.push(new URL(response.url()).pathname);
    });
    await page.getByRole('button', { name: PLAY }).click();
    await landingShows(page);
    // An old chunk was asked for and missing (the screen's own, or one it loads with: in the new
    // build every file that names a renamed one is renamed too); one reload fetched the new ones.
    expect(fs.existsSync(path.join(newBuild, 'assets', chunk.before))).toBe(false);
    expect(gone.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    for (const asset of gone) {
      expect(fs.existsSync(path.join(newBuild, asset))).toBe(false);
    }
    // Exactly one reload, and no more while the screen stays up.
    await page.waitForTimeout(1500);
    expect(documents.loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/landing');
    // Still signed in: the new build's profile call answers and no sign-in screen shows.
    await page.goto('/profile');
    await page.getByText('Deploy Dev!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await phone.context.close();
  });

  it('a first visit whose worker was still installing: a screen tapped while the server is down shows once the new build answers', async () => {
    const { oldBuild, newBuild, chunk } = rig.twoBuilds('landing-screen');
    const first = await rig.serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(rig.browser, 'phone', first.url);
    const { page, context } = phone;
    // What the worker fetches to precache the build never gets an answer: it is still
    // installing when the server goes away. The page's requests and the worker's own scripts
    // (sw.js and the Workbox runtime it imports) pass.
    const held: Route[] = [];
    const hold = (route: Route) => {
      const request = route.request();
      if (request.serviceWorker() && !/\/(sw|workbox-[\w-]+)\.js$/.test(request.url())) {
        held.push(route);
      } else {
        void route.continue();
      }
    };
    await context.route('**/*', hold);

    await signUp(page, rig.otps, 'Installing Isha');
    await expect
      .poll(() => held.length, { timeout: 15_000, message: 'the worker precaches' })
      .toBeGreaterThan(0);
    const worker = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          installing: Boolean(registration?.installing),
          active: Boolean(registration?.active),
          controlled: Boolean(navigator.serviceWorker.controller),
        };
      });
    expect(await worker()).toEqual({ installing: true, active: false, controlled: false });

    // The host restarts the server to deploy: it goes away mid-precache, and the install fails.
    await first.close();
    await context.unroute('**/*', hold);
    for (const route of held) await route.abort('connectionrefused').catch(() => undefined);
    const documents = watchDocuments(page);

    // During the outage (the new build is still being made) the player taps on: the landing
    // screen's chunk cannot load. The page waits instead of reloading onto an error page.
    await page.getByRole('button', { name: PLAY }).click();
    await page.waitForURL((url) => url.pathname === '/landing');
    await page.waitForTimeout(3000);
    expect(documents.errorPages).toEqual([]);
    expect(documents.loads).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/landing');
    expect(await page.getByText('Something went wrong. Please try again.').count()).toBe(0);
    await page.getByRole('status').filter({ hasText: 'Waiting for the server…' }).waitFor();
    await screenshot(phone, 'waiting-for-the-server');

    // The new build answers: one reload onto it, the screen shows, still signed in.
    expect(fs.existsSync(path.join(newBuild, 'assets', chunk.after))).toBe(true);
    await rig.serve(newBuild, port);
    await landingShows(page);
    expect(documents.errorPages).toEqual([]);
    await page.waitForTimeout(1500);
    expect(documents.loads).toBe(1);
    // The new build's worker installs now.
    await workerActive(page, "the new build's worker installs");
    await page.goto('/profile');
    await page.getByText('Installing Isha!').waitFor();
    await context.close();
  });

  it('an installed worker: during the outage the next screen and a reload come from its cache', async () => {
    const { oldBuild, newBuild } = rig.twoBuilds('landing-screen');
    const first = await rig.serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(rig.browser, 'phone', first.url);
    const { page, context } = phone;

    await signUp(page, rig.otps, 'Cached Chandra');
    // The first worker takes the page that installed it once it is active.
    await workerActive(page, 'the first worker installs');
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);

    await first.close();
    const documents = watchDocuments(page);
    // A screen never opened before: its chunk comes from the cache, no reload.
    await page.getByRole('button', { name: PLAY }).click();
    await landingShows(page);
    expect(documents.loads).toBe(0);
    // A reload while the server is down: the app from the cache, on its route, signed in.
    await page.reload();
    await landingShows(page);
    expect(documents.errorPages).toEqual([]);
    await page.goto('/profile');
    await page.getByText('Cached Chandra!').waitFor();

    // The server is back on the new build; the page keeps working.
    await rig.serve(newBuild, port);
    await page.reload();
    await page.getByText('Cached Chandra!').waitFor();
    expect(documents.errorPages).toEqual([]);
    await context.close();
  });
});

/**
 * Installable, and honest offline, in one phone session: the service worker
 * registers and, from the next load, controls the page; it cached the app but nothing of the
 * API or Socket.IO; offline, a reload shows the app with "No connection" instead of the
 * browser's error page; after a deploy the page offers "Update available", and its Reload
 * activates the new worker and shows the new build, on the same route, still signed in.
 */
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/artifacts.ts';
import { openPlayer } from './support/browser.ts';
import { INSTALL_TIMEOUT_MS, signUp, useDeployRig, workerActive } from './support/deploy.ts';

const rig = useDeployRig();

describe('the installable app', () => {
  it('registers its worker, reloads offline with "No connection", and offers a new build', async () => {
    const { oldBuild, newBuild, chunk } = rig.twoBuilds('profile-screen');

    const first = await rig.serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(rig.browser, 'pwa', first.url);
    const { page, context } = phone;

    // The manifest the browser installs from.
    await page.goto('/');
    const manifest = (await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as unknown) : null;
    })) as { display: string; icons: { sizes: string; purpose: string }[] } | null;
    expect(manifest?.display).toBe('standalone');
    expect(manifest?.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    await signUp(page, rig.otps, 'Offline Olga');
    // Registered after the first render; active once it has cached the app.
    await workerActive(page, 'the worker installs');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${first.url}/`);
    await page.reload();
    await page.getByText('Offline Olga!').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
      `${first.url}/sw.js`,
    );
    // The app is cached; the API and Socket.IO, which this page has called, are not.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls.map((url) => new URL(url).pathname);
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain(`/assets/${chunk.before}`);
    expect(cached.filter((p) => /^\/(api|socket\.io)\//.test(p))).toEqual([]);

    // Offline, a reload shows the app, still signed in, and says there is no connection.
    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline Olga!').waitFor();
    await page.getByRole('status').filter({ hasText: 'No connection' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await screenshot(phone, 'offline-reload');

    // Back online, the banner goes.
    await context.setOffline(false);
    await page
      .getByRole('status')
      .filter({ hasText: 'No connection' })
      .waitFor({ state: 'hidden' });

    // A deploy: the server restarts on the next build. The next load finds its new worker,
    // which installs and waits for the player.
    await first.close();
    await rig.serve(newBuild, port);
    await page.reload();
    await page.getByText('Update available').waitFor({ timeout: INSTALL_TIMEOUT_MS });
    await page.getByText('Offline Olga!').waitFor();
    await screenshot(phone, 'update-available');
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.ready).waiting)).toBe(
      true,
    );

    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });
    await page.getByRole('button', { name: 'Reload' }).click();
    // The new worker took over and the page reloaded once onto the new build: its profile
    // chunk, on the same route, still signed in.
    await page.waitForResponse((response) => response.url().endsWith(`/assets/${chunk.after}`));
    await page.getByText('Offline Olga!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { waiting: !!registration.waiting, controlled: !!navigator.serviceWorker.controller };
    });
    expect(worker).toEqual({ waiting: false, controlled: true });
    expect(await page.getByText('Update available').count()).toBe(0);
    await page.waitForTimeout(1000);
    expect(documentLoads).toBe(1);
    await context.close();
  });
});

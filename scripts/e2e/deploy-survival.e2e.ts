/**
 * Open phones survive a deploy (issue 22 item 8): a phone signed in on the old build stays open
 * while the server restarts on a new build in which a screen's chunk has another hash. Tapping
 * through to that screen reloads the page once and shows it, still signed in, on that route:
 * not "Something went wrong", and no reload loop. The phone's service worker (issue 23 item 6)
 * is installed before the deploy: it does not control the first visit, and the reload it serves
 * is the old build whole, from its cache (pwa.e2e.ts follows the update prompt onto the new one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../realtime-server/src/db/client.ts';
import { createTestDatabase } from '../../realtime-server/test/helpers/database.ts';
import { OtpInbox } from '../../realtime-server/test/helpers/otp-inbox.ts';
import { launchChromium, openPlayer } from './support/browser.ts';
import { WEB_DIST } from './support/paths.ts';
import { nextBuild, signUp } from './support/next-build.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';

let browser: Browser;
let database: DatabaseHandle;
let otps: OtpInbox;
let webhook: string;
let work: string;
const running: E2eServer[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  database = await createTestDatabase();
  otps = new OtpInbox();
  webhook = await otps.start();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-deploy-'));
});

afterAll(async () => {
  for (const server of running) await server.close();
  await browser?.close();
  await otps?.close();
  await database?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

function serve(webDist: string, port: number): Promise<E2eServer> {
  return startE2eServer({ webDist, port, database, inbox: { otps, webhook } }).then((server) => {
    running.push(server);
    return server;
  });
}

describe('a deploy while phones are open', () => {
  it('a screen whose chunk changed shows after one reload, signed in, on its route', async () => {
    const oldBuild = path.join(work, 'old');
    const newBuild = path.join(work, 'new');
    fs.cpSync(WEB_DIST, oldBuild, { recursive: true });
    const chunk = nextBuild(oldBuild, newBuild, 'landing-screen');

    const first = await serve(oldBuild, 0);
    const port = Number(new URL(first.url).port);
    const phone = await openPlayer(browser, 'phone', first.url);
    const { page } = phone;
    let documentLoads = 0;
    page.on('load', () => {
      documentLoads += 1;
    });

    // Signed in on the old build, on the profile screen.
    await signUp(page, otps, 'Deploy Dev');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // The deploy: the server restarts on the new build (same database, same port).
    await first.close();
    await serve(newBuild, port);
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
    // The old chunk was asked for and missing; one reload fetched the new one.
    expect(gone).toContain(`/assets/${chunk.before}`);
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

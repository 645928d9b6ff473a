/**
 * Open phones survive a deploy (issue 22 item 8): a phone signed in on the old build stays open
 * while the server restarts on a new build in which a screen's chunk has another hash. Tapping
 * through to that screen reloads the page once and shows it, still signed in, on that route:
 * not "Something went wrong", and no reload loop.
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
import { nextPhone, startE2eServer, type E2eServer } from './support/server.ts';

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

/**
 * The next build: the chunk of `screen` gets a new hash, and so, as in a real rebuild, does every
 * file that names a renamed file (its content changed), up to index.html; the old names are gone.
 */
function nextBuild(from: string, to: string, screen: string): { before: string; after: string } {
  fs.cpSync(from, to, { recursive: true });
  const assets = path.join(to, 'assets');
  const names = fs.readdirSync(assets);
  const before = names.find((f) => new RegExp(`^${screen}-[\\w-]+\\.js$`).test(f));
  if (!before) throw new Error(`no ${screen} chunk in the build`);
  // Compressed copies would still carry old names: the server sends the plain files.
  for (const dir of [to, assets]) {
    for (const f of fs.readdirSync(dir)) if (/\.(br|gz|map)$/.test(f)) fs.rmSync(path.join(dir, f));
  }
  const renamed = new Map<string, string>();
  const pending = [before];
  const queued = new Set(pending);
  while (pending.length > 0) {
    const name = pending.pop()!;
    const next = name.replace(/\.(js|css)$/, '-n3w.$1');
    renamed.set(name, next);
    fs.renameSync(path.join(assets, name), path.join(assets, next));
    for (const file of [
      ...fs.readdirSync(assets).map((f) => path.join(assets, f)),
      path.join(to, 'index.html'),
    ]) {
      if (!/\.(js|css|html)$/.test(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes(name)) continue;
      fs.writeFileSync(file, text.split(name).join(next));
      const base = path.basename(file);
      if (base !== 'index.html' && !queued.has(base) && ![...renamed.values()].includes(base)) {
        queued.add(base);
        pending.push(base);
      }
    }
  }
  return { before, after: renamed.get(before)! };
}

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
    const number = nextPhone();
    await page.goto('/login');
    await page.getByLabel('Phone number').fill(number);
    await page.getByRole('button', { name: 'Get OTP' }).click();
    const code = await otps.code(number, 1);
    await page.getByLabel('OTP digit 1').focus();
    await page.keyboard.type(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('Name').fill('Deploy Dev');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText('Deploy Dev!').waitFor();

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

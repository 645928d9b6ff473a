/**
 * A deploy while phones are open (deploy-survival.e2e.ts, pwa.e2e.ts): servers that restart on
 * one database, port and OTP inbox, each on a build of its own (the next one made from this one).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseHandle } from '../../../realtime-server/src/db/client.ts';
import { createTestDatabase } from '../../../realtime-server/test/helpers/database.ts';
import { OtpInbox } from '../../../realtime-server/test/helpers/otp-inbox.ts';
import { launchChromium } from './browser.ts';
import { WEB_DIST } from './paths.ts';
import { nextPhone, startE2eServer, type E2eServer } from './server.ts';

export interface DeployRig {
  browser: Browser;
  otps: OtpInbox;
  /** A temporary folder for the builds, removed after the file. */
  work: string;
  /** Starts a server on `webDist` at `port` (0: any), on the file's database and inbox. */
  serve(webDist: string, port: number): Promise<E2eServer>;
  /**
   * A copy of web/dist and the next build after it, in which `screen`'s chunk changed (folders of
   * their own on every call).
   */
  twoBuilds(screen: string): {
    oldBuild: string;
    newBuild: string;
    chunk: { before: string; after: string };
  };
}

/**
 * For one test file (registers its beforeAll and afterAll): one Chromium, one database, one OTP
 * inbox and a work folder; every server started with `serve` is closed after the file.
 */
export function useDeployRig(): DeployRig {
  let database: DatabaseHandle;
  let webhook: string;
  const running: E2eServer[] = [];
  let builds = 0;
  const rig = {
    serve: async (webDist: string, port: number) => {
      const server = await startE2eServer({
        webDist,
        port,
        database,
        inbox: { otps: rig.otps, webhook },
      });
      running.push(server);
      return server;
    },
    twoBuilds: (screen: string) => {
      builds += 1;
      const oldBuild = path.join(rig.work, `old-${builds}`);
      const newBuild = path.join(rig.work, `new-${builds}`);
      fs.cpSync(WEB_DIST, oldBuild, { recursive: true });
      return { oldBuild, newBuild, chunk: nextBuild(oldBuild, newBuild, screen) };
    },
  } as DeployRig;
  beforeAll(async () => {
    rig.browser = await launchChromium();
    database = await createTestDatabase();
    rig.otps = new OtpInbox();
    webhook = await rig.otps.start();
    rig.work = fs.mkdtempSync(path.join(os.tmpdir(), 'showdown-deploy-'));
  });
  afterAll(async () => {
    for (const server of running) await server.close();
    await rig.browser?.close();
    await rig.otps?.close();
    await database?.close();
    if (rig.work) fs.rmSync(rig.work, { recursive: true, force: true });
  });
  return rig;
}

/**
 * The next build: the chunk of `screen` gets a new hash, and so, as in a real rebuild, does every
 * file that names a renamed file (its content changed), up to index.html; the old names are gone.
 * The service worker's precache list (sw.js) names the new files and index.html's new revision,
 * as Workbox writes it for a real build, so the browser sees a new worker.
 */
export function nextBuild(
  from: string,
  to: string,
  screen: string,
): { before: string; after: string } {
  fs.cpSync(from, to, { recursive: true });
  const assets = path.join(to, 'assets');
  const names = fs.readdirSync(assets);
  const before = names.find((f) => new RegExp(`^${screen}-[\\w-]+\\.js$`).test(f));
  if (!before) throw new Error(`no ${screen} chunk in the build`);
  // Compressed copies would still carry old names: the server sends the plain files.
  for (const dir of [to, assets]) {
    for (const f of fs.readdirSync(dir)) if (/\.(br|gz|map)$/.test(f)) fs.rmSync(path.join(dir, f));
  }
  const index = path.join(to, 'index.html');
  const worker = path.join(to, 'sw.js');
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
      index,
      worker,
    ]) {
      if (!/\.(js|css|html)$/.test(file) || !fs.existsSync(file)) continue;
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes(name)) continue;
      fs.writeFileSync(file, text.split(name).join(next));
      const base = path.basename(file);
      if (
        path.dirname(file) === assets &&
        !queued.has(base) &&
        ![...renamed.values()].includes(base)
      ) {
        queued.add(base);
        pending.push(base);
      }
    }
  }
  if (fs.existsSync(worker)) {
    const revision = crypto.createHash('md5').update(fs.readFileSync(index)).digest('hex');
    const text = fs.readFileSync(worker, 'utf8');
    const updated = text.replace(
      /(\{url:"index\.html",revision:")[0-9a-f]+"/,
      (_match, head: string) => `${head}${revision}"`,
    );
    if (updated === text) throw new Error('sw.js lists no index.html revision to update');
    fs.writeFileSync(worker, updated);
  }
  return { before, after: renamed.get(before)! };
}

/** /login → Get OTP → the code → Verify → Sign up as `name` → /profile, in the fewest steps. */
export async function signUp(page: Page, otps: OtpInbox, name: string): Promise<void> {
  const number = nextPhone();
  await page.goto('/login');
  await page.getByLabel('Phone number').fill(number);
  await page.getByRole('button', { name: 'Get OTP' }).click();
  const code = await otps.code(number, 1);
  await page.getByLabel('OTP digit 1').focus();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => url.pathname === '/profile');
  await page.getByText(`${name}!`).waitFor();
}

/**
 * How long a step that waits for a worker's install may take: the install precaches every file
 * of the build, which on a loaded machine outlasts an ordinary step.
 */
export const INSTALL_TIMEOUT_MS = 60_000;

/**
 * Waits until the page's service worker registration has an active worker (what
 * `navigator.serviceWorker.ready` resolves on), failing with `what` after INSTALL_TIMEOUT_MS
 * instead of hanging as an unanswered `ready` would.
 */
export async function workerActive(page: Page, what: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          Boolean((await navigator.serviceWorker.getRegistration())?.active),
        ),
      { timeout: INSTALL_TIMEOUT_MS, message: what },
    )
    .toBe(true);
}

/**
 * `npm run lighthouse`: builds, starts the product on a temporary database and runs Lighthouse
 * (Debian's Chromium, nothing downloaded) on the pages a newcomer opens and on the TV, with the
 * mobile preset for the phone's pages and the desktop preset for the TV. Prints a table of the
 * four scores and FCP/LCP/TBT/CLS and writes each run's JSON report. A measurement: nothing
 * asserts a score (docs/performance.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import { STORAGE_KEYS } from '../../shared/src/constants.ts';
import {
  BOARD_CODE,
  medianRun,
  parseLighthouseArgs,
  UsageError,
  USAGE,
  type PageToMeasure,
} from './pages.ts';
import { openBoardGame, signUp, startProduct, type SignedIn } from './product.ts';
import {
  CATEGORIES,
  notes,
  summarize,
  table,
  type LighthouseResult,
  type PageSummary,
} from './summary.ts';

const root = path.resolve(import.meta.dirname, '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// This machine's network is closed: Chromium's own background traffic only fails and adds noise.
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What a returning player's browser holds: the tokens and the persisted store (its user). */
function storedSession(session: SignedIn): Record<string, string> {
  return {
    [STORAGE_KEYS.ACCESS_TOKEN]: session.accessToken,
    [STORAGE_KEYS.REFRESH_TOKEN]: session.refreshToken,
    [STORAGE_KEYS.STATE]: JSON.stringify({ state: { user: session.user }, version: 2 }),
  };
}

/**
 * One Lighthouse run of one page in a fresh tab. A newcomer's page starts from an empty origin
 * (Lighthouse clears storage, caches and the service worker); a signed-in page keeps the session
 * put in local storage, with the caches and the worker cleared by hand.
 */
async function measure(
  browser: Browser,
  url: string,
  target: PageToMeasure,
  session: SignedIn,
): Promise<LighthouseResult & Record<string, unknown>> {
  const page = await browser.newPage();
  try {
    if (target.signedIn) {
      await page.goto(`${url}/robots.txt`);
      await page.evaluate((items: Record<string, string>) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
      }, storedSession(session));
      const cdp = await page.createCDPSession();
      await cdp.send('Storage.clearDataForOrigin', {
        origin: url,
        storageTypes: 'cache_storage,service_workers',
      });
      await cdp.send('Network.clearBrowserCache');
    }
    const flags = {
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: [...CATEGORIES],
      disableStorageReset: target.signedIn,
    };
    const config = target.preset === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(`${url}${target.path}`, flags, config, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${target.path}`);
    return result.lhr as unknown as LighthouseResult & Record<string, unknown>;
  } finally {
    await page.close();
  }
}

async function run(argv: readonly string[]): Promise<number> {
  const settings = parseLighthouseArgs(argv);
  if (!settings.skipBuild) {
    // As npm start builds: only what changed, web/dist and realtime-server/dist.
    const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
      stdio: 'inherit',
    });
    if (built.status !== 0) return 1;
  }
  const outDir =
    settings.outDir ??
    path.join(root, 'lighthouse-results', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(outDir, { recursive: true });
  const product = await startProduct();
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: CHROMIUM_FLAGS });
  try {
    const session = await signUp(product, 'Lighthouse Lata', '9350000035');
    await openBoardGame(product.url, session, BOARD_CODE);
    const rows: PageSummary[] = [];
    let version = '';
    for (const target of settings.pages) {
      const runs: PageSummary[] = [];
      for (let i = 1; i <= settings.runs; i++) {
        const result = await measure(browser, product.url, target, session);
        const file = path.join(outDir, `${target.name}-${i}.json`);
        fs.writeFileSync(file, JSON.stringify(result));
        version = result.lighthouseVersion;
        runs.push(summarize(target.path, target.preset, result));
        console.error(`lighthouse: ${target.path} run ${i}: ${runs.at(-1)!.scores.performance}`);
      }
      rows.push(medianRun(runs));
    }
    const cpus = os.cpus();
    console.log(`\nLighthouse ${version}, ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}`);
    console.log(table(rows));
    for (const note of notes(rows)) console.log(note);
    console.log(`\nJSON reports: ${path.relative(process.cwd(), outDir) || '.'}`);
    return 0;
  } finally {
    await browser.close();
    await product.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);

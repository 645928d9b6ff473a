import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium), never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE_VIEWPORT = { width: 390, height: 844 } as const;

/** How long any single UI wait may take before the step fails (not the live-update bound). */
export const STEP_TIMEOUT_MS = 10_000;

/** `extraArgs`: more command-line switches, e.g. an autoplay policy. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...extraArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One person at the table: their own browser context (own storage) at a phone viewport. */
export interface Player {
  /** Short role-like name used in file names: 'broker', 'investor-a'. */
  name: string;
  context: BrowserContext;
  page: Page;
  /** The page's console, uncaught errors and failed requests, in order. */
  log: string[];
}

/** The table's TV (the spectator screen). */
export const TV_VIEWPORT = { width: 1920, height: 1080 } as const;

export async function openPlayer(
  browser: Browser,
  name: string,
  baseURL: string,
  /** A landscape screen instead of a phone (the spectator's TV). */
  screen?: { width: number; height: number },
  /** 'block': a browser with no service worker (one that never installed). */
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<Player> {
  const context = await browser.newContext({
    serviceWorkers,
    baseURL,
    viewport: screen ?? PHONE_VIEWPORT,
    deviceScaleFactor: 1,
    isMobile: !screen,
    hasTouch: !screen,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  const log: string[] = [];
  const stamp = () => new Date().toISOString().slice(11, 23);
  page.on('console', (message) => log.push(`${stamp()} [${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) =>
    log.push(`${stamp()} [pageerror] ${error.stack ?? error.message}`),
  );
  page.on('requestfailed', (request) =>
    log.push(
      `${stamp()} [requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) {
      log.push(
        `${stamp()} [http ${response.status()}] ${response.request().method()} ${response.url()}`,
      );
    }
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log.push(`${stamp()} [navigated] ${frame.url()}`);
  });
  return { name, context, page, log };
}

/** The current path of a player's page, e.g. '/stock-prices'. */
export function pathOf(player: Player): string {
  return new URL(player.page.url()).pathname;
}

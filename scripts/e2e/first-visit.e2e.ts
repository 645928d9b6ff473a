/**
 * The pages a newcomer opens first (the login, the board QR code's link, the table's TV) in real
 * Chromium under the product's CSP: nothing refused (not even a caught probe), no error, and a
 * <main> landmark on each; their HTML draws the page before any script, and the app hydrates it.
 */
import { describe, expect, it } from 'vitest';
import { seat, nextBoardCode } from '../../realtime-server/test/helpers/game.ts';
import { openPlayer, TV_VIEWPORT, type Player } from './support/browser.ts';
import { useServerAndBrowser } from './support/session.ts';

const e2e = useServerAndBrowser();

/** Every CSP violation the page reports, also those a script caught (kept on the window). */
async function watchCsp(player: Player): Promise<void> {
  await player.page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

const violations = (player: Player) =>
  player.page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

const errors = (player: Player) =>
  player.log.filter((line) => /\[(error|pageerror)\]|Refused to/.test(line));

/** Every element removed from the page since it started loading (kept on the window). */
async function watchRemovals(player: Player): Promise<void> {
  await player.page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedElements: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && node.tagName !== 'STYLE') removed.push(node.tagName);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe('a first visit', () => {
  it('draws the login in its HTML, and the app takes that markup over (hydrates it)', async () => {
    const served = await (await fetch(`${e2e.server.url}/login`)).text();
    expect(served).toContain('data-drawn-for="newcomer"');
    expect(served).toMatch(/<h1[^>]*>Login<\/h1>/);
    expect(served).toMatch(/<style data-emotion="css [^"]+">/);
    const phone = await openPlayer(e2e.browser, 'newcomer', e2e.server.url);
    try {
      await watchRemovals(phone);
      await phone.page.goto('/login');
      const number = phone.page.getByLabel('Phone number');
      await number.pressSequentially('9876543210');
      expect(await phone.page.getByRole('button', { name: 'Get OTP' }).isEnabled()).toBe(true);
      expect(await number.inputValue()).toBe('9876543210');
      // Hydrated: nothing of the served markup was replaced.
      expect(
        await phone.page.evaluate(
          () => (window as unknown as { removedElements: string[] }).removedElements,
        ),
      ).toEqual([]);
      expect(errors(phone)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('keeps what a visitor typed before and while the app took the login over', async () => {
    const phone = await openPlayer(e2e.browser, 'early-typist', e2e.server.url);
    try {
      // A slow phone: the app's scripts arrive late and run slowly, so the visitor types the
      // number's first digits into the served HTML and the rest while the app hydrates it.
      const cdp = await phone.context.newCDPSession(phone.page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await phone.page.route(/\/assets\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await phone.page.goto('/login', { waitUntil: 'commit' });
      const number = phone.page.getByLabel('Phone number');
      await number.pressSequentially('98765');
      release();
      await number.pressSequentially('43210', { delay: 40 });
      // Hydrated: React has claimed the field.
      await phone.page.waitForFunction(() => {
        const input = document.querySelector('input[autocomplete="tel-national"]');
        return input !== null && Object.keys(input).some((k) => k.startsWith('__reactFiber'));
      });
      // The login takes the number back once it runs (an effect after the first commit).
      await expect.poll(() => number.inputValue(), { timeout: 10_000 }).toBe('9876543210');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await phone.page.getByRole('button', { name: 'Get OTP' }).click({ timeout: 5_000 });
      await phone.page.getByText('Enter the 4-digit OTP sent to your phone').waitFor();
      expect(errors(phone)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });

  it('shows the TV of a board with a game, nothing refused by the CSP', async () => {
    const code = nextBoardCode();
    await seat(e2e.server, code, 'Broker Bina', 1);
    const tv = await openPlayer(e2e.browser, 'tv', e2e.server.url, TV_VIEWPORT);
    try {
      await watchCsp(tv);
      await tv.page.goto(`/spectate/${code}`);
      await tv.page.getByTestId('board-code').getByText(code).waitFor();
      await tv.page.getByRole('main').waitFor();
      expect(await violations(tv)).toEqual([]);
      expect(errors(tv)).toEqual([]);
    } finally {
      await tv.context.close();
    }
  });

  it('shows the login and the QR code link with a main landmark, nothing refused', async () => {
    const phone = await openPlayer(e2e.browser, 'newcomer', e2e.server.url);
    try {
      await watchCsp(phone);
      await phone.page.goto('/login');
      await phone.page.getByRole('main').getByRole('heading', { name: 'Login' }).waitFor();
      await phone.page.goto('/showDown?code=AB12');
      await phone.page.getByRole('main').getByRole('heading', { name: 'Login' }).waitFor();
      expect(await violations(phone)).toEqual([]);
      expect(errors(phone)).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});

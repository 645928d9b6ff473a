import { pathOf, type Player } from './browser.ts';
import { live } from './live.ts';
import type { Scenario } from './scenario.ts';
import { nextPhone } from './server.ts';

/** The role buttons of the Choose role screen. */
export type RoleButton = "I'm Investor" | "I'm Broker" | "I'm Investor & Broker";

const PATH_WAIT = { timeout: 10_000 } as const;

function pathIs(path: string) {
  return (url: URL) => url.pathname === path;
}

/** /login → Get OTP → the code from the SMS webhook → Verify → Register → Sign up → /profile. */
export async function signUpThroughUi(
  scenario: Scenario,
  player: Player,
  username: string,
  options: { fromSplash?: boolean } = {},
): Promise<string> {
  const { page } = player;
  const phone = nextPhone();
  await scenario.step(`${player.name} signs up`, async () => {
    if (options.fromSplash) {
      await page.goto('/');
      await page.getByRole('img', { name: 'The Showdown' }).first().waitFor();
      await scenario.seen(player, 'splash');
    } else {
      await page.goto('/login');
    }
    await page.waitForURL(pathIs('/login'), PATH_WAIT);
    await page.getByLabel('Phone number').fill(phone);
    await scenario.seen(player, 'login');
    const before = scenario.server.otps.count(phone);
    await page.getByRole('button', { name: 'Get OTP' }).click();
    const code = await scenario.server.otps.code(phone, before + 1);
    await page.getByText('Enter the 4-digit OTP sent to your phone').waitFor();
    await page.getByLabel('OTP digit 1').focus();
    await page.keyboard.type(code);
    await scenario.seen(player, 'otp');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await page.getByText('Please register first').first().waitFor();
    await page.getByLabel('Name').fill(username);
    await scenario.seen(player, 'register');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL(pathIs('/profile'), PATH_WAIT);
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await page.getByText(`${username}!`).waitFor();
    await scenario.seen(player, 'profile');
  });
  return phone;
}

/** /profile → Play → /landing → Continue → /showDown → the board code → Submit & Join Lobby. */
export async function enterBoardCode(
  scenario: Scenario,
  player: Player,
  code: string,
): Promise<void> {
  const { page } = player;
  await scenario.step(`${player.name} enters board code ${code}`, async () => {
    await page.getByRole('button', { name: "Play 'The Showdown'" }).click();
    await page.waitForURL(pathIs('/landing'), PATH_WAIT);
    await page.getByRole('heading', { name: /Welcome to The Showdown/ }).waitFor();
    await scenario.seen(player, 'landing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(pathIs('/showDown'), PATH_WAIT);
    await page.getByLabel('Board code character 1').focus();
    await page.keyboard.type(code);
    await scenario.seen(player, 'board-code');
    await page.getByRole('button', { name: 'Submit & Join Lobby' }).click();
    // The first player on a code with no open game confirms a new lobby.
    const confirm = page.getByRole('dialog', { name: /Start a new lobby\?/ });
    await Promise.race([
      page.waitForURL(pathIs('/join-game/false'), PATH_WAIT),
      confirm.waitFor(PATH_WAIT).then(() => confirm.getByRole('button', { name: 'Yes' }).click()),
    ]);
    await page.waitForURL(pathIs('/join-game/false'), PATH_WAIT);
    await page.getByText('At least one player must be a Broker to continue').waitFor();
    await scenario.seen(player, 'choose-role');
  });
}

/** On /join-game/false, Investor or Broker takes the seat at once and opens the lobby. */
export async function takeSeat(
  scenario: Scenario,
  player: Player,
  role: RoleButton,
): Promise<void> {
  const { page } = player;
  await scenario.step(`${player.name} takes a seat as ${role}`, async () => {
    await page.getByRole('button', { name: role, exact: true }).click();
    await page.waitForURL(pathIs('/showdown-lobby'), PATH_WAIT);
    await page.getByText('Waiting for other players to join...').waitFor();
    await page.getByRole('list', { name: 'Players' }).getByText('(You)').waitFor();
  });
}

/** Lobby → Update Role → the role again → Choose avatar → Update → back in the lobby. */
export async function pickAvatar(
  scenario: Scenario,
  player: Player,
  role: RoleButton,
  avatar: string,
): Promise<void> {
  const { page } = player;
  await scenario.step(`${player.name} picks avatar ${avatar}`, async () => {
    await page.getByRole('button', { name: 'Update Role' }).click();
    await page.waitForURL(pathIs('/join-game/true'), PATH_WAIT);
    await page.getByRole('button', { name: role, exact: true }).click();
    await page.waitForURL(pathIs('/choose-avatar/true'), PATH_WAIT);
    await page.getByRole('radio', { name: avatar }).click();
    await scenario.seen(player, 'choose-avatar');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL(pathIs('/showdown-lobby'), PATH_WAIT);
    await page.getByRole('list', { name: 'Players' }).getByText('(You)').waitFor();
  });
}

/** Signs up, enters the board code and takes the seat: a player waiting in the lobby. */
export async function joinLobby(
  scenario: Scenario,
  player: Player,
  username: string,
  code: string,
  role: RoleButton,
): Promise<void> {
  await signUpThroughUi(scenario, player, username);
  await enterBoardCode(scenario, player, code);
  await takeSeat(scenario, player, role);
}

/**
 * The broker presses Start Game in the lobby; every seated player follows to the first-player
 * wheel within LIVE_MS. With a single investor there is no wheel, and everyone continues to the
 * Market Monitor.
 */
export async function startWithOneInvestor(
  scenario: Scenario,
  broker: Player,
  investor: Player,
): Promise<void> {
  await scenario.step('broker starts the game from the lobby', async () => {
    await broker.page.getByRole('button', { name: 'Start Game' }).click();
    await broker.page.waitForURL(pathIs('/first-player'), PATH_WAIT);
    await live(`${investor.name} follows to the first-player screen`, () => pathOf(investor)).toBe(
      '/first-player',
    );
    for (const player of [broker, investor]) {
      await player.page.getByText('Please wait for second player to Join the game').waitFor();
      await player.page.getByRole('button', { name: 'Continue' }).click();
      await player.page.waitForURL(pathIs('/stock-prices'), PATH_WAIT);
      await player.page
        .getByRole('list', { name: 'Stock prices' })
        .getByRole('listitem')
        .first()
        .waitFor();
    }
  });
}

/** The TV opens the board's spectator page and shows the live board. */
export async function followOnTv(scenario: Scenario, tv: Player, code: string): Promise<void> {
  await scenario.step('the TV follows the board', async () => {
    await tv.page.goto(`/spectate/${code}`);
    await tv.page.getByText('Trade phase closed').waitFor();
  });
}

export { pathIs };

import { API, type UserDetails, type UserGame, type UserGames } from '@showdown/shared/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, findNavigatedPath, jsonResponse, ok, renderRoute } from '../../../../test/render';
import { FakeSoundOutput } from '../../../../test/fake-sound';
import { setSoundOutput } from '../../../lib/sound/sound';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { AccountDetailsScreen } from './account-details-screen';
import { HomeScreen } from './home-screen';
import { LandingScreen } from './landing-screen';
import { ProfileScreen } from './profile-screen';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const user: UserDetails = {
  id: 1,
  username: 'Asha',
  country_code: '+91',
  phone_number: '9876543210',
  email: 'asha@example.com',
  avatar_id: 4,
  profile_image: null,
};
let profile: UserDetails;
let withPractice = false;
let practiceAsked: Array<Record<string, unknown>>;
let practiceAnswer: () => Response;

/** Two pages of "My games": a lobby and a finished game, then an older finished one. */
function myGames(url: string): UserGames {
  const game = (id: number, status: 1 | 2 | 3, extra: Partial<UserGame> = {}): UserGame => ({
    game_id: id,
    board_code: 'AB12',
    status,
    started_at: status === 1 ? null : '2026-11-20T19:00:00.000Z',
    ended_at: status === 3 ? '2026-11-20T21:00:00.000Z' : null,
    role: 2,
    rank: null,
    final_net_worth: null,
    practice: false,
    ...extra,
  });
  if (url.endsWith('?before=8')) {
    return { games: [game(3, 3, { role: 1 })], next_before: null };
  }
  return {
    games: [
      game(9, 1, { role: 3 }),
      game(8, 3, { rank: 2, final_net_worth: 612345.5 }),
      ...(withPractice
        ? [game(7, 3, { board_code: 'PR4CT1', practice: true, rank: 1, final_net_worth: 7e5 })]
        : []),
    ],
    next_before: 8,
  };
}

beforeEach(() => {
  resetAppStore();
  profile = user;
  practiceAsked = [];
  withPractice = false;
  practiceAnswer = () =>
    jsonResponse(
      ok({
        game_id: 41,
        board_code: 'QW12ER',
        mode: 'investor',
        role: 2,
        player_id: 301,
        game_status: 1,
        seed: 5,
      }),
    );
  localStorage.setItem('access_token', 'acc');
  localStorage.setItem('refresh_token', 'ref');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (url === API.profile && init.method === 'GET') return jsonResponse(ok(profile));
    if (url === API.profile && init.method === 'PUT') {
      profile = { ...profile, ...(JSON.parse(init.body as string) as object) };
      return jsonResponse(ok(profile, 'User profile updated successfully.'));
    }
    if (url === API.logout) return jsonResponse(ok(null));
    if (url.startsWith(API.userGames)) return jsonResponse(ok(myGames(url)));
    if (url === API.practice && init.method === 'POST') {
      practiceAsked.push(JSON.parse(init.body as string) as Record<string, unknown>);
      return practiceAnswer();
    }
    if (url === API.avatars)
      return jsonResponse(
        ok(
          [1, 2, 3, 4, 5, 6, 7].map((id) => ({
            id,
            name: `Avatar ${id}`,
            image: `/avatars/${id}.svg`,
          })),
        ),
      );
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('profile landing', () => {
  it('loads the profile once, with a loader first, then welcomes the user', async () => {
    renderRoute(<ProfileScreen />, { path: '/profile' });
    expect(screen.getByRole('progressbar', { name: 'Loading profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Asha!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Asha's avatar" })).toHaveAttribute(
      'src',
      '/avatars/4.svg',
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === API.profile)).toHaveLength(1);
    expect(screen.getByTestId('background-logo')).toHaveAttribute('src', '/brand/logo.svg');
  });

  it('falls back to the default investor avatar', async () => {
    profile = { ...user, avatar_id: null };
    renderRoute(<ProfileScreen />, { path: '/profile' });
    expect(await screen.findByRole('img', { name: "Asha's avatar" })).toHaveAttribute(
      'src',
      '/avatars/default.svg',
    );
  });

  it('links to the account details, the landing page and the shop', async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    const shop = await screen.findByRole('link', { name: 'Shop Now' });
    expect(shop).toHaveAttribute('target', '_blank');
    expect(shop).toHaveAttribute('href', 'https://shop.theshowdown.example');
    await u.click(screen.getByRole('button', { name: "Play 'The Showdown'" }));
    expect(await findNavigatedPath()).toBe('/landing');
  });

  it('has the alert sound toggle, off by default, kept in the store; turning it on starts sound', async () => {
    const speakers = new FakeSoundOutput().hold();
    setSoundOutput(speakers);
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'Alert sound' });
    expect(toggle).not.toBeChecked();
    await u.click(toggle);
    expect(toggle).toBeChecked();
    expect(useAppStore.getState().soundOn).toBe(true);
    // The tap on the switch is the one that lets the browser play the alerts to come.
    await vi.waitFor(() => expect(speakers.unlocks).toBe(1));
    setSoundOutput(null);
  });

  it('has the vibration switch where the phone can vibrate, on by default, kept on the device', async () => {
    const u = userEvent.setup();
    const { unmount } = renderRoute(<ProfileScreen />, { path: '/profile' });
    await screen.findByRole('switch', { name: 'Alert sound' });
    // jsdom, like a desktop browser or iOS, cannot vibrate: no switch that would do nothing.
    expect(screen.queryByRole('switch', { name: 'Vibration' })).not.toBeInTheDocument();
    unmount();

    Object.defineProperty(navigator, 'vibrate', { value: vi.fn(), configurable: true });
    try {
      renderRoute(<ProfileScreen />, { path: '/profile' });
      const toggle = await screen.findByRole('switch', { name: 'Vibration' });
      expect(toggle).toBeChecked();
      await u.click(toggle);
      expect(useAppStore.getState().vibrationOn).toBe(false);
      const persisted = JSON.parse(localStorage.getItem(useAppStore.persist.getOptions().name!)!);
      expect(persisted.state.vibrationOn).toBe(false);
    } finally {
      delete (navigator as { vibrate?: unknown }).vibrate;
    }
  });

  it('has the "Keep screen awake" switch, on by default, kept in the persisted store', async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    const toggle = await screen.findByRole('switch', { name: 'Keep screen awake' });
    expect(toggle).toBeChecked();
    await u.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(useAppStore.getState().keepAwake).toBe(false);
    const persisted = JSON.parse(localStorage.getItem(useAppStore.persist.getOptions().name!)!);
    expect(persisted.state.keepAwake).toBe(false);
  });

  it('lists "My games" newest first, a page at a time; a finished game opens its report', async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    const list = await screen.findByRole('region', { name: 'My games' });
    await within(list).findByText(/In the lobby/);
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Board AB12 · Not startedIn the lobby · Broker & Investor');
    expect(items[1]).toHaveTextContent(
      /^Board AB12 · .+Completed · Investor · 2nd · ₹6,12,345.50Report$/,
    );
    await u.click(within(list).getByRole('button', { name: 'More games' }));
    await within(list).findByText('Completed · Broker');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).queryByRole('button', { name: 'More games' })).not.toBeInTheDocument();
    expect(within(list).getAllByRole('button', { name: /^Report of board AB12/ })).toHaveLength(2);
    await u.click(within(list).getAllByRole('button', { name: /^Report of board AB12/ })[0]!);
    expect(await findNavigatedPath()).toBe('/game-report/8');
  });

  it('the profile block opens /account-details', async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await u.click(await screen.findByRole('button', { name: /Open profile details/ }));
    expect(await findNavigatedPath()).toBe('/account-details');
  });

  it("logout asks first; 'No' keeps the session, 'Yes' signs out and goes to /login", async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await screen.findByText('Asha!');
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    let dialog = screen.getByRole('dialog', { name: 'Do you want to logout?' });
    await u.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(localStorage.getItem('access_token')).toBe('acc');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await u.click(screen.getByRole('button', { name: 'Logout' }));
    dialog = screen.getByRole('dialog', { name: 'Do you want to logout?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await findNavigatedPath()).toBe('/login');
    expect(fetchMock.mock.calls.some(([url]) => url === API.logout)).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
  });

  it("signing out keeps this device's sound and keep-awake choices", async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await u.click(await screen.findByRole('switch', { name: 'Alert sound' }));
    await u.click(screen.getByRole('switch', { name: 'Keep screen awake' }));
    await u.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you want to logout?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await findNavigatedPath()).toBe('/login');
    expect(useAppStore.getState().user).toBeNull();
    expect(useAppStore.getState().soundOn).toBe(true);
    expect(useAppStore.getState().keepAwake).toBe(false);
  });
});

describe('account details', () => {
  it('updates name and avatar, keeps the stored email when the field is emptied', async () => {
    useAppStore.setState({ user });
    const u = userEvent.setup();
    renderRoute(<AccountDetailsScreen />, { path: '/account-details' });
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('+91 9876543210');
    await u.clear(screen.getByRole('textbox', { name: 'Name' }));
    await u.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha K');
    await u.clear(screen.getByRole('textbox', { name: 'Email' }));

    await u.click(screen.getByRole('button', { name: 'Change avatar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select Avatar' });
    const choices = await within(dialog).findAllByRole('listitem');
    expect(choices.map((c) => c.getAttribute('aria-label'))).not.toContain('Avatar 7');
    await u.click(within(dialog).getByRole('listitem', { name: 'Avatar 6' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: "Asha's avatar" })).toHaveAttribute(
      'src',
      '/avatars/6.svg',
    );

    await u.click(screen.getByRole('button', { name: 'Update Info' }));
    expect(await screen.findByText('User profile updated successfully.')).toBeInTheDocument();
    expect(await findNavigatedPath()).toBe('/profile');
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(JSON.parse(put[1].body as string)).toEqual({
      username: 'Asha K',
      email: 'asha@example.com',
      avatar_id: 6,
    });
    expect(useAppStore.getState().user).toMatchObject({ username: 'Asha K', avatar_id: 6 });
  });

  it('an empty name falls back to the stored username', async () => {
    useAppStore.setState({ user });
    const u = userEvent.setup();
    renderRoute(<AccountDetailsScreen />, { path: '/account-details' });
    await u.clear(screen.getByRole('textbox', { name: 'Name' }));
    await u.click(screen.getByRole('button', { name: 'Update Info' }));
    await findNavigatedPath();
    const put = fetchMock.mock.calls.find(([, init]) => init.method === 'PUT')!;
    expect(JSON.parse(put[1].body as string)).toMatchObject({ username: 'Asha' });
  });
});

describe('landing and home', () => {
  it("landing: 'Continue' goes to /showDown and 'Buy The Showdown' opens the shop", async () => {
    useAppStore.setState({ user });
    const u = userEvent.setup();
    renderRoute(<LandingScreen />, { path: '/landing' });
    expect(
      screen.getByRole('heading', { name: /Welcome to The Showdown, Asha!/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy The Showdown' })).toHaveAttribute(
      'target',
      '_blank',
    );
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await findNavigatedPath()).toBe('/showDown');
  });

  it("home: 'Play The Showdown' goes to /showDown; 'Shop' does nothing", async () => {
    const u = userEvent.setup();
    renderRoute(<HomeScreen />, { path: '/home' });
    await u.click(screen.getByRole('button', { name: 'Shop' }));
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Play The Showdown' }));
    expect(await findNavigatedPath()).toBe('/showDown');
  });

  it('home: the logo is centred in its column (a Stack resets its margins, so it self-centres)', () => {
    renderRoute(<HomeScreen />, { path: '/home' });
    const logo = screen.getByRole('img', { name: 'The Showdown' });
    expect(getComputedStyle(logo.parentElement!).flexDirection).toBe('column');
    expect(getComputedStyle(logo).alignSelf).toBe('center');
  });
});

describe('practice against bots', () => {
  it('opens a practice game with the chosen seat, bots, phase and rounds, and enters its lobby', async () => {
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await u.click(await screen.findByRole('button', { name: 'Practice' }));
    const dialog = screen.getByRole('dialog', { name: 'Practice against bots' });
    const group = (name: string) => within(dialog).getByRole('group', { name });
    // Beside a bot broker at most five bots; as the broker up to six.
    expect(within(group('Bot investors')).queryByRole('button', { name: '6' })).toBeNull();
    await u.click(within(group('Play as')).getByRole('button', { name: 'Broker' }));
    await u.click(within(group('Bot investors')).getByRole('button', { name: '6' }));
    await u.click(within(group('Play as')).getByRole('button', { name: 'Investor' }));
    // Back beside a bot broker, six bots become five.
    expect(within(group('Bot investors')).getByRole('button', { name: '5' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await u.click(within(group('Trade phase')).getByRole('button', { name: '30 s' }));
    await u.click(within(group('Rounds')).getByRole('button', { name: '1' }));
    await u.click(within(dialog).getByRole('button', { name: 'Start practice' }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(practiceAsked).toEqual([
      { mode: 'investor', bots: 5, trade_phase_duration: 30, rounds: 1 },
    ]);
    const game = useAppStore.getState().game;
    expect(game?.game).toMatchObject({ id: 41, board_code: 'QW12ER', status: 1 });
    expect(game?.me).toMatchObject({ player_id: 301, role: 2 });
  });

  it("shows the server's refusal in the dialog", async () => {
    practiceAnswer = () =>
      jsonResponse(
        fail(
          429,
          'RATE_LIMITED',
          'You already have 3 practice games open. Finish one of them first.',
        ),
      );
    const u = userEvent.setup();
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await u.click(await screen.findByRole('button', { name: 'Practice' }));
    await u.click(screen.getByRole('button', { name: 'Start practice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 3 practice games open. Finish one of them first.',
    );
    expect(screen.getByRole('dialog', { name: 'Practice against bots' })).toBeInTheDocument();
  });

  it('marks a practice game in My games', async () => {
    withPractice = true;
    renderRoute(<ProfileScreen />, { path: '/profile' });
    const games = await screen.findByRole('region', { name: 'My games' });
    const items = await within(games).findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[2]!).getByText('Practice game')).toBeInTheDocument();
    expect(within(items[1]!).queryByText('Practice game')).toBeNull();
  });
});

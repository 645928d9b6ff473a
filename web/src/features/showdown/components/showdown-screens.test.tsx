import { API, type RankingEntry } from '@showdown/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../../config/env';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectRanking, selectStatus } from '../../../stores/game-selectors';
import {
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { LeaderboardScreen, orderRanking } from './leaderboard-screen';
import { ShowdownScreen } from './showdown-screen';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

function entry(
  player_id: number,
  username: string,
  balance: number,
  rank: number,
  rank_label: string,
  rank_name: string,
): RankingEntry {
  return {
    player_id,
    username,
    avatar_id: player_id,
    image: `/avatars/${player_id}.svg`,
    role: 2,
    balance,
    rank,
    rank_label,
    rank_name,
  };
}

// Asha and Ravi tie for first; the server ranks 1, 1, 3, 4.
const RANKING: RankingEntry[] = [
  entry(3, 'Meera', 480000, 3, '3rd', 'Smart Trader'),
  entry(1, 'Asha', 612345.5, 1, '1st', 'Market Mogul'),
  entry(4, 'Kabir', 350000, 4, '4th', 'Bagholder'),
  entry(2, 'Ravi', 612345.5, 1, '1st', 'Market Mogul'),
];

function rowTexts(listName: string): string[] {
  return within(screen.getByRole('list', { name: listName }))
    .getAllByRole('listitem')
    .map((li) => li.textContent ?? '');
}

describe('orderRanking', () => {
  it('orders by rank, then balance, then player', () => {
    expect(orderRanking(RANKING).map((r) => r.username)).toEqual([
      'Asha',
      'Ravi',
      'Meera',
      'Kabir',
    ]);
  });
});

describe('LeaderboardScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('ranks by balance with ordinal labels and rank names; ties share a rank', () => {
    setGame({ status: 3, role: 1, ranking: RANKING });
    renderScreen(<LeaderboardScreen />, { path: '/leaderboard' });
    expect(rowTexts('Leaderboard')).toEqual([
      '1stAshaMarket Mogul₹6,12,345.50',
      '1stRaviMarket Mogul₹6,12,345.50',
      '3rdMeeraSmart Trader₹4,80,000.00',
      '4thKabirBagholder₹3,50,000.00',
    ]);
    expect(fake.get).not.toHaveBeenCalled();
  });

  it('loads the ranking from the showdown call when the store has none', async () => {
    setGame({ status: 3, role: 2 });
    serve(fake, { [`GET ${API.showdown(7)}`]: () => ok(RANKING.slice(0, 2)) });
    renderScreen(<LeaderboardScreen />, { path: '/leaderboard' });
    await screen.findByRole('list', { name: 'Leaderboard' });
    expect(rowTexts('Leaderboard')).toEqual([
      '1stAshaMarket Mogul₹6,12,345.50',
      '3rdMeeraSmart Trader₹4,80,000.00',
    ]);
  });

  it('links to the shop and social sites', () => {
    setGame({ status: 3, ranking: RANKING });
    renderScreen(<LeaderboardScreen />, { path: '/leaderboard' });
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute(
      'href',
      env.VITE_SHOP_URL,
    );
    const social = screen.getByRole('navigation', { name: 'Follow The Showdown' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([env.VITE_SOCIAL_INSTAGRAM_URL, env.VITE_SOCIAL_X_URL, env.VITE_SOCIAL_YOUTUBE_URL]);
  });

  it('keeps the toasts above its buttons: the button area publishes the space it takes', () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    // Only the box holding every bottom button (and not the ranking) is 344 px from the bottom.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const buttons = ['Restart the Game', 'Shop Now', 'Home', 'Game report'];
      const holdsButtons = buttons.every((name) => this.textContent?.includes(name));
      const area = holdsButtons && !this.querySelector('ul');
      return { top: area ? 500 : 0, bottom: area ? 844 : 0, height: area ? 344 : 0 } as DOMRect;
    });
    setGame({ status: 3, ranking: RANKING });
    const { unmount } = renderScreen(<LeaderboardScreen />, { path: '/leaderboard' });
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--tab-bar-height')).toBe('344px');
    unmount();
    expect(root.getPropertyValue('--tab-bar-height')).toBe('');
    vi.restoreAllMocks();
  });

  it.each([
    ['Restart the Game', '/landing'],
    ['Home', '/profile'],
    ['Game report', '/game-report/7'],
  ])('%s goes to %s', async (name, path) => {
    setGame({ status: 3, ranking: RANKING });
    const { user } = renderScreen(<LeaderboardScreen />, { path: '/leaderboard' });
    await user.click(screen.getByRole('button', { name }));
    expect(await findLocation()).toBe(path);
  });
});

describe('ShowdownScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('lists every player with username and balance, richest first', async () => {
    setGame({ role: 1 });
    serve(fake, { [`GET ${API.showdown(7)}`]: () => ok(RANKING) });
    renderScreen(<ShowdownScreen />, { path: '/portfolio-showdown' });
    await screen.findByRole('list', { name: 'Player balances' });
    expect(rowTexts('Player balances')).toEqual([
      'Asha₹6,12,345.50',
      'Ravi₹6,12,345.50',
      'Meera₹4,80,000.00',
      'Kabir₹3,50,000.00',
    ]);
  });

  it("confirms End Game, ends it, says 'Game Ended successfully' and opens the leaderboard", async () => {
    setGame({ role: 1 });
    serve(fake, {
      [`GET ${API.showdown(7)}`]: () => ok(RANKING),
      [`POST ${API.end(7)}`]: () => ok(RANKING, 'Game Ended successfully'),
    });
    const { user } = renderScreen(<ShowdownScreen />, { path: '/portfolio-showdown' });
    await screen.findByRole('list', { name: 'Player balances' });
    await user.click(screen.getByRole('button', { name: 'End Game' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to end the game?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'End Game' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('Game Ended successfully')).toBeInTheDocument();
    expect(await findLocation()).toBe('/leaderboard');
    expect(fake.post).toHaveBeenCalledWith(API.end(7));
    expect(selectStatus(useAppStore.getState())).toBe(3);
    expect(selectRanking(useAppStore.getState())).toHaveLength(4);
  });

  it("keeps the toasts clear of Resume Game's top, the page's padding below the buttons included", async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
    // The buttons' box ends 24 px above the viewport's bottom (the page's own padding).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const area = this.textContent?.includes('Resume Game') && !this.querySelector('ul');
      return { top: area ? 640 : 0, bottom: area ? 820 : 0, height: area ? 180 : 0 } as DOMRect;
    });
    setGame({ role: 1 });
    serve(fake, { [`GET ${API.showdown(7)}`]: () => ok(RANKING) });
    renderScreen(<ShowdownScreen />, { path: '/portfolio-showdown' });
    await screen.findByRole('list', { name: 'Player balances' });
    expect(document.documentElement.style.getPropertyValue('--tab-bar-height')).toBe('204px');
    vi.restoreAllMocks();
  });

  it('hides End Game from investors; Resume Game goes back', async () => {
    setGame({ role: 2 });
    serve(fake, { [`GET ${API.showdown(7)}`]: () => ok(RANKING) });
    const { user } = renderScreen(<ShowdownScreen />, {
      path: '/portfolio-showdown',
      from: '/stock-prices',
    });
    await screen.findByRole('list', { name: 'Player balances' });
    expect(screen.queryByRole('button', { name: 'End Game' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume Game' }));
    expect(await findLocation()).toBe('/stock-prices');
  });
});

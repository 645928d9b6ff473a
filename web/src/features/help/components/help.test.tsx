import { API, type LobbyData, type PublicPlayer } from '@showdown/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '../../../config/env';
import { api } from '../../../lib/api-client';
import {
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { HelpMenu } from './help-menu';
import { roleLabel } from '@showdown/shared/roles';
import { RoleScreen } from './role-screen';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

function player(id: number, username: string, role: 1 | 2 | 3): PublicPlayer {
  return { id, player_id: id, username, avatar_id: id, image: '', role };
}

const LOBBY: LobbyData = {
  game_id: 7,
  board_code: 'AB12',
  game_status: 2,
  game_players_data: [player(1, 'Asha', 3), player(2, 'Ravi', 2), player(3, 'Meera', 2)],
  first_player: null,
  my_player_id: 2,
  my_role: 2,
};

describe('roleLabel', () => {
  it('names roles 1, 2 and 3', () => {
    expect(roleLabel(1)).toBe('Broker');
    expect(roleLabel(2)).toBe('Investor');
    expect(roleLabel(3)).toBe('Broker & Investor');
  });
});

describe('RoleScreen', () => {
  it("lists each player's name and role", async () => {
    vi.clearAllMocks();
    setGame({ role: 2, players: [player(9, 'Kabir', 1)] });
    serve(fake, { [`GET ${API.lobby(7)}`]: () => ok(LOBBY) });
    renderScreen(<RoleScreen />, { path: '/role' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Player roles' }))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['AshaBroker & Investor', 'RaviInvestor', 'MeeraInvestor']),
    );
  });
});

describe('HelpMenu', () => {
  beforeEach(() => setGame({ role: 2 }));

  it('links How to Play to the rules PDF and Player Roles to /role', async () => {
    const { user } = renderScreen(<HelpMenu />, { path: '/stock-prices' });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const menu = await screen.findByRole('menu');
    const howTo = within(menu).getByRole('menuitem', { name: 'How to Play' });
    expect(howTo).toHaveAttribute('href', env.VITE_HOW_TO_PLAY_URL);
    expect(howTo).toHaveAttribute('target', '_blank');
    await user.click(within(menu).getByRole('menuitem', { name: 'Player Roles' }));
    expect(await findLocation()).toBe('/role');
  });

  it("asks 'Do you want to return Home?': No stays, Yes goes to /profile", async () => {
    const { user } = renderScreen(<HelpMenu />, { path: '/stock-prices' });
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you want to return Home?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Home' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await findLocation()).toBe('/profile');
  });
});

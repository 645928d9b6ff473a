import { API, type LobbyData, type PublicPlayer } from '@showdown/shared/api';
import type { Role } from '@showdown/shared/constants';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findNavigatedPath,
  joinedGame,
  jsonResponse,
  ok,
  renderRoute,
} from '../../../../test/render';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { LobbyScreen } from './lobby-screen';
import { publicPlayer } from '../../../../test/fixtures/players';
import { loadSnapshot, applyEvent, applyPresenceEvent } from '../../../stores/game-updates';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const player = (id: number, role: Role, username = `Player ${id}`) =>
  publicPlayer(id, role, username);

let lobby: LobbyData;

function seat(myRole: Role, players: PublicPlayer[]) {
  lobby = {
    game_id: 4,
    board_code: 'AB1C',
    game_status: 1,
    game_players_data: players,
    first_player: null,
    my_player_id: 2,
    my_role: myRole,
  };
  joinedGame(4, { role: myRole, playerId: 2 });
}

beforeEach(() => {
  resetAppStore();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.lobby(4)) return jsonResponse(ok(lobby));
    if (url === API.start(4))
      return jsonResponse(ok({ game_status: 2 }, 'Game started successfully'));
    if (url === API.removePlayer(4, 3))
      return jsonResponse(ok({ player_id: 3 }, 'Player removed successfully.'));
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const renderLobby = () => renderRoute(<LobbyScreen />, { path: '/showdown-lobby' });

describe('lobby', () => {
  it('lists the players with their role text', async () => {
    seat(1, [player(1, 2, 'Ravi'), player(2, 1, 'Asha'), player(3, 3, 'Meera')]);
    renderLobby();
    expect(screen.getByRole('heading', { name: 'Showdown Lobby' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for other players to join...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Players' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'RaviInvestor',
      'Asha (You)Broker',
      'MeeraBroker & Investor',
    ]);
    expect(within(rows[0]!).getByRole('img', { name: "Ravi's avatar" })).toHaveAttribute(
      'src',
      '/avatars/1.svg',
    );
  });

  it('shows who is online, a Show on TV link, and the join QR code to the broker', async () => {
    seat(1, [player(1, 2, 'Ravi'), player(2, 1, 'Asha')]);
    renderLobby();
    await screen.findByRole('list', { name: 'Players' });
    act(() => applyPresenceEvent({ game_id: 4, online: [2] }));
    expect(screen.getByRole('img', { name: 'Asha is online' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ravi is offline' })).toBeInTheDocument();
    act(() => applyPresenceEvent({ game_id: 4, online: [1, 2] }));
    expect(screen.getByRole('img', { name: 'Ravi is online' })).toBeInTheDocument();
    const tv = screen.getByRole('link', { name: 'Show on TV' });
    expect(tv).toHaveAttribute('href', '/spectate/AB1C');
    expect(tv).toHaveAttribute('target', '_blank');
    // /api/config is not answered here: the QR code points at this page's origin
    expect(
      await screen.findByRole('img', {
        name: `QR code to join this board: ${window.location.origin}/showDown?code=AB1C`,
      }),
    ).toBeInTheDocument();
  });

  it('offers an investor Show on TV but not the QR code', async () => {
    seat(2, [player(1, 1, 'Ravi'), player(2, 2, 'Asha')]);
    renderLobby();
    await screen.findByRole('list', { name: 'Players' });
    expect(screen.getByRole('link', { name: 'Show on TV' })).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('hides Setup Game and Start Game from an investor (role 2)', async () => {
    seat(2, [player(1, 1), player(2, 2)]);
    renderLobby();
    await screen.findByRole('list', { name: 'Players' });
    expect(screen.queryByRole('button', { name: 'Setup Game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Role' })).toBeInTheDocument();
  });

  it.each([1, 3] as const)('shows Setup Game and Start Game to role %i', async (role) => {
    seat(role, [player(1, 2), player(2, role)]);
    renderLobby();
    expect(await screen.findByRole('button', { name: 'Setup Game' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
  });

  it('takes the role from the game (lobby answer) over the stored one', async () => {
    seat(2, [player(1, 2), player(2, 1)]);
    lobby.my_role = 1;
    renderLobby();
    expect(await screen.findByRole('button', { name: 'Setup Game' })).toBeInTheDocument();
  });

  it('Update Role goes to /choose-avatar/true with exactly 7 players', async () => {
    seat(
      2,
      [1, 2, 3, 4, 5, 6, 7].map((id) => player(id, id === 1 ? 1 : 2)),
    );
    const user = userEvent.setup();
    renderLobby();
    await screen.findByText('Player 7');
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await findNavigatedPath()).toBe('/choose-avatar/true');
  });

  it('Update Role goes to /join-game/true otherwise', async () => {
    seat(2, [player(1, 1), player(2, 2), player(3, 2)]);
    const user = userEvent.setup();
    renderLobby();
    await screen.findByText('Player 3');
    await user.click(screen.getByRole('button', { name: 'Update Role' }));
    expect(await findNavigatedPath()).toBe('/join-game/true');
  });

  it("Start Game starts, toasts 'Game started successfully' and goes to /first-player", async () => {
    seat(1, [player(1, 2), player(2, 1)]);
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Start Game' }));
    expect(await screen.findByText('Game started successfully')).toBeInTheDocument();
    expect(await findNavigatedPath()).toBe('/first-player');
  });

  it('Setup Game goes to /game-setup', async () => {
    seat(1, [player(1, 2), player(2, 1)]);
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Setup Game' }));
    expect(await findNavigatedPath()).toBe('/game-setup');
  });

  it('redirects to /stock-prices when the game is already running', async () => {
    seat(2, [player(1, 1), player(2, 2)]);
    lobby.game_status = 2;
    joinedGame(4, { role: 2, playerId: 2, status: 2 });
    renderLobby();
    expect(await findNavigatedPath()).toBe('/stock-prices');
  });

  it('a practice lobby marks the bots, offers no Update Role, and its investor skips the wheel', async () => {
    seat(2, [
      { ...player(1, 1, 'Meera'), bot: true },
      player(2, 2, 'Pia'),
      { ...player(3, 2, 'Arjun'), bot: true },
    ]);
    act(() =>
      useAppStore.setState((state) => {
        state.game!.game.practice = true;
      }),
    );
    renderLobby();
    expect(
      await screen.findByText('The bot broker starts the game in a moment.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Players' });
    await within(list).findByText('Arjun');
    expect(within(list).getAllByText('Bot')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: "Meera's avatar, a bot" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update Role' })).toBeNull();
    // The bot broker starts the game: a bot never spins the wheel, so Pia goes to the market.
    act(() => {
      const game = useAppStore.getState().game!;
      loadSnapshot({ ...game, seq: 3, game: { ...game.game, status: 2, practice: true } });
    });
    expect(await findNavigatedPath()).toBe('/stock-prices');
  });

  it('updates live: a player joining over the socket appears', async () => {
    seat(2, [player(1, 1), player(2, 2)]);
    renderLobby();
    await screen.findByText('Player 1');
    // the socket's snapshot has arrived
    act(() => {
      const game = useAppStore.getState().game!;
      loadSnapshot({ ...game, seq: 3 });
    });
    act(() => {
      applyEvent('lobby:joined', { seq: 4, game_id: 4, player: player(5, 2, 'Kabir') });
    });
    expect(await screen.findByText('Kabir')).toBeInTheDocument();
  });

  it('the broker removes a player after confirming, then the lobby refreshes', async () => {
    seat(1, [player(2, 1), player(3, 2, 'Ravi')]);
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Remove Ravi' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Do you want to remove this player?',
    });
    lobby.game_players_data = [player(2, 1)];
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Player removed successfully.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === API.removePlayer(4, 3))).toBe(true);
    await vi.waitFor(() => expect(screen.queryByText('Ravi')).not.toBeInTheDocument());
  });

  it("'No' keeps the player", async () => {
    seat(1, [player(2, 1), player(3, 2, 'Ravi')]);
    const user = userEvent.setup();
    renderLobby();
    await user.click(await screen.findByRole('button', { name: 'Remove Ravi' }));
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(fetchMock.mock.calls.some(([url]) => url === API.removePlayer(4, 3))).toBe(false);
    expect(screen.getByText('Ravi')).toBeInTheDocument();
  });

  it('the refresh button reloads the lobby', async () => {
    seat(2, [player(1, 1), player(2, 2)]);
    const user = userEvent.setup();
    renderLobby();
    await screen.findByText('Player 1');
    lobby.game_players_data = [...lobby.game_players_data, player(6, 2, 'Neha')];
    await user.click(screen.getByRole('button', { name: 'Refresh players' }));
    expect(await screen.findByText('Neha')).toBeInTheDocument();
  });
});

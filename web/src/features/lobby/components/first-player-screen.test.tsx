import { API, type LobbyData, type PublicPlayer } from '@showdown/shared/api';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findNavigatedPath, jsonResponse, ok, renderRoute } from '../../../../test/render';
import { gameSnapshot } from '../../../../test/in-game/render-screen';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { selectPlayerId, selectRole } from '../../../stores/game-selectors';
import { FirstPlayerScreen } from './first-player-screen';
import { landingRotation, segmentCentre } from './spinner-wheel';
import { publicPlayer } from '../../../../test/fixtures/players';
import { applyEvent } from '../../../stores/game-updates';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const player = publicPlayer;

let players: PublicPlayer[];

beforeEach(() => {
  resetAppStore();
  players = [
    player(1, 1, 'Broker'),
    player(2, 2, 'Asha'),
    player(3, 3, 'Ravi'),
    player(4, 2, 'Meera'),
  ];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.lobby(4)) {
      const lobby: LobbyData = {
        game_id: 4,
        board_code: 'AB1C',
        game_status: 2,
        game_players_data: players,
        first_player: null,
        my_player_id: selectPlayerId(useAppStore.getState()),
        my_role: selectRole(useAppStore.getState()),
      };
      return jsonResponse(ok(lobby));
    }
    if (url === API.firstPlayer(4)) return jsonResponse(ok({ player_id: 3, username: 'Ravi' }));
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const wheelRotation = () => {
  const transform = (screen.getByTestId('spinner-wheel') as unknown as SVGElement).style.transform;
  return Number(/rotate\((-?[\d.]+)deg\)/.exec(transform)?.[1]);
};

describe('landingRotation', () => {
  it.each([
    [0, 0, 3],
    [0, 2, 3],
    [1500, 1, 4],
    [37, 4, 5],
  ])('from %i lands segment %i of %i under the pointer after ≥1020°', (from, index, count) => {
    const to = landingRotation(from, index, count, 1020);
    expect(to - from).toBeGreaterThanOrEqual(1020);
    expect(to - from).toBeLessThan(1020 + 360);
    expect((((to + segmentCentre(index, count)) % 360) + 360) % 360).toBeCloseTo(0);
  });
});

describe('first player', () => {
  it("the broker's spin asks the server, lands on its pick and then offers Continue", async () => {
    useAppStore.setState({ game: gameSnapshot({ id: 4, role: 1, playerId: 1, players }) });
    const user = userEvent.setup();
    const { history } = renderRoute(<FirstPlayerScreen />, { path: '/first-player' });
    expect(
      screen.getByRole('img', { name: 'Spinner wheel: Asha, Ravi, Meera' }),
    ).toBeInTheDocument();
    expect(wheelRotation()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    await vi.waitFor(() => expect(wheelRotation()).toBe(landingRotation(0, 1, 3, 1020)));
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Continue' }, { timeout: 3000 }));
    expect(screen.queryByText('Ravi goes first!')).not.toBeInTheDocument();
    expect(await findNavigatedPath()).toBe('/stock-prices');
    // The wheel leaves the history: Back from the Market Monitor goes where the broker came from.
    expect(history.action).toBe('REPLACE');
    expect(fetchMock.mock.calls.filter(([url]) => url === API.firstPlayer(4))).toHaveLength(1);
  });

  it("an investor's wheel lands on the player from the 'firstPlayer:picked' event", async () => {
    useAppStore.setState({
      game: gameSnapshot({ id: 4, status: 2, role: 2, playerId: 2, players, seq: 7 }),
    });
    renderRoute(<FirstPlayerScreen />, { path: '/first-player' });
    expect(screen.queryByRole('button', { name: 'Spin' })).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for the Broker to spin the wheel...')).toBeInTheDocument();
    act(() => {
      applyEvent('firstPlayer:picked', { seq: 8, game_id: 4, player_id: 4, username: 'Meera' });
    });
    await vi.waitFor(() => expect(wheelRotation()).toBe(landingRotation(0, 2, 3, 1020)));
    expect(await screen.findByText('Meera goes first!', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('with fewer than 2 players asks to wait for the second player', async () => {
    players = [player(1, 1, 'Broker'), player(2, 2, 'Asha')];
    useAppStore.setState({ game: gameSnapshot({ id: 4, role: 1, playerId: 1, players }) });
    renderRoute(<FirstPlayerScreen />, { path: '/first-player' });
    expect(
      await screen.findByText('Please wait for second player to Join the game'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spin' })).not.toBeInTheDocument();
  });

  it('the wheel is centred horizontally in the page column', async () => {
    useAppStore.setState({ game: gameSnapshot({ id: 4, role: 1, playerId: 1, players }) });
    renderRoute(<FirstPlayerScreen />, { path: '/first-player' });
    const wheel = (await screen.findByTestId('spinner-wheel')).parentElement!;
    expect(getComputedStyle(wheel.parentElement!).flexDirection).toBe('column');
    expect(getComputedStyle(wheel).alignSelf).toBe('center');
  });
});

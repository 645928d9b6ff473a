import { API, type LobbyData, type PublicPlayer } from '@showdown/shared/api';
import type { Role } from '@showdown/shared/constants';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  findNavigatedPath,
  joinedGame,
  jsonResponse,
  ok,
  renderRoute,
} from '../../../../test/render';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { selectPlayers } from '../../../stores/game-selectors';
import { ChooseAvatarScreen } from './choose-avatar-screen';
import { JoinGameScreen } from './join-game-screen';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const player = (id: number, role: Role): PublicPlayer => ({
  id,
  player_id: id,
  username: `Player ${id}`,
  avatar_id: id,
  image: `/avatars/${id}.svg`,
  role,
});

let lobbyPlayers: PublicPlayer[] = [];
let seatAnswer = ok(player(2, 2), 'Role selected successfully.');

beforeEach(() => {
  resetAppStore();
  lobbyPlayers = [];
  seatAnswer = ok(player(2, 2), 'Role selected successfully.');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.selectRole(4) || url === API.changeRole(4)) return jsonResponse(seatAnswer);
    if (url === API.lobby(4)) {
      const lobby: LobbyData = {
        game_id: 4,
        board_code: 'AB1C',
        game_status: 1,
        game_players_data: lobbyPlayers,
        first_player: null,
        my_player_id: 2,
        my_role: 2,
      };
      return jsonResponse(ok(lobby));
    }
    if (url === API.gameAvatars(4))
      return jsonResponse(
        ok([
          { id: 3, name: 'The Fox', image: '/avatars/3.svg' },
          { id: 5, name: 'The Shark', image: '/avatars/5.svg' },
          { id: 7, name: 'The Broker', image: '/avatars/7.svg' },
        ]),
      );
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (url: string) =>
  JSON.parse(fetchMock.mock.calls.find(([u]) => u === url)![1].body as string) as unknown;

describe('choose role', () => {
  it('shows the three roles, the note and the help text', () => {
    joinedGame(4);
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/false' });
    for (const name of ["I'm Investor", "I'm Broker", "I'm Investor & Broker"]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(
      screen.getByText('At least one player must be a Broker to continue'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('In the game, there must be exactly one Broker; no more, no less'),
    ).toBeInTheDocument();
  });

  it('on a first join Investor takes the seat at once and goes to the lobby', async () => {
    joinedGame(4);
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/false' });
    await user.click(screen.getByRole('button', { name: "I'm Investor" }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(bodyOf(API.selectRole(4))).toEqual({ role: 2, avatar_id: null });
    expect(useAppStore.getState().game?.me).toMatchObject({ role: 2, player_id: 2 });
  });

  it('on a first join Broker takes the seat at once', async () => {
    joinedGame(4);
    seatAnswer = ok(player(2, 1), 'Role selected successfully.');
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/false' });
    await user.click(screen.getByRole('button', { name: "I'm Broker" }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(bodyOf(API.selectRole(4))).toEqual({ role: 1, avatar_id: null });
  });

  it("shows the server's refusal of a second broker", async () => {
    joinedGame(4);
    seatAnswer = fail(409, 'CONFLICT', 'Broker Role already filled');
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/false' });
    await user.click(screen.getByRole('button', { name: "I'm Broker" }));
    expect((await screen.findAllByText('Broker Role already filled')).length).toBeGreaterThan(0);
  });

  it("blocks Investor & Broker with 'Broker Role already filled' when another broker exists", async () => {
    joinedGame(4, { brokerExists: true });
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/false' });
    await user.click(screen.getByRole('button', { name: "I'm Investor & Broker" }));
    expect((await screen.findAllByText('Broker Role already filled')).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('lets the broker themself switch to Investor & Broker (to the avatar step)', async () => {
    joinedGame(4, { playerId: 2, role: 1 });
    lobbyPlayers = [player(1, 2), player(2, 1)];
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/true' });
    await screen.findByRole('button', { name: "I'm Investor & Broker" });
    await vi.waitFor(() => expect(selectPlayers(useAppStore.getState())).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: "I'm Investor & Broker" }));
    expect(await findNavigatedPath()).toBe('/choose-avatar/true');
  });

  it('with update=true every role goes to the avatar step', async () => {
    joinedGame(4, { playerId: 2, role: 2 });
    lobbyPlayers = [player(1, 1), player(2, 2)];
    const user = userEvent.setup();
    renderRoute(<JoinGameScreen />, { path: '/join-game/:update', url: '/join-game/true' });
    await user.click(screen.getByRole('button', { name: "I'm Investor" }));
    expect(await findNavigatedPath()).toBe('/choose-avatar/true');
    expect(fetchMock.mock.calls.some(([url]) => url === API.selectRole(4))).toBe(false);
  });
});

describe('choose avatar', () => {
  it('offers the server avatars except id 7 and takes the seat with the chosen one', async () => {
    joinedGame(4);
    seatAnswer = ok(player(2, 3), 'Role selected successfully.');
    const user = userEvent.setup();
    renderRoute(<ChooseAvatarScreen />, {
      path: '/choose-avatar/:update',
      url: '/choose-avatar/false',
      state: { role: 3 },
    });
    const options = await screen.findAllByRole('radio');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['The Fox', 'The Shark']);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'The Shark' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(bodyOf(API.selectRole(4))).toEqual({ role: 3, avatar_id: 5 });
  });

  it('with update=true changes the role of my seat', async () => {
    joinedGame(4, { playerId: 2, role: 2 });
    seatAnswer = ok(player(2, 2), 'Role updated successfully.');
    const user = userEvent.setup();
    renderRoute(<ChooseAvatarScreen />, {
      path: '/choose-avatar/:update',
      url: '/choose-avatar/true',
    });
    await user.click(await screen.findByRole('radio', { name: 'The Fox' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(bodyOf(API.changeRole(4))).toEqual({ role: 2, avatar_id: 3, player_id: 2 });
  });

  const signedIn = (avatarId: number | null) =>
    useAppStore.setState({
      user: {
        id: 2,
        username: 'Player 2',
        country_code: '+91',
        phone_number: '9876543210',
        email: null,
        avatar_id: avatarId,
        profile_image: null,
      },
    });

  it("preselects the profile's avatar when it is free on this board", async () => {
    joinedGame(4, { playerId: 2, role: 2 });
    signedIn(5);
    seatAnswer = ok(player(2, 2), 'Role updated successfully.');
    const user = userEvent.setup();
    renderRoute(<ChooseAvatarScreen />, {
      path: '/choose-avatar/:update',
      url: '/choose-avatar/true',
    });
    expect(await screen.findByRole('radio', { name: 'The Shark' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('radio', { name: 'The Fox' })).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(bodyOf(API.changeRole(4))).toEqual({ role: 2, avatar_id: 5, player_id: 2 });
  });

  it("has no default when the profile's avatar is taken (or is the broker's 7)", async () => {
    for (const avatarId of [6, 7]) {
      resetAppStore();
      joinedGame(4);
      signedIn(avatarId);
      const view = renderRoute(<ChooseAvatarScreen />, {
        path: '/choose-avatar/:update',
        url: '/choose-avatar/false',
        state: { role: 3 },
      });
      const options = await screen.findAllByRole('radio');
      expect(options.map((o) => o.getAttribute('aria-checked'))).toEqual(['false', 'false']);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
      view.unmount();
    }
  });

  it('does not override a pick the player already made', async () => {
    joinedGame(4);
    signedIn(5);
    const user = userEvent.setup();
    renderRoute(<ChooseAvatarScreen />, {
      path: '/choose-avatar/:update',
      url: '/choose-avatar/false',
      state: { role: 3 },
    });
    await user.click(await screen.findByRole('radio', { name: 'The Fox' }));
    expect(screen.getByRole('radio', { name: 'The Fox' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: 'The Shark' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });
});

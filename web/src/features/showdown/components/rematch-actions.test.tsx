import { API } from '@showdown/shared/api';
import type { JoinGameData, PublicPlayer } from '@showdown/shared/api';
import { applyGameEvent } from '@showdown/shared/game-state';
import { screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import {
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { JOIN_REMATCH, PLAY_AGAIN, RematchActions } from './rematch-actions';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
vi.mock('../../../lib/socket', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  resyncGame: vi.fn(),
}));
const fake = api as unknown as FakeApi;

const player = (player_id: number, role: 1 | 2 | 3, avatar_id: number): PublicPlayer => ({
  id: player_id,
  player_id,
  username: `P${player_id}`,
  avatar_id,
  image: `/avatars/${avatar_id}.svg`,
  role,
});
const TABLE = [player(1, 1, 7), player(2, 2, 4)];
/** The board's join answer for the rematch lobby: joined, no seat yet. */
const JOINED: JoinGameData = {
  game_id: 8,
  board_code: 'AB12',
  broker_exists: true,
  role: null,
  player_id: null,
  game_status: 1,
};

/** The finished game's `game:rematch`, applied by the store's own rule. */
function rematchArrives(rematchId: number) {
  act(() => {
    const state = useAppStore.getState().game!;
    const result = applyGameEvent(state, 'game:rematch', {
      seq: state.seq + 1,
      game_id: state.game.id,
      rematch_game_id: rematchId,
      board_code: state.game.board_code,
    });
    if (result.kind === 'applied') useAppStore.setState({ game: result.state });
  });
}

describe('RematchActions', () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers nothing after a practice game: it has no rematch', () => {
    setGame({ status: 3, role: 1, playerId: 1, players: TABLE });
    act(() => {
      useAppStore.setState((state) => {
        state.game!.game.practice = true;
      });
    });
    renderScreen(<RematchActions />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: PLAY_AGAIN })).toBeNull();
    expect(screen.queryByRole('button', { name: JOIN_REMATCH })).toBeNull();
  });

  it('offers the broker "Play again with this table", which opens the rematch lobby', async () => {
    setGame({ status: 3, role: 1, playerId: 1, players: TABLE });
    const rematch: JoinGameData = {
      game_id: 8,
      board_code: 'AB12',
      broker_exists: true,
      role: 1,
      player_id: 11,
      game_status: 1,
    };
    serve(fake, { [`POST ${API.rematch(7)}`]: () => ok(rematch, 'The rematch lobby is open.') });
    const { user } = renderScreen(<RematchActions />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: JOIN_REMATCH })).toBeNull();
    await user.click(screen.getByRole('button', { name: PLAY_AGAIN }));
    expect(await findLocation()).toBe('/showdown-lobby');
    expect(useAppStore.getState().game?.game.id).toBe(8);
    expect(useAppStore.getState().game?.me).toMatchObject({ player_id: 11, role: 1 });
  });

  it('shows an investor nothing until the rematch opens, then "Join the rematch" with the same seat', async () => {
    setGame({ status: 3, role: 2, playerId: 2, players: TABLE });
    const seatRequests: unknown[] = [];
    serve(fake, {
      [`POST ${API.join}`]: () => ok(JOINED),
      [`POST ${API.selectRole(8)}`]: (body) => {
        seatRequests.push(body);
        return ok(player(12, 2, 4), 'Role selected successfully.');
      },
    });
    const { user } = renderScreen(<RematchActions />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: PLAY_AGAIN })).toBeNull();
    expect(screen.queryByRole('button', { name: JOIN_REMATCH })).toBeNull();
    rematchArrives(8);
    await user.click(await screen.findByRole('button', { name: JOIN_REMATCH }));
    expect(await findLocation()).toBe('/showdown-lobby');
    expect(seatRequests).toEqual([{ role: 2, avatar_id: 4 }]);
    expect(fake.post).toHaveBeenCalledWith(API.join, { code: 'AB12' });
  });

  it('sends a player whose avatar was taken to pick a seat as usual, with the reason', async () => {
    setGame({ status: 3, role: 2, playerId: 2, players: TABLE });
    serve(fake, {
      [`POST ${API.join}`]: () => ok(JOINED),
      [`POST ${API.selectRole(8)}`]: () => {
        throw new (class extends Error {})('Avatar already taken.');
      },
    });
    const { user } = renderScreen(<RematchActions />, { path: '/leaderboard' });
    rematchArrives(8);
    await user.click(await screen.findByRole('button', { name: JOIN_REMATCH }));
    expect(await findLocation()).toBe('/join-game/false');
    await waitFor(() => expect(useAppStore.getState().game?.game.id).toBe(8));
  });

  it('is not shown while the game runs', () => {
    setGame({ status: 2, role: 1, playerId: 1, players: TABLE });
    renderScreen(<RematchActions />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: PLAY_AGAIN })).toBeNull();
  });
});

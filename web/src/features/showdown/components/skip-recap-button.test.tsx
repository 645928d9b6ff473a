import { API } from '@showdown/shared/api';
import type { PublicPlayer } from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { RECAP_MAX_MS } from '../../../lib/recap/recap-timeline';
import { useAppStore } from '../../../stores/app-store';
import {
  failure,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { SKIP_TV_RECAP, SkipRecapButton } from './skip-recap-button';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const player = (player_id: number, role: 1 | 2 | 3): PublicPlayer => ({
  id: player_id,
  player_id,
  username: `P${player_id}`,
  avatar_id: player_id,
  image: `/avatars/${player_id}.svg`,
  role,
});
const TABLE = [player(1, 1), player(2, 2)];

describe("the broker's Skip the TV's recap", () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(() => vi.useRealTimers());

  it('asks the server to skip the recap, says so, and is gone', async () => {
    setGame({ status: 3, role: 1, playerId: 1, players: TABLE });
    serve(fake, { [`POST ${API.skipRecap(7)}`]: () => ok({ game_id: 7 }, MSG.RECAP_SKIPPED) });
    const { user } = renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    await user.click(screen.getByRole('button', { name: SKIP_TV_RECAP }));
    expect(fake.post).toHaveBeenCalledWith(API.skipRecap(7));
    expect(await screen.findByText(MSG.RECAP_SKIPPED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SKIP_TV_RECAP })).toBeNull();
  });

  it('stays offered when the server refuses, with its reason', async () => {
    setGame({ status: 3, role: 3, playerId: 1, players: [player(1, 3), player(2, 2)] });
    serve(fake, {
      [`POST ${API.skipRecap(7)}`]: () => {
        throw failure(MSG.DATABASE_UNAVAILABLE, 503, 'UNAVAILABLE');
      },
    });
    const { user } = renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    await user.click(screen.getByRole('button', { name: SKIP_TV_RECAP }));
    expect(await screen.findByText(MSG.DATABASE_UNAVAILABLE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SKIP_TV_RECAP })).toBeEnabled();
  });

  it('is offered for as long as a recap can last', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setGame({ status: 3, role: 1, playerId: 1, players: TABLE });
    renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    act(() => void vi.advanceTimersByTime(RECAP_MAX_MS - 1));
    expect(screen.getByRole('button', { name: SKIP_TV_RECAP })).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('button', { name: SKIP_TV_RECAP })).toBeNull();
  });

  it('is not offered to an investor, while the game runs, or once the rematch is open', () => {
    setGame({ status: 3, role: 2, playerId: 2, players: TABLE });
    const first = renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: SKIP_TV_RECAP })).toBeNull();
    first.unmount();

    setGame({ status: 2, role: 1, playerId: 1, players: TABLE });
    const second = renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    expect(screen.queryByRole('button', { name: SKIP_TV_RECAP })).toBeNull();
    second.unmount();

    setGame({ status: 3, role: 1, playerId: 1, players: TABLE });
    renderScreen(<SkipRecapButton />, { path: '/leaderboard' });
    screen.getByRole('button', { name: SKIP_TV_RECAP });
    act(() => {
      useAppStore.setState((state) => {
        state.game!.game.rematch_game_id = 8;
      });
    });
    expect(screen.queryByRole('button', { name: SKIP_TV_RECAP })).toBeNull();
  });
});

import type { GameSettings } from '@showdown/shared/api';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findNavigatedPath, renderRoute } from '../../test/render';
import type { GameConnectionOptions } from '../lib/socket';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { provisionalSnapshot } from '../stores/snapshot-changes';
import { selectRanking, selectStatus } from '../stores/game-selectors';
import { BACK_ONLINE_MS, REMOVED_FROM_GAME, useGameSocket } from './use-game-socket';
import { ASHA } from '../../test/fixtures/users';

const connections: GameConnectionOptions[] = [];
const disconnect = vi.fn();

vi.mock('../lib/socket', () => ({
  connectGame: (options: GameConnectionOptions) => {
    connections.push(options);
    return { socket: {}, resync: vi.fn(async () => {}), disconnect };
  },
  setActiveConnection: vi.fn(),
}));

const settings: GameSettings = {
  starting_funds: 500000,
  payday_increment: 100000,
  trade_phase_duration: 120,
  orderbook_status: 0,
  ends_at: null,
  paydays_given: 0,
  paydays_total: 3,
};

function Shell() {
  useGameSocket();
  return <p>in game</p>;
}

beforeEach(() => {
  connections.length = 0;
  disconnect.mockReset();
  resetAppStore();
  localStorage.setItem('access_token', 'acc');
  useAppStore.setState({
    user: { ...ASHA, id: 20 },
    game: seated(2),
  });
});

afterEach(() => vi.clearAllMocks());

/** The provisional game a join answer leaves: game 9, my seat or none. */
function seated(playerId: number | null) {
  const game = provisionalSnapshot(9, 'AB12');
  return playerId === null
    ? game
    : {
        ...game,
        me: { player_id: playerId, role: 2 as const, portfolio: null, mayhem_responded: false },
      };
}

function loadGame(options: GameConnectionOptions) {
  act(() =>
    options.onSnapshot({
      seq: 3,
      game: { id: 9, board_code: 'AB12', status: 2, settings, first_player: null },
      players: [],
      stocks: [],
      mayhem: null,
      ranking: null,
      me: { player_id: 2, role: 2, portfolio: null, mayhem_responded: false },
    }),
  );
}

describe('useGameSocket', () => {
  it('connects once for the current game and loads snapshots into the store', () => {
    renderRoute(<Shell />, { path: '/stock-prices' });
    expect(connections).toHaveLength(1);
    expect(connections[0]?.gameId).toBe(9);
    loadGame(connections[0]!);
    expect(useAppStore.getState().game).toMatchObject({ seq: 3, game: { status: 2 } });
    expect(useAppStore.getState().game?.me?.player_id).toBe(2);
  });

  it('connects only once I hold a seat', () => {
    useAppStore.setState({ game: seated(null) });
    renderRoute(<Shell />, { path: '/join-game/false' });
    expect(connections).toHaveLength(0);
    act(() => useAppStore.setState({ game: seated(2) }));
    expect(connections).toHaveLength(1);
  });

  it('does not connect without a game', () => {
    useAppStore.setState({ game: null });
    renderRoute(<Shell />, { path: '/profile' });
    expect(connections).toHaveLength(0);
  });

  it('being removed clears the game, toasts and goes to /showDown', async () => {
    renderRoute(<Shell />, { path: '/showdown-lobby' });
    const options = connections[0]!;
    loadGame(options);
    let outcome: string | undefined;
    act(() => {
      outcome = options.onEvent('player:removed', {
        seq: 4,
        game_id: 9,
        player_id: 2,
      });
    });
    expect(outcome).toBe('removed-self');
    expect(await findNavigatedPath()).toBe('/showDown');
    expect(await screen.findByText(REMOVED_FROM_GAME)).toBeInTheDocument();
    expect(useAppStore.getState().game).toBeNull();
    expect(disconnect).toHaveBeenCalled();
  });

  it("'game:ended' goes to /leaderboard with the ranking stored", async () => {
    renderRoute(<Shell />, { path: '/stock-prices' });
    const options = connections[0]!;
    loadGame(options);
    act(() => {
      options.onEvent('game:ended', { seq: 4, game_id: 9, ranking: [] });
    });
    expect(await findNavigatedPath()).toBe('/leaderboard');
    expect(selectStatus(useAppStore.getState())).toBe(3);
    expect(selectRanking(useAppStore.getState())).toEqual([]);
  });

  it('a gap is reported back so the connection resyncs', () => {
    renderRoute(<Shell />, { path: '/stock-prices' });
    const options = connections[0]!;
    loadGame(options);
    expect(options.onEvent('phase:ended', { seq: 6, game_id: 9 })).toBe('gap');
  });
});

describe('connection banner state', () => {
  it('reconnecting, then back online after the resync, then online', () => {
    vi.useFakeTimers();
    try {
      renderRoute(<Shell />, { path: '/stock-prices' });
      const options = connections[0]!;
      act(() => options.onStatus?.('connecting'));
      expect(useAppStore.getState().connection).toBe('connecting');
      act(() => options.onStatus?.('online'));
      expect(useAppStore.getState().connection).toBe('online');
      act(() => options.onStatus?.('reconnecting'));
      expect(useAppStore.getState().connection).toBe('reconnecting');
      act(() => options.onStatus?.('online'));
      expect(useAppStore.getState().connection).toBe('back');
      act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
      expect(useAppStore.getState().connection).toBe('online');
    } finally {
      vi.useRealTimers();
    }
  });
});

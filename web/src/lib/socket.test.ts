import type { GameSettings } from '@showdown/shared/api';
import type { GameSnapshot } from '@showdown/shared/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { FakeSocket } from '../../test/fake-socket';
import { selectStocks } from '../stores/game-selectors';
import {
  connectGame,
  createSocket,
  SERVER_DISCONNECT_RETRY_MS,
  spectateBoard,
  type ConnectionStatus,
} from './socket';
import type { SpectatorSnapshot } from '@showdown/shared/spectator';
import {
  loadSnapshot,
  applyEvent,
  applyPortfolioEvent,
  applyPresenceEvent,
} from '../stores/game-updates';

const settings: GameSettings = {
  starting_funds: 500000,
  payday_increment: 100000,
  trade_phase_duration: 120,
  orderbook_status: 0,
  ends_at: null,
  paydays_given: 0,
  paydays_total: 3,
};

function snapshot(seq: number, price: number): GameSnapshot {
  return {
    seq,
    game: { id: 9, board_code: 'AB12', status: 2, settings, first_player: null },
    players: [],
    stocks: [{ id: 1, stock_id: 1, name: 'Tandoor Motors', image: '', current_price: price }],
    mayhem: null,
    ranking: null,
    me: null,
  };
}

const price = (seq: number, value: number) => ({
  seq,
  game_id: 9,
  stock_id: 1,
  previous_price: 0,
  price: value,
  percentage: 1,
});

function open(refreshToken = vi.fn(async () => 'new-token'), onError = vi.fn()) {
  let fake: FakeSocket | undefined;
  const statuses: ConnectionStatus[] = [];
  const connection = connectGame({
    gameId: 9,
    getToken: () => localStorage.getItem('access_token'),
    refreshToken,
    onSnapshot: (s) => loadSnapshot(s),
    onEvent: (name, payload) => applyEvent(name, payload),
    onPortfolio: (gameId, portfolio) => applyPortfolioEvent(gameId, portfolio),
    onPresence: (presence) => applyPresenceEvent(presence),
    onStatus: (status) => statuses.push(status),
    onError,
    createSocket: (auth) => {
      fake = new FakeSocket(auth, () => ({ data: snapshot(5, 100) }));
      return fake.asSocket();
    },
  });
  return { connection, socket: fake!, refreshToken, statuses };
}

beforeEach(() => {
  resetAppStore();
  localStorage.setItem('access_token', 'tok');
});

describe('the socket', () => {
  it('uses the WebSocket transport only (the server offers no long-polling)', () => {
    const socket = createSocket((cb) => cb({ protocol: 1 }));
    expect(socket.io.opts.transports).toEqual(['websocket']);
    expect(socket.connected).toBe(false);
  });
});

describe('game connection', () => {
  it('joins the game on connect and loads the snapshot', async () => {
    const { socket } = open();
    expect(socket.emitted).toEqual([{ event: 'game:join', payload: { game_id: 9 } }]);
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    expect(selectStocks(useAppStore.getState())[0]?.current_price).toBe(100);
  });

  it('sends the current access token in the handshake', () => {
    const { socket } = open();
    const seen: unknown[] = [];
    socket.auth((data) => seen.push(data));
    expect(seen).toEqual([{ token: 'tok', protocol: 1 }]);
  });

  it('applies events in order and asks for a resync on a seq gap', async () => {
    const { socket } = open();
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    socket.fire('price:updated', price(6, 110));
    expect(selectStocks(useAppStore.getState())[0]?.current_price).toBe(110);
    expect(socket.commands()).toEqual(['game:join']);

    socket.answer = () => ({ data: snapshot(8, 130) });
    socket.fire('price:updated', price(8, 999));
    expect(socket.commands()).toEqual(['game:join', 'game:resync']);
    expect(socket.emitted[1]?.payload).toEqual({ game_id: 9 });
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(8));
    expect(selectStocks(useAppStore.getState())[0]?.current_price).toBe(130);
  });

  it('sends one resync at a time however many gapped events arrive', async () => {
    const { socket } = open();
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    socket.fire('price:updated', price(9, 1));
    socket.fire('price:updated', price(10, 2));
    expect(socket.commands().filter((c) => c === 'game:resync')).toHaveLength(1);
  });

  it('resyncs after a reconnect without recovery, not after a recovered one', async () => {
    const { socket } = open();
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    socket.recovered = true;
    socket.fire('connect');
    expect(socket.commands()).toEqual(['game:join']);
    socket.recovered = false;
    socket.fire('connect');
    expect(socket.commands()).toEqual(['game:join', 'game:resync']);
  });

  it('refreshes the token and reconnects on connect_error TOKEN_EXPIRED', async () => {
    const { socket, refreshToken } = open();
    socket.active = false;
    socket.fire('connect_error', new Error('TOKEN_EXPIRED'));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(socket.connects).toBe(2));
  });

  it('treats connect_error UNAVAILABLE as a blip: reconnecting, connects again after retry_after, no sign-out', () => {
    vi.useFakeTimers();
    try {
      const onError = vi.fn();
      const { socket, statuses, refreshToken } = open(undefined, onError);
      socket.active = false;
      const refused = Object.assign(new Error('UNAVAILABLE'), {
        data: { code: 'UNAVAILABLE', message: 'briefly unavailable', retry_after: 5 },
      });
      socket.fire('connect_error', refused);
      expect(statuses.at(-1)).toBe('reconnecting');
      expect(onError).not.toHaveBeenCalled();
      expect(refreshToken).not.toHaveBeenCalled();
      vi.advanceTimersByTime(4999);
      expect(socket.connects).toBe(1);
      vi.advanceTimersByTime(1);
      expect(socket.connects).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not refresh on other handshake errors', () => {
    const { socket, refreshToken } = open();
    socket.active = false;
    socket.fire('connect_error', new Error('UNAUTHORIZED'));
    expect(refreshToken).not.toHaveBeenCalled();
  });
});

describe('connection status', () => {
  it('is connecting, online after the join snapshot, reconnecting when the socket drops', async () => {
    const { socket, statuses } = open();
    await vi.waitFor(() => expect(statuses).toEqual(['connecting', 'online']));
    socket.fire('disconnect', 'transport close');
    expect(statuses.at(-1)).toBe('reconnecting');
    socket.fire('connect_error', new Error('xhr poll error'));
    expect(statuses.at(-1)).toBe('reconnecting');
    socket.fire('connect');
    // Online again only once the resync's snapshot is in.
    expect(statuses.at(-1)).toBe('reconnecting');
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('online'));
  });

  it('connects again after the server disconnected it (a restart), not after leaving', () => {
    vi.useFakeTimers();
    try {
      const { socket, statuses, connection } = open();
      socket.fire('disconnect', 'io server disconnect');
      expect(statuses.at(-1)).toBe('reconnecting');
      vi.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS);
      expect(socket.connects).toBe(2);
      connection.disconnect();
      socket.fire('disconnect', 'io server disconnect');
      vi.advanceTimersByTime(SERVER_DISCONNECT_RETRY_MS);
      expect(socket.connects).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back online, a socket that is down connects at once; a connected or left one does not', () => {
    const { socket, connection } = open();
    window.dispatchEvent(new Event('online'));
    expect([socket.disconnects, socket.connects]).toEqual([0, 1]);
    // The network went away: socket.io's own attempt may hang, or wait out its backoff.
    socket.connected = false;
    socket.fire('disconnect', 'transport close');
    window.dispatchEvent(new Event('online'));
    expect([socket.disconnects, socket.connects]).toEqual([1, 2]);
    connection.disconnect();
    socket.connected = false;
    window.dispatchEvent(new Event('online'));
    expect([socket.disconnects, socket.connects]).toEqual([2, 2]);
  });

  it('leaving the game on purpose is not a lost connection', () => {
    const { socket, statuses } = open();
    socket.fire('disconnect', 'io client disconnect');
    expect(statuses).not.toContain('reconnecting');
  });

  it('routes my private portfolio update to its own handler', async () => {
    const { socket } = open();
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    loadSnapshot({
      ...snapshot(5, 100),
      me: { player_id: 2, role: 2, portfolio: null, mayhem_responded: false },
    });
    const portfolio = {
      portfolio_data: [],
      total_balance: 1,
      total_profit_loss: '0.00',
      current_balance: 1,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    socket.fire('portfolio:updated', { game_id: 9, portfolio });
    expect(useAppStore.getState().game?.me?.portfolio).toEqual(portfolio);
  });

  it('keeps who is online from presence updates, which are not game events (no resync)', async () => {
    const { socket } = open();
    await vi.waitFor(() => expect(useAppStore.getState().game?.seq).toBe(5));
    socket.fire('presence:changed', { game_id: 9, online: [1, 2] });
    expect(useAppStore.getState().game?.online).toEqual([1, 2]);
    socket.fire('presence:changed', { game_id: 9, online: [2] });
    expect(useAppStore.getState().game?.online).toEqual([2]);
    expect(socket.commands()).toEqual(['game:join']);
  });
});

describe('spectating', () => {
  it('back online, a TV whose socket is down connects at once', () => {
    let fake: FakeSocket | undefined;
    const tv = spectateBoard({
      code: 'AB12',
      onSnapshot: () => undefined,
      onEvent: () => 'applied',
      createSocket: (auth) => {
        fake = new FakeSocket(auth, () => ({ data: snapshot(5, 100) }));
        return fake.asSocket();
      },
    });
    fake!.connected = false;
    window.dispatchEvent(new Event('online'));
    expect([fake!.disconnects, fake!.connects]).toEqual([1, 2]);
    tv.disconnect();
    fake!.connected = false;
    window.dispatchEvent(new Event('online'));
    expect(fake!.connects).toBe(2);
  });

  it('connects without a token, spectates the board code and follows events', async () => {
    let fake: FakeSocket | undefined;
    const snapshots: SpectatorSnapshot[] = [];
    const events: string[] = [];
    spectateBoard({
      code: ' ab12 ',
      onSnapshot: (s) => snapshots.push(s),
      onEvent: (name, payload) => {
        events.push(name);
        return (payload as { seq?: number }).seq === 9 ? 'gap' : 'applied';
      },
      createSocket: (auth) => {
        fake = new FakeSocket(auth, () => ({ data: snapshot(5, 100) }));
        return fake.asSocket();
      },
    });
    const seen: unknown[] = [];
    fake!.auth((data) => seen.push(data));
    expect(seen).toEqual([{ protocol: 1 }]);
    expect(fake!.emitted).toEqual([{ event: 'board:spectate', payload: { code: 'AB12' } }]);
    await vi.waitFor(() => expect(snapshots).toHaveLength(1));
    fake!.fire('price:updated', price(6, 120));
    expect(events).toEqual(['price:updated']);
    fake!.fire('price:updated', price(9, 1));
    expect(fake!.commands()).toEqual(['board:spectate', 'board:spectate']);
    // a new game on the board: spectate the code again
    await vi.waitFor(() => expect(snapshots).toHaveLength(2));
    fake!.fire('board:moved', { code: 'AB12', game_id: 99 });
    expect(fake!.commands()).toEqual(['board:spectate', 'board:spectate', 'board:spectate']);
    expect(events).not.toContain('board:moved');
  });
});

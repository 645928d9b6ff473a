import type { GameSettings, Portfolio, PublicPlayer, StockEntry } from '@showdown/shared/api';
import type { GameSnapshot, PublicMayhem } from '@showdown/shared/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAppStore, useAppStore } from './app-store';

const player = (player_id: number, role: 1 | 2 | 3, username = `P${player_id}`): PublicPlayer => ({
  id: player_id,
  player_id,
  username,
  avatar_id: player_id,
  image: `/avatars/${player_id}.svg`,
  role,
});

const settings: GameSettings = {
  starting_funds: 500000,
  payday_increment: 100000,
  trade_phase_duration: 120,
  orderbook_status: 0,
  ends_at: null,
  paydays_given: 0,
  paydays_total: 3,
};

const stocks: StockEntry[] = [
  {
    id: 1,
    stock_id: 1,
    name: 'Tandoor Motors',
    image: '/logos/tandoor-motors.svg',
    current_price: 450,
  },
  {
    id: 2,
    stock_id: 2,
    name: 'Monsoon Power',
    image: '/logos/monsoon-power.svg',
    current_price: 280,
  },
];

const portfolio: Portfolio = {
  portfolio_data: [],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 500000,
  orderbook_status: 0,
  ends_at: null,
};

/** Ten Tandoor Motors bought at ₹450: ₹4,500 invested, ₹4,95,500 cash. */
const holdingTen: Portfolio = {
  ...portfolio,
  current_balance: 495500,
  portfolio_data: [
    {
      stock_id: 1,
      name: 'Tandoor Motors',
      image: '/logos/tandoor-motors.svg',
      total_quantity: 10,
      total_invested_price: 4500,
      current_price: 450,
      market_value: 4500,
      profit_loss: 0,
    },
  ],
};

const mayhem: PublicMayhem = {
  id: 3,
  game_id: 9,
  status: 'open',
  stock_ids: [{ stock_id: 1, name: 'Tandoor Motors', image: '/logos/tandoor-motors.svg' }],
  percentage: [5],
  responses_count: 0,
  investors_count: 2,
};

function snapshot(overrides: Partial<GameSnapshot> = {}): GameSnapshot {
  return {
    seq: 10,
    game: { id: 9, board_code: 'AB12', status: 2, settings, first_player: null },
    players: [player(1, 1, 'Broker'), player(2, 2, 'Asha')],
    stocks,
    mayhem: null,
    ranking: null,
    me: { player_id: 2, role: 2, portfolio, mayhem_responded: false },
    ...overrides,
  };
}

const state = () => useAppStore.getState();
const event = (seq: number) => ({ seq, game_id: 9 });

beforeEach(() => {
  resetAppStore();
  useAppStore.setState({
    user: {
      id: 20,
      username: 'Asha',
      country_code: '+91',
      phone_number: '9876543210',
      email: null,
      avatar_id: 2,
      profile_image: null,
    },
  });
  state().loadSnapshot(snapshot());
});

describe('snapshot', () => {
  it('fills the game and portfolio slices', () => {
    const s = state();
    expect(s).toMatchObject({
      gameId: 9,
      boardCode: 'AB12',
      status: 2,
      seq: 10,
      role: 2,
      playerId: 2,
      brokerExists: true,
      orderbook_status: 0,
      portfolio,
    });
    expect(s.players).toHaveLength(2);
    expect(s.stocks).toEqual(stocks);
  });

  it('persists only user, gameId, role, playerId and boardCode under root', () => {
    const stored = JSON.parse(localStorage.getItem('root') ?? '{}') as { state: object };
    expect(Object.keys(stored.state).sort()).toEqual(
      ['boardCode', 'gameId', 'playerId', 'role', 'user'].sort(),
    );
  });
});

describe('socket events', () => {
  it('lobby:joined adds a player', () => {
    expect(state().applyEvent('lobby:joined', { ...event(11), player: player(3, 2, 'Ravi') })).toBe(
      'applied',
    );
    expect(state().players.map((p) => p.username)).toEqual(['Broker', 'Asha', 'Ravi']);
    expect(state().seq).toBe(11);
  });

  it("player:updated replaces a player and updates my own role when it's me", () => {
    state().applyEvent('player:updated', {
      ...event(11),
      player: { ...player(2, 3, 'Asha'), avatar_id: 5 },
    });
    expect(state().players.find((p) => p.player_id === 2)).toMatchObject({ role: 3, avatar_id: 5 });
    expect(state().role).toBe(3);
  });

  it('player:removed removes another player', () => {
    state().applyEvent('lobby:joined', { ...event(11), player: player(3, 2) });
    expect(state().applyEvent('player:removed', { ...event(12), player_id: 3 })).toBe('applied');
    expect(state().players.map((p) => p.player_id)).toEqual([1, 2]);
  });

  it('player:removed for me clears the game', () => {
    expect(state().applyEvent('player:removed', { ...event(11), player_id: 2 })).toBe(
      'removed-self',
    );
    expect(state()).toMatchObject({ gameId: null, players: [], portfolio: null, seq: null });
    expect(state().user?.id).toBe(20);
  });

  it('settings:changed replaces the settings', () => {
    const next = { ...settings, starting_funds: 1000000 };
    state().applyEvent('settings:changed', { ...event(11), settings: next });
    expect(state().settings).toEqual(next);
  });

  it('game:started sets status running, settings and stocks', () => {
    resetAppStore();
    state().loadSnapshot(snapshot({ game: { ...snapshot().game, status: 1 }, stocks: [] }));
    state().applyEvent('game:started', { ...event(11), settings, stocks });
    expect(state()).toMatchObject({ status: 2, stocks, settings });
  });

  it('firstPlayer:picked stores the first player', () => {
    state().applyEvent('firstPlayer:picked', { ...event(11), player_id: 2, username: 'Asha' });
    expect(state().firstPlayer).toEqual({ player_id: 2, username: 'Asha' });
  });

  it('price:updated changes one stock price', () => {
    state().applyEvent('price:updated', {
      ...event(11),
      stock_id: 2,
      previous_price: 280,
      price: 294,
      percentage: 5,
    });
    expect(state().stocks.map((s) => s.current_price)).toEqual([450, 294]);
  });

  it('phase:started and phase:ended switch the order book with the server ends_at', () => {
    const endsAt = '2026-01-01T10:02:00.000Z';
    state().applyEvent('phase:started', { ...event(11), ends_at: endsAt, duration: 120 });
    expect(state()).toMatchObject({ orderbook_status: 1, ends_at: endsAt });
    expect(state().settings).toMatchObject({ orderbook_status: 1, ends_at: endsAt });
    expect(state().portfolio).toMatchObject({ orderbook_status: 1 });
    state().applyEvent('phase:ended', event(12));
    expect(state()).toMatchObject({ orderbook_status: 0, ends_at: null });
    expect(state().portfolio).toMatchObject({ orderbook_status: 0 });
  });

  it('payday:given counts the paydays', () => {
    state().applyEvent('payday:given', { ...event(11), amount: 100000, paydays_given: 1 });
    expect(state().settings?.paydays_given).toBe(1);
  });

  it('mayhem:created, responded and averaged follow the list', () => {
    state().applyEvent('mayhem:created', { ...event(11), mayhem });
    expect(state()).toMatchObject({ mayhem, isMmExist: 1, mayhemResponded: false });
    state().applyEvent('mayhem:responded', { ...event(12), mayhem_id: 3, responses_count: 1 });
    expect(state().mayhem?.responses_count).toBe(1);
    state().applyEvent('mayhem:averaged', {
      ...event(13),
      mayhem_id: 3,
      changes: [{ stock_id: 1, previous_price: 450, price: 472.5, percentage: 5 }],
    });
    expect(state().mayhem).toBeNull(); // averaged: the list is closed and gone
    expect(state().isMmExist).toBe(0);
    expect(state().stocks[0]?.current_price).toBe(472.5);
  });

  it('game:ended sets status completed and the ranking', () => {
    const ranking = [
      {
        player_id: 2,
        username: 'Asha',
        avatar_id: 2,
        image: '/avatars/2.svg',
        role: 2 as const,
        balance: 612000,
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Maestro',
      },
    ];
    state().applyEvent('game:ended', { ...event(11), ranking });
    expect(state()).toMatchObject({ status: 3, ranking });
  });

  it('portfolio:updated (no seq) replaces my portfolio without touching seq', () => {
    const next = { ...portfolio, current_balance: 400000, total_balance: 400000 };
    expect(state().applyEvent('portfolio:updated', { game_id: 9, portfolio: next })).toBe(
      'applied',
    );
    expect(state().portfolio).toEqual(next);
    expect(state().seq).toBe(10);
  });

  it('price:updated revalues my holdings at the new price', () => {
    state().applyEvent('portfolio:updated', { game_id: 9, portfolio: holdingTen });
    state().applyEvent('price:updated', {
      ...event(11),
      stock_id: 1,
      previous_price: 450,
      price: 495,
      percentage: 10,
    });
    expect(state().portfolio?.portfolio_data[0]).toMatchObject({
      current_price: 495,
      market_value: 4950,
      profit_loss: 450,
    });
    expect(state().portfolio).toMatchObject({ total_balance: 500450, total_profit_loss: '450.00' });
  });

  it('portfolio:updated read before a price move is valued at the prices shown', () => {
    state().applyEvent('price:updated', {
      ...event(11),
      stock_id: 1,
      previous_price: 450,
      price: 500,
      percentage: 11,
    });
    // read at ₹450, before the move to ₹500
    state().applyEvent('portfolio:updated', { game_id: 9, portfolio: holdingTen });
    expect(state().portfolio?.portfolio_data[0]).toMatchObject({
      current_price: 500,
      market_value: 5000,
    });
    expect(state().portfolio?.total_balance).toBe(500500);
  });
});

describe('sequencing', () => {
  const price = (seq: number, value: number) => ({
    ...event(seq),
    stock_id: 1,
    previous_price: 450,
    price: value,
    percentage: 1,
  });

  it('ignores events at or below the current seq', () => {
    expect(state().applyEvent('price:updated', price(10, 1))).toBe('stale');
    expect(state().applyEvent('price:updated', price(3, 2))).toBe('stale');
    expect(state().stocks[0]?.current_price).toBe(450);
    expect(state().seq).toBe(10);
  });

  it('reports a gap without applying the event', () => {
    expect(state().applyEvent('price:updated', price(12, 999))).toBe('gap');
    expect(state().stocks[0]?.current_price).toBe(450);
    expect(state().seq).toBe(10);
  });

  it('applies consecutive events in order', () => {
    expect(state().applyEvent('price:updated', price(11, 460))).toBe('applied');
    expect(state().applyEvent('price:updated', price(12, 470))).toBe('applied');
    expect(state().stocks[0]?.current_price).toBe(470);
  });

  it("ignores another game's events and events before any snapshot", () => {
    expect(state().applyEvent('price:updated', { ...price(11, 1), game_id: 8 })).toBe('ignored');
    resetAppStore();
    useAppStore.setState({ gameId: 9 });
    expect(state().applyEvent('price:updated', price(11, 1))).toBe('ignored');
  });
});

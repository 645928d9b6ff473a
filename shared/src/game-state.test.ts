import { describe, expect, it } from 'vitest';
import type { Portfolio } from './api.ts';
import { applyGameEvent, applyPortfolio, applyPresence, repricePortfolio } from './game-state.ts';
import type { GameSnapshot } from './protocol.ts';

const portfolio: Portfolio = {
  portfolio_data: [
    {
      stock_id: 1,
      name: 'A',
      image: '',
      total_quantity: 10,
      total_invested_price: 4500,
      current_price: 450,
      market_value: 4500,
      profit_loss: 0,
    },
    {
      stock_id: 2,
      name: 'B',
      image: '',
      total_quantity: 0,
      total_invested_price: 0,
      current_price: 280,
      market_value: 0,
      profit_loss: 0,
    },
  ],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 495500,
  orderbook_status: 1,
  ends_at: '2026-01-01T00:00:00.000Z',
};

function snapshot(seq = 5): GameSnapshot {
  return {
    seq,
    game: {
      id: 9,
      board_code: 'AB12',
      status: 2,
      settings: {
        starting_funds: 500000,
        payday_increment: 100000,
        trade_phase_duration: 60,
        orderbook_status: 1,
        ends_at: portfolio.ends_at,
        paydays_given: 0,
        paydays_total: 3,
      },
      first_player: null,
    },
    players: [
      {
        id: 1,
        player_id: 1,
        username: 'Bina',
        avatar_id: 7,
        image: '/avatars/7.svg',
        role: 1,
      },
    ],
    stocks: [
      { id: 1, stock_id: 1, name: 'A', image: '', current_price: 450 },
      { id: 2, stock_id: 2, name: 'B', image: '', current_price: 280 },
    ],
    mayhem: null,
    ranking: null,
    me: { player_id: 2, role: 2, portfolio, mayhem_responded: false },
  };
}

describe('applyGameEvent', () => {
  it('applies the next seq, ignores old or foreign events, and reports a gap', () => {
    const s = snapshot();
    const next = applyGameEvent(s, 'phase:ended', { seq: 6, game_id: 9 });
    expect(next.kind).toBe('applied');
    if (next.kind !== 'applied') return;
    expect(next.state.seq).toBe(6);
    expect(next.state.game.settings).toMatchObject({ orderbook_status: 0, ends_at: null });
    expect(next.state.me?.portfolio).toMatchObject({ orderbook_status: 0, ends_at: null });
    expect(applyGameEvent(s, 'phase:ended', { seq: 5, game_id: 9 }).kind).toBe('stale');
    expect(applyGameEvent(s, 'phase:ended', { seq: 6, game_id: 8 }).kind).toBe('stale');
    expect(applyGameEvent(s, 'phase:ended', { seq: 8, game_id: 9 }).kind).toBe('gap');
    expect(s.seq).toBe(5); // the input is not mutated
  });

  it('revalues the own portfolio when a price moves', () => {
    const r = applyGameEvent(snapshot(), 'price:updated', {
      seq: 6,
      game_id: 9,
      stock_id: 1,
      previous_price: 450,
      price: 495,
      percentage: 10,
      point: { stock_id: 1, price: 495, at: '2026-01-01T00:01:00.000Z', cause: 'update' },
    });
    if (r.kind !== 'applied') throw new Error(r.kind);
    expect(r.state.stocks[0]!.current_price).toBe(495);
    expect(r.state.me!.portfolio!.portfolio_data[0]).toMatchObject({
      current_price: 495,
      market_value: 4950,
      profit_loss: 450,
    });
    expect(r.state.me!.portfolio).toMatchObject({
      total_balance: 500450,
      total_profit_loss: '450.00',
    });
  });

  it('keeps players sorted and drops a removed one (and the own view when it is me)', () => {
    const joined = applyGameEvent(snapshot(), 'lobby:joined', {
      seq: 6,
      game_id: 9,
      player: {
        id: 2,
        player_id: 2,
        username: 'Asha',
        avatar_id: 1,
        image: '/avatars/1.svg',
        role: 2,
      },
    });
    if (joined.kind !== 'applied') throw new Error(joined.kind);
    expect(joined.state.players.map((p) => p.player_id)).toEqual([1, 2]);
    const removed = applyGameEvent(joined.state, 'player:removed', {
      seq: 7,
      game_id: 9,
      player_id: 2,
    });
    if (removed.kind !== 'applied') throw new Error(removed.kind);
    expect(removed.state.players.map((p) => p.player_id)).toEqual([1]);
    expect(removed.state.me).toBeNull();
  });

  it('closes the game with the ranking', () => {
    const ranking = [
      {
        player_id: 2,
        username: 'Asha',
        avatar_id: 1,
        image: '',
        role: 2 as const,
        balance: 500000,
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Mogul',
      },
    ];
    const r = applyGameEvent(snapshot(), 'game:ended', { seq: 6, game_id: 9, ranking });
    if (r.kind !== 'applied') throw new Error(r.kind);
    expect(r.state.game.status).toBe(3);
    expect(r.state.ranking).toEqual(ranking);
    expect(r.state.game.settings.orderbook_status).toBe(0);
  });
});

describe('price history and presence', () => {
  const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;

  it('accumulates the openings, each update and each mayhem move, oldest first', () => {
    const lobby = { ...snapshot(1), stocks: [], price_history: [] };
    lobby.game = { ...lobby.game, status: 1 };
    const started = applyGameEvent(lobby, 'game:started', {
      seq: 2,
      game_id: 9,
      settings: lobby.game.settings,
      stocks: snapshot().stocks,
      price_history: [
        { stock_id: 1, price: 450, at: at(0), cause: 'opening' },
        { stock_id: 2, price: 280, at: at(0), cause: 'opening' },
      ],
    });
    if (started.kind !== 'applied') throw new Error(started.kind);
    const moved = applyGameEvent(started.state, 'price:updated', {
      seq: 3,
      game_id: 9,
      stock_id: 2,
      previous_price: 280,
      price: 252,
      percentage: -10,
      point: { stock_id: 2, price: 252, at: at(1), cause: 'update' },
    });
    if (moved.kind !== 'applied') throw new Error(moved.kind);
    const averaged = applyGameEvent(moved.state, 'mayhem:averaged', {
      seq: 4,
      game_id: 9,
      mayhem_id: 1,
      changes: [{ stock_id: 1, previous_price: 450, price: 472.5, percentage: 5 }],
      points: [{ stock_id: 1, price: 472.5, at: at(2), cause: 'mayhem' }],
    });
    if (averaged.kind !== 'applied') throw new Error(averaged.kind);
    expect(averaged.state.price_history).toEqual([
      { stock_id: 1, price: 450, at: at(0), cause: 'opening' },
      { stock_id: 2, price: 280, at: at(0), cause: 'opening' },
      { stock_id: 2, price: 252, at: at(1), cause: 'update' },
      { stock_id: 1, price: 472.5, at: at(2), cause: 'mayhem' },
    ]);
    expect(started.state.price_history).toHaveLength(2); // earlier states are not mutated
  });

  it('replaces the online list with the newest one, for this game only', () => {
    const s = { ...snapshot(), online: [1] };
    expect(applyPresence(s, { game_id: 9, online: [1, 2] }).online).toEqual([1, 2]);
    expect(applyPresence(s, { game_id: 8, online: [] })).toBe(s);
  });
});

describe('applyPortfolio and repricePortfolio', () => {
  it('values an incoming portfolio at the prices the device shows', () => {
    const s = snapshot();
    s.stocks[0]!.current_price = 500;
    const next = applyPortfolio(s, 9, portfolio);
    expect(next.me!.portfolio!.portfolio_data[0]).toMatchObject({
      current_price: 500,
      market_value: 5000,
      profit_loss: 500,
    });
    expect(applyPortfolio(s, 10, portfolio)).toBe(s);
  });

  it('keeps the contributed amount: profit is net worth minus what was paid in', () => {
    const up = repricePortfolio(portfolio, [{ stock_id: 1, price: 440.55 }]);
    expect(up.total_balance).toBe(495500 + 4405.5);
    expect(up.total_profit_loss).toBe('-94.50');
    expect(repricePortfolio(portfolio, [])).toBe(portfolio);
  });
});

describe('undo and rematch events', () => {
  it('action:undone brings the prices back, repricing my portfolio, and sets the payday count', () => {
    const moved = applyGameEvent(snapshot(), 'price:updated', {
      seq: 6,
      game_id: 9,
      stock_id: 1,
      previous_price: 450,
      price: 495,
      percentage: 10,
    });
    if (moved.kind !== 'applied') throw new Error(moved.kind);
    const undone = applyGameEvent(moved.state, 'action:undone', {
      seq: 7,
      game_id: 9,
      kind: 'price',
      label: 'Undone: price update of A (back to ₹450.00)',
      changes: [{ stock_id: 1, previous_price: 495, price: 450, percentage: -9.09 }],
      points: [{ stock_id: 1, price: 450, at: '2026-01-01T00:01:00.000Z', cause: 'undo' }],
      paydays_given: 0,
    });
    if (undone.kind !== 'applied') throw new Error(undone.kind);
    expect(undone.state.stocks.find((s) => s.stock_id === 1)?.current_price).toBe(450);
    expect(undone.state.me?.portfolio?.portfolio_data[0]?.market_value).toBe(4500);
    expect(undone.state.price_history?.at(-1)?.cause).toBe('undo');
    expect(undone.state.game.settings.paydays_given).toBe(0);
  });

  it('game:rematch records the rematch lobby of the finished game', () => {
    const told = applyGameEvent(snapshot(), 'game:rematch', {
      seq: 6,
      game_id: 9,
      rematch_game_id: 12,
      board_code: 'AB12',
    });
    expect(told.kind === 'applied' && told.state.game.rematch_game_id).toBe(12);
  });
});

import type { GameSettings, Portfolio, RankingEntry, StockEntry } from '@showdown/shared/api';
import type { GameSnapshot, PublicMayhem } from '@showdown/shared/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSignedInUser, resetAppStore, useAppStore } from './app-store';
import { averagedInto, endedInto, phaseInto, priceInto, stocksInto } from './game-answers';
import {
  selectBrokerExists,
  selectEndsAt,
  selectGameId,
  selectIsMmExist,
  selectMayhem,
  selectMayhemResponded,
  selectOrderbook,
  selectPlayerId,
  selectPortfolio,
  selectRanking,
  selectRole,
  selectSettings,
  selectStatus,
  selectStocks,
} from './game-selectors';
import { publicPlayer } from '../../test/fixtures/players';
import { ASHA } from '../../test/fixtures/users';
import {
  joinedBoard,
  applyAnswer,
  loadSnapshot,
  applyEvent,
  applyPortfolioEvent,
} from './game-updates';

const player = publicPlayer;

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

/** A one-player final ranking: Asha first with `balance`. */
const finalRanking = (balance: number): RankingEntry[] => [
  {
    player_id: 2,
    username: 'Asha',
    avatar_id: 2,
    image: '/avatars/2.svg',
    role: 2,
    balance,
    rank: 1,
    rank_label: '1st',
    rank_name: 'Market Maestro',
  },
];

/** `holdingTen` after Tandoor Motors moved from ₹450 to ₹495. */
function expectHoldingTenAt495() {
  expect(selectPortfolio(state())?.portfolio_data[0]).toMatchObject({
    current_price: 495,
    market_value: 4950,
    profit_loss: 450,
  });
  expect(selectPortfolio(state())).toMatchObject({
    total_balance: 500450,
    total_profit_loss: '450.00',
  });
}
const event = (seq: number) => ({ seq, game_id: 9 });

beforeEach(() => {
  resetAppStore();
  useAppStore.setState({
    user: { ...ASHA, id: 20 },
  });
  loadSnapshot(snapshot());
});

describe('snapshot', () => {
  it('is held as the shared GameSnapshot itself', () => {
    expect(state().game).toEqual(snapshot());
    const s = state();
    expect(selectGameId(s)).toBe(9);
    expect(selectRole(s)).toBe(2);
    expect(selectPlayerId(s)).toBe(2);
    expect(selectBrokerExists(s)).toBe(true);
    expect(selectPortfolio(s)).toEqual(portfolio);
    expect(selectStocks(s)).toEqual(stocks);
  });

  it("persists only the user, the game, the orders waiting for a connection and the device's sound, vibration and keep-awake choices under root", () => {
    const stored = JSON.parse(localStorage.getItem('root') ?? '{}') as { state: object };
    expect(Object.keys(stored.state).sort()).toEqual([
      'game',
      'keepAwake',
      'queuedOrders',
      'soundOn',
      'tvSoundOn',
      'user',
      'vibrationOn',
    ]);
  });

  it("signing out keeps the device's choices and forgets the rest", () => {
    state().setSoundOn(true);
    state().setVibrationOn(false);
    state().setTvSoundOn(false);
    state().setKeepAwake(false);
    forgetSignedInUser();
    const s = state();
    expect([s.soundOn, s.vibrationOn, s.tvSoundOn, s.keepAwake]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(s.game).toBeNull();
    expect(s.user).toBeNull();
  });

  it("a new game's snapshot clears the old game's client-only data", () => {
    state().setTransactions(
      [
        {
          id: 'x',
          type: 'PAYDAY',
          price: '100000',
          image: null,
          stock_id: null,
          name: null,
          trade_type: null,
          quantity: null,
          created_at: '2026-01-01T00:00:00.000Z',
        },
      ],
      false,
      false,
    );
    loadSnapshot(snapshot({ game: { ...snapshot().game, id: 10 } }));
    expect(state().transactions).toEqual([]);
  });

  it('an older snapshot of the same game (a join answered after a resync) is dropped', () => {
    const held = snapshot();
    expect(loadSnapshot({ ...held, seq: held.seq - 1, stocks: [] })).toBe(false);
    expect(state().game).toEqual(held);
    expect(loadSnapshot({ ...held, seq: held.seq + 2, stocks: [] })).toBe(true);
    expect(state().game?.stocks).toEqual([]);
  });
});

describe('socket events', () => {
  it('lobby:joined adds a player', () => {
    expect(applyEvent('lobby:joined', { ...event(11), player: player(3, 2, 'Ravi') })).toBe(
      'applied',
    );
    expect(state().game?.players.map((p) => p.username)).toEqual(['Broker', 'Asha', 'Ravi']);
    expect(state().game?.seq).toBe(11);
  });

  it("player:updated replaces a player and updates my own role when it's me", () => {
    applyEvent('player:updated', {
      ...event(11),
      player: { ...player(2, 3, 'Asha'), avatar_id: 5 },
    });
    expect(state().game?.players.find((p) => p.player_id === 2)).toMatchObject({
      role: 3,
      avatar_id: 5,
    });
    expect(state().game?.me?.role).toBe(3);
  });

  it('player:removed removes another player', () => {
    applyEvent('lobby:joined', { ...event(11), player: player(3, 2) });
    expect(applyEvent('player:removed', { ...event(12), player_id: 3 })).toBe('applied');
    expect(state().game?.players.map((p) => p.player_id)).toEqual([1, 2]);
  });

  it('player:removed for me clears the game', () => {
    expect(applyEvent('player:removed', { ...event(11), player_id: 2 })).toBe('removed-self');
    expect(state().game).toBeNull();
    expect(state().user?.id).toBe(20);
  });

  it('settings:changed replaces the settings', () => {
    const next = { ...settings, starting_funds: 1000000 };
    applyEvent('settings:changed', { ...event(11), settings: next });
    expect(state().game?.game.settings).toEqual(next);
  });

  it('game:started sets status running, settings and stocks', () => {
    resetAppStore();
    loadSnapshot(snapshot({ game: { ...snapshot().game, status: 1 }, stocks: [] }));
    applyEvent('game:started', { ...event(11), settings, stocks });
    expect(state().game).toMatchObject({ game: { status: 2, settings }, stocks });
  });

  it('firstPlayer:picked stores the first player', () => {
    applyEvent('firstPlayer:picked', { ...event(11), player_id: 2, username: 'Asha' });
    expect(state().game?.game.first_player).toEqual({ player_id: 2, username: 'Asha' });
  });

  it('price:updated changes one stock price', () => {
    applyEvent('price:updated', {
      ...event(11),
      stock_id: 2,
      previous_price: 280,
      price: 294,
      percentage: 5,
    });
    expect(selectStocks(state()).map((s) => s.current_price)).toEqual([450, 294]);
  });

  it('phase:started and phase:ended switch the order book with the server ends_at', () => {
    const endsAt = '2026-01-01T10:02:00.000Z';
    applyEvent('phase:started', { ...event(11), ends_at: endsAt, duration: 120 });
    expect(selectOrderbook(state())).toBe(1);
    expect(selectEndsAt(state())).toBe(endsAt);
    expect(selectPortfolio(state())).toMatchObject({ orderbook_status: 1 });
    applyEvent('phase:ended', event(12));
    expect(selectOrderbook(state())).toBe(0);
    expect(selectEndsAt(state())).toBeNull();
    expect(selectPortfolio(state())).toMatchObject({ orderbook_status: 0 });
  });

  it('payday:given counts the paydays', () => {
    applyEvent('payday:given', { ...event(11), amount: 100000, paydays_given: 1 });
    expect(selectSettings(state())?.paydays_given).toBe(1);
  });

  it('mayhem:created, responded and averaged follow the list', () => {
    applyEvent('mayhem:created', { ...event(11), mayhem });
    expect(selectMayhem(state())).toEqual(mayhem);
    expect(selectIsMmExist(state())).toBe(1);
    expect(selectMayhemResponded(state())).toBe(false);
    applyEvent('mayhem:responded', { ...event(12), mayhem_id: 3, responses_count: 1 });
    expect(selectMayhem(state())?.responses_count).toBe(1);
    applyEvent('mayhem:averaged', {
      ...event(13),
      mayhem_id: 3,
      changes: [{ stock_id: 1, previous_price: 450, price: 472.5, percentage: 5 }],
    });
    expect(selectMayhem(state())).toBeNull(); // averaged: the list is closed and gone
    expect(selectIsMmExist(state())).toBe(0);
    expect(selectStocks(state())[0]?.current_price).toBe(472.5);
  });

  it('game:ended sets status completed and the ranking', () => {
    const ranking = finalRanking(612000);
    applyEvent('game:ended', { ...event(11), ranking });
    expect(selectStatus(state())).toBe(3);
    expect(selectRanking(state())).toEqual(ranking);
  });

  it('portfolio:updated (no seq) replaces my portfolio without touching seq', () => {
    const next = { ...portfolio, current_balance: 400000, total_balance: 400000 };
    applyPortfolioEvent(9, next);
    expect(selectPortfolio(state())).toEqual(next);
    expect(state().game?.seq).toBe(10);
  });

  it('price:updated revalues my holdings at the new price', () => {
    applyPortfolioEvent(9, holdingTen);
    applyEvent('price:updated', {
      ...event(11),
      stock_id: 1,
      previous_price: 450,
      price: 495,
      percentage: 10,
    });
    expectHoldingTenAt495();
  });

  it('portfolio:updated read before a price move is valued at the prices shown', () => {
    applyEvent('price:updated', {
      ...event(11),
      stock_id: 1,
      previous_price: 450,
      price: 500,
      percentage: 11,
    });
    // read at ₹450, before the move to ₹500
    applyPortfolioEvent(9, holdingTen);
    expect(selectPortfolio(state())?.portfolio_data[0]).toMatchObject({
      current_price: 500,
      market_value: 5000,
    });
    expect(selectPortfolio(state())?.total_balance).toBe(500500);
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
    expect(applyEvent('price:updated', price(10, 1))).toBe('stale');
    expect(applyEvent('price:updated', price(3, 2))).toBe('stale');
    expect(selectStocks(state())[0]?.current_price).toBe(450);
    expect(state().game?.seq).toBe(10);
  });

  it('reports a gap without applying the event', () => {
    expect(applyEvent('price:updated', price(12, 999))).toBe('gap');
    expect(selectStocks(state())[0]?.current_price).toBe(450);
    expect(state().game?.seq).toBe(10);
  });

  it('applies consecutive events in order', () => {
    expect(applyEvent('price:updated', price(11, 460))).toBe('applied');
    expect(applyEvent('price:updated', price(12, 470))).toBe('applied');
    expect(selectStocks(state())[0]?.current_price).toBe(470);
  });

  it("ignores another game's events and events before any snapshot", () => {
    expect(applyEvent('price:updated', { ...price(11, 1), game_id: 8 })).toBe('ignored');
    resetAppStore();
    expect(applyEvent('price:updated', price(11, 1))).toBe('ignored');
  });
});

describe('the last finished game', () => {
  it('stays readable until the player joins another game', () => {
    const ranking = [
      {
        player_id: 2,
        user_id: 20,
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
    applyEvent('game:ended', { ...event(11), ranking });
    // Re-joining the same board's finished game keeps it.
    joinedBoard({
      game_id: 9,
      board_code: 'AB12',
      broker_exists: true,
      role: 2,
      player_id: 2,
      game_status: 3,
    });
    expect(selectRanking(state())).toEqual(ranking);
    joinedBoard({
      game_id: 12,
      board_code: 'AB12',
      broker_exists: false,
      role: null,
      player_id: null,
      game_status: 1,
    });
    expect(selectRanking(state())).toBeNull();
    expect(selectGameId(state())).toBe(12);
  });
});

describe('REST answers', () => {
  const move = (seq: number, value: number) => ({
    ...event(seq),
    stock_id: 1,
    previous_price: 450,
    price: value,
    percentage: 10,
  });

  it('a stale answer arriving after a newer event is dropped', () => {
    // The broker's price update is sent at seq 10 ...
    const sentAt = state().seqFor(9);
    expect(sentAt).toBe(10);
    // ... a newer event (another move of the same stock) arrives while it is in flight ...
    applyEvent('price:updated', move(11, 520));
    // ... then the answer, describing the older price, lands.
    expect(
      applyAnswer(
        9,
        sentAt,
        priceInto({ stock_id: 1, previousPrice: 450, updatedPrice: 495, percentage: 10 }),
      ),
    ).toBe(false);
    expect(selectStocks(state())[0]?.current_price).toBe(520);
    expect(state().game?.seq).toBe(11);
  });

  it('an answer applies when no event arrived while it was in flight', () => {
    const sentAt = state().seqFor(9);
    expect(
      applyAnswer(
        9,
        sentAt,
        priceInto({ stock_id: 1, previousPrice: 450, updatedPrice: 495, percentage: 10 }),
      ),
    ).toBe(true);
    expect(selectStocks(state())[0]?.current_price).toBe(495);
    // The answer does not claim a seq: the event of the same change still applies in order.
    expect(applyEvent('price:updated', move(11, 495))).toBe('applied');
  });

  it("the broker's price answer revalues my holdings as the price event does", () => {
    applyPortfolioEvent(9, holdingTen);
    expect(
      applyAnswer(
        9,
        state().seqFor(9),
        priceInto({ stock_id: 1, previousPrice: 450, updatedPrice: 495, percentage: 10 }),
      ),
    ).toBe(true);
    expectHoldingTenAt495();
  });

  it('the average answer closes the list and moves its prices, as mayhem:averaged does', () => {
    applyEvent('mayhem:created', { ...event(11), mayhem });
    applyPortfolioEvent(9, holdingTen);
    const answer = {
      mayhem_id: 3,
      changes: [{ stock_id: 1, previous_price: 450, price: 495, percentage: 10 }],
    };
    expect(applyAnswer(9, state().seqFor(9), averagedInto(answer))).toBe(true);
    expect(selectMayhem(state())).toBeNull();
    expect(selectStocks(state())[0]?.current_price).toBe(495);
    expect(selectPortfolio(state())?.total_balance).toBe(500450);
  });

  it('the end answer and the phase answers read as game:ended and phase:started/ended', () => {
    const at = '2026-11-25T12:00:00.000Z';
    applyAnswer(9, state().seqFor(9), phaseInto(1, at));
    expect(selectOrderbook(state())).toBe(1);
    expect(selectPortfolio(state())).toMatchObject({ orderbook_status: 1, ends_at: at });
    applyAnswer(9, state().seqFor(9), phaseInto(0, null));
    expect(selectEndsAt(state())).toBeNull();
    const ranking = finalRanking(500000);
    applyAnswer(9, state().seqFor(9), endedInto(ranking));
    expect(selectStatus(state())).toBe(3);
    expect(selectRanking(state())).toEqual(ranking);
  });

  it('a read answer sent before the first snapshot never overwrites it', () => {
    resetAppStore();
    const sentAt = state().seqFor(9);
    expect(sentAt).toBeNull();
    loadSnapshot(snapshot());
    const old = { ...stocks[0]!, current_price: 1 };
    const read = {
      stocks_data: [old],
      is_mm_exist: 0 as const,
      game_status: 2 as const,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    expect(applyAnswer(9, sentAt, stocksInto(read))).toBe(false);
    expect(selectStocks(state())).toEqual(stocks);
  });

  it('before any snapshot an answer fills a provisional game (seq 0) that a snapshot replaces', () => {
    resetAppStore();
    const read = {
      stocks_data: stocks,
      is_mm_exist: 0 as const,
      game_status: 2 as const,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    expect(applyAnswer(9, state().seqFor(9), stocksInto(read))).toBe(true);
    expect(state().game?.seq).toBe(0);
    expect(selectStocks(state())).toEqual(stocks);
    loadSnapshot(snapshot({ seq: 4 }));
    expect(state().game).toEqual(snapshot({ seq: 4 }));
  });
});

describe('stable references', () => {
  it('an event keeps the references of everything it did not change', () => {
    const before = state();
    applyEvent('price:updated', {
      ...event(11),
      stock_id: 2,
      previous_price: 280,
      price: 294,
      percentage: 5,
    });
    const after = state();
    expect(selectSettings(after)).toBe(selectSettings(before));
    expect(after.game?.players).toBe(before.game?.players);
    expect(selectStocks(after)[0]).toBe(selectStocks(before)[0]);
    expect(selectStocks(after)).not.toBe(selectStocks(before));
  });
});

describe('price cues from a snapshot', () => {
  beforeEach(() => resetAppStore());

  it('a price that a resync shows moved by market mayhem is cued as mayhem, an update as an update', () => {
    loadSnapshot(snapshot());
    const moved = stocks.map((s) => ({
      ...s,
      current_price: s.stock_id === 1 ? 504 : 266,
    }));
    loadSnapshot(
      snapshot({
        seq: 14,
        stocks: moved,
        price_history: [
          { stock_id: 1, price: 450, at: '2026-01-01T00:00:00Z', cause: 'opening' },
          { stock_id: 2, price: 280, at: '2026-01-01T00:00:00Z', cause: 'opening' },
          { stock_id: 2, price: 266, at: '2026-01-01T00:01:00Z', cause: 'update' },
          { stock_id: 1, price: 504, at: '2026-01-01T00:02:00Z', cause: 'mayhem' },
        ],
      }),
    );
    expect(state().priceMoves[1]).toMatchObject({ previous: 450, price: 504, cause: 'mayhem' });
    expect(state().priceMoves[2]).toMatchObject({ previous: 280, price: 266, cause: 'update' });
  });

  it('a stocks read that showed the mayhem price first is named mayhem by the resync that follows', () => {
    // A screen's load sends a REST read and a resync together; the read answers with the
    // averaged price (no cause), then the snapshot arrives before the mayhem:averaged event.
    loadSnapshot(snapshot());
    const moved = stocks.map((s) => (s.stock_id === 1 ? { ...s, current_price: 504 } : s));
    const read = {
      stocks_data: moved,
      is_mm_exist: 0 as const,
      game_status: 2 as const,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    expect(applyAnswer(9, state().seqFor(9), stocksInto(read))).toBe(true);
    loadSnapshot(
      snapshot({
        seq: 11,
        stocks: moved,
        price_history: [
          { stock_id: 1, price: 450, at: '2026-01-01T00:00:00Z', cause: 'opening' },
          { stock_id: 1, price: 504, at: '2026-01-01T00:02:00Z', cause: 'mayhem' },
        ],
      }),
    );
    expect(state().priceMoves[1]).toMatchObject({ previous: 450, price: 504, cause: 'mayhem' });
  });
});

describe('price cues from events', () => {
  beforeEach(() => {
    resetAppStore();
    loadSnapshot(snapshot());
  });

  it('a stocks read that lands before mayhem:averaged still lets the event cue the move as mayhem', () => {
    // The read was sent at seq 10 and answered after the average committed, before its event.
    const read = {
      stocks_data: stocks.map((s) => (s.stock_id === 1 ? { ...s, current_price: 504 } : s)),
      is_mm_exist: 0 as const,
      game_status: 2 as const,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    expect(applyAnswer(9, state().seqFor(9), stocksInto(read))).toBe(true);
    applyEvent('mayhem:averaged', {
      ...event(11),
      mayhem_id: 3,
      changes: [{ stock_id: 1, previous_price: 450, price: 504, percentage: 12 }],
    });
    expect(state().priceMoves[1]).toMatchObject({
      previous: 450,
      price: 504,
      cause: 'mayhem',
      seq: 11,
    });
  });

  it('price:updated cues its own change even when the price already shows it', () => {
    const read = {
      stocks_data: stocks.map((s) => (s.stock_id === 2 ? { ...s, current_price: 266 } : s)),
      is_mm_exist: 0 as const,
      game_status: 2 as const,
      orderbook_status: 0 as const,
      ends_at: null,
    };
    applyAnswer(9, state().seqFor(9), stocksInto(read));
    applyEvent('price:updated', {
      ...event(11),
      stock_id: 2,
      previous_price: 280,
      price: 266,
      percentage: -5,
    });
    expect(state().priceMoves[2]).toMatchObject({ previous: 280, price: 266, seq: 11 });
  });
});

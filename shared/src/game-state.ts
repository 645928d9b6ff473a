/**
 * How a device keeps its copy of a game current: a snapshot (from `game:join` / `game:resync`)
 * plus the public events that follow it, in `seq` order. Pure; the web store and the tests use
 * the same function, so "every device sees the same game" is one rule, not several.
 */
import type { Portfolio, PortfolioRow } from './api.ts';
import { GAME_STATUS, ORDERBOOK } from './constants.ts';
import { paiseToAmountText, paiseToRupees, rupeesToPaise } from './money.ts';
import type {
  GameEventName,
  GameEventPayload,
  GameSnapshot,
  PresencePayload,
  PriceChange,
  PricePoint,
} from './protocol.ts';
import type { SpectatorEventPayload, SpectatorSnapshot } from './spectator.ts';

/** A device's copy of a game: a player's snapshot, or the spectator's cut-down one. */
export type GameState = GameSnapshot | SpectatorSnapshot;

/** What a device applies: the full event, or the spectator's cut-down copy of it. */
export type LiveEventPayload<E extends GameEventName> =
  GameEventPayload<E> | SpectatorEventPayload<E>;

export type ApplyResult<S extends GameState = GameSnapshot> =
  | { kind: 'applied'; state: S }
  /** Already covered by the state (an event older than the snapshot): ignore it. */
  | { kind: 'stale' }
  /** Events were missed: ask the server for a snapshot. */
  | { kind: 'gap' };

/** Revalues a portfolio at new prices: market values, profit and loss, net worth. */
export function repricePortfolio(
  portfolio: Portfolio,
  changes: ReadonlyArray<Pick<PriceChange, 'stock_id' | 'price'>>,
): Portfolio {
  if (changes.length === 0) return portfolio;
  const newPrice = new Map(changes.map((c) => [c.stock_id, rupeesToPaise(c.price)]));
  const cash = rupeesToPaise(portfolio.current_balance);
  const contributed =
    rupeesToPaise(portfolio.total_balance) - rupeesToPaise(Number(portfolio.total_profit_loss));
  let marketValue = 0;
  const rows: PortfolioRow[] = portfolio.portfolio_data.map((row) => {
    const price = newPrice.get(row.stock_id) ?? rupeesToPaise(row.current_price);
    const value = price * row.total_quantity;
    marketValue += value;
    if (!newPrice.has(row.stock_id)) return row;
    return {
      ...row,
      current_price: paiseToRupees(price),
      market_value: paiseToRupees(value),
      profit_loss: paiseToRupees(value - rupeesToPaise(row.total_invested_price)),
    };
  });
  const netWorth = cash + marketValue;
  return {
    ...portfolio,
    portfolio_data: rows,
    total_balance: paiseToRupees(netWorth),
    total_profit_loss: paiseToAmountText(netWorth - contributed),
  };
}

function withPhase(
  state: GameSnapshot,
  status: 0 | 1,
  endsAt: string | null,
  pausedRemainingS: number | null = null,
): GameSnapshot {
  // A settings object carries `paused_remaining_s` only while the phase is paused, as the server's.
  const { paused_remaining_s: _wasPaused, ...rest } = state.game.settings;
  const settings = {
    ...rest,
    orderbook_status: status,
    ends_at: endsAt,
    ...(pausedRemainingS !== null ? { paused_remaining_s: pausedRemainingS } : {}),
  };
  const me = state.me?.portfolio
    ? {
        ...state.me,
        portfolio: { ...state.me.portfolio, orderbook_status: status, ends_at: endsAt },
      }
    : state.me;
  return { ...state, game: { ...state.game, settings }, me };
}

function withPrices(state: GameSnapshot, changes: readonly PriceChange[]): GameSnapshot {
  const byId = new Map(changes.map((c) => [c.stock_id, c.price]));
  const stocks = state.stocks.map((s) =>
    byId.has(s.stock_id) ? { ...s, current_price: byId.get(s.stock_id)! } : s,
  );
  const me = state.me?.portfolio
    ? { ...state.me, portfolio: repricePortfolio(state.me.portfolio, changes) }
    : state.me;
  return { ...state, stocks, me };
}

function withHistory(state: GameSnapshot, points: readonly PricePoint[] | undefined): GameSnapshot {
  if (!points || points.length === 0) return state;
  return { ...state, price_history: [...(state.price_history ?? []), ...points] };
}

function withPlayer(state: GameSnapshot, player: GameSnapshot['players'][number]): GameSnapshot {
  const players = [...state.players.filter((p) => p.player_id !== player.player_id), player].sort(
    (a, b) => a.player_id - b.player_id,
  );
  const me =
    state.me && state.me.player_id === player.player_id
      ? { ...state.me, role: player.role }
      : state.me;
  return { ...state, players, me };
}

/**
 * What an event changes, without its envelope (`seq`, `game_id`). A REST answer describes the
 * same change as the event that follows it, and reads into a device's copy by the same rule.
 */
export type GameChange<E extends GameEventName> = Omit<GameEventPayload<E>, 'seq' | 'game_id'>;

/** One reducer per public event, typed by the event map: each handler gets its own change. */
type GameReducers = {
  [E in GameEventName]: (state: GameSnapshot, change: GameChange<E>) => GameSnapshot;
};

const reducers: GameReducers = {
  'lobby:joined': (state, { player }) => withPlayer(state, player),
  'player:updated': (state, { player }) => withPlayer(state, player),
  'player:removed': (state, { player_id }) => ({
    ...state,
    players: state.players.filter((p) => p.player_id !== player_id),
    me: state.me?.player_id === player_id ? null : state.me,
  }),
  'settings:changed': (state, { settings }) => ({ ...state, game: { ...state.game, settings } }),
  'game:started': (state, { settings, stocks, price_history }) =>
    withHistory(
      { ...state, game: { ...state.game, status: GAME_STATUS.RUNNING, settings }, stocks },
      price_history,
    ),
  'firstPlayer:picked': (state, { player_id, username }) => ({
    ...state,
    game: { ...state.game, first_player: { player_id, username } },
  }),
  'price:updated': (state, { stock_id, previous_price, price, percentage, point }) =>
    withHistory(
      withPrices(state, [{ stock_id, previous_price, price, percentage }]),
      point ? [point] : [],
    ),
  'phase:started': (state, { ends_at }) => withPhase(state, ORDERBOOK.ON, ends_at),
  'phase:ended': (state) => withPhase(state, ORDERBOOK.OFF, null),
  'payday:given': (state, { paydays_given }) => ({
    ...state,
    game: { ...state.game, settings: { ...state.game.settings, paydays_given } },
  }),
  'mayhem:created': (state, { mayhem }) => ({
    ...state,
    mayhem,
    me: state.me ? { ...state.me, mayhem_responded: false } : state.me,
  }),
  'mayhem:responded': (state, { mayhem_id, responses_count }) =>
    state.mayhem?.id === mayhem_id
      ? { ...state, mayhem: { ...state.mayhem, responses_count } }
      : state,
  'mayhem:averaged': (state, { changes, points }) => {
    const repriced = withHistory(withPrices(state, changes), points);
    const me = repriced.me ? { ...repriced.me, mayhem_responded: false } : repriced.me;
    return { ...repriced, mayhem: null, me };
  },
  'broker:changed': (state, { broker, former_broker }) => {
    const roles = new Map([
      [former_broker.player_id, former_broker.role],
      [broker.player_id, broker.role],
    ]);
    const players = state.players.map((p) =>
      roles.has(p.player_id) ? { ...p, role: roles.get(p.player_id)! } : p,
    );
    const myRole = state.me && roles.get(state.me.player_id);
    const me = state.me && myRole ? { ...state.me, role: myRole } : state.me;
    return { ...state, players, me };
  },
  'phase:paused': (state, { remaining_s }) => withPhase(state, ORDERBOOK.ON, null, remaining_s),
  'phase:resumed': (state, { ends_at }) => withPhase(state, ORDERBOOK.ON, ends_at),
  'action:undone': (state, { changes, points, paydays_given }) => {
    const restored = withHistory(withPrices(state, changes), points);
    const settings = { ...restored.game.settings, paydays_given };
    return { ...restored, game: { ...restored.game, settings } };
  },
  // A screen's own business (the TV's recap): the game's copy only takes the seq.
  'recap:skipped': (state) => state,
  'game:rematch': (state, { rematch_game_id }) => ({
    ...state,
    game: { ...state.game, rematch_game_id },
  }),
  'game:ended': (state, { ranking }) => {
    const ended = withPhase(state, ORDERBOOK.OFF, null);
    return {
      ...ended,
      game: { ...ended.game, status: GAME_STATUS.COMPLETED },
      mayhem: null,
      ranking,
    };
  },
};

/**
 * Applies the change of event `name` to a snapshot, by that event's rule, without the seq checks
 * (the seq stays): how a REST answer reaches the device's copy of the game.
 */
export function applyGameChange<E extends GameEventName>(
  state: GameSnapshot,
  name: E,
  change: GameChange<E>,
): GameSnapshot {
  const reducer: GameReducers[E] = reducers[name];
  return reducer(state, change);
}

/**
 * Applies one public event to a snapshot, or says it is stale or that events were missed. A
 * spectator's state and its cut-down events go through the same rules.
 */
export function applyGameEvent<E extends GameEventName, S extends GameState = GameSnapshot>(
  state: S,
  name: E,
  payload: LiveEventPayload<E>,
): ApplyResult<S> {
  // An event without a seq (presence) is not a game change: never a gap.
  if (typeof payload.seq !== 'number') return { kind: 'stale' };
  if (payload.game_id !== state.game.id || payload.seq <= state.seq) return { kind: 'stale' };
  if (payload.seq !== state.seq + 1) return { kind: 'gap' };
  // The reducer reads only fields both kinds of state and payload carry.
  const next = applyGameChange(state as GameSnapshot, name, payload as GameEventPayload<E>);
  return { kind: 'applied', state: { ...next, seq: payload.seq } as S };
}

/** The latest list of who is online (not a game change: no `seq`, the newest list wins). */
export function applyPresence<S extends GameState>(state: S, presence: PresencePayload): S {
  if (presence.game_id !== state.game.id) return state;
  return { ...state, online: [...presence.online] };
}

/**
 * The owner's private portfolio update, valued at the prices this device already shows (a
 * portfolio read just before a price change may arrive just after it).
 */
export function applyPortfolio(
  state: GameSnapshot,
  gameId: number,
  portfolio: Portfolio,
): GameSnapshot {
  if (gameId !== state.game.id || !state.me) return state;
  const prices = state.stocks.map((s) => ({ stock_id: s.stock_id, price: s.current_price }));
  return { ...state, me: { ...state.me, portfolio: repricePortfolio(portfolio, prices) } };
}

/**
 * How a device keeps its copy of a game current: a snapshot (from `game:join` / `game:resync`)
 * plus the public events that follow it, in `seq` order. Pure; the web store and the tests use
 * the same function, so "every device sees the same game" is one rule, not several.
 */
import type { Portfolio, PortfolioRow } from './api.ts';
import { GAME_STATUS, ORDERBOOK } from './constants.ts';
import { paiseToAmountText, paiseToRupees, rupeesToPaise } from './money.ts';
import type { GameEventName, GameEventPayload, GameSnapshot, PriceChange } from './protocol.ts';

export type ApplyResult =
  | { kind: 'applied'; state: GameSnapshot }
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

function withPhase(state: GameSnapshot, status: 0 | 1, endsAt: string | null): GameSnapshot {
  const settings = { ...state.game.settings, orderbook_status: status, ends_at: endsAt };
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

function reduce<E extends GameEventName>(
  state: GameSnapshot,
  name: E,
  payload: GameEventPayload<E>,
): GameSnapshot {
  const e = payload as GameEventPayload<GameEventName> & Record<string, unknown>;
  switch (name) {
    case 'lobby:joined':
    case 'player:updated': {
      const player = (e as GameEventPayload<'lobby:joined'>).player;
      const players = [
        ...state.players.filter((p) => p.player_id !== player.player_id),
        player,
      ].sort((a, b) => a.player_id - b.player_id);
      const me =
        state.me && state.me.player_id === player.player_id
          ? { ...state.me, role: player.role }
          : state.me;
      return { ...state, players, me };
    }
    case 'player:removed': {
      const { player_id } = e as GameEventPayload<'player:removed'>;
      const me = state.me?.player_id === player_id ? null : state.me;
      return { ...state, players: state.players.filter((p) => p.player_id !== player_id), me };
    }
    case 'settings:changed':
      return {
        ...state,
        game: { ...state.game, settings: (e as GameEventPayload<'settings:changed'>).settings },
      };
    case 'game:started': {
      const { settings, stocks } = e as GameEventPayload<'game:started'>;
      return { ...state, game: { ...state.game, status: GAME_STATUS.RUNNING, settings }, stocks };
    }
    case 'firstPlayer:picked': {
      const { player_id, username } = e as GameEventPayload<'firstPlayer:picked'>;
      return { ...state, game: { ...state.game, first_player: { player_id, username } } };
    }
    case 'price:updated': {
      const { stock_id, previous_price, price, percentage } =
        e as GameEventPayload<'price:updated'>;
      return withPrices(state, [{ stock_id, previous_price, price, percentage }]);
    }
    case 'phase:started':
      return withPhase(state, ORDERBOOK.ON, (e as GameEventPayload<'phase:started'>).ends_at);
    case 'phase:ended':
      return withPhase(state, ORDERBOOK.OFF, null);
    case 'payday:given': {
      const { paydays_given } = e as GameEventPayload<'payday:given'>;
      return {
        ...state,
        game: { ...state.game, settings: { ...state.game.settings, paydays_given } },
      };
    }
    case 'mayhem:created': {
      const me = state.me ? { ...state.me, mayhem_responded: false } : state.me;
      return { ...state, mayhem: (e as GameEventPayload<'mayhem:created'>).mayhem, me };
    }
    case 'mayhem:responded': {
      const { mayhem_id, responses_count } = e as GameEventPayload<'mayhem:responded'>;
      if (!state.mayhem || state.mayhem.id !== mayhem_id) return state;
      return { ...state, mayhem: { ...state.mayhem, responses_count } };
    }
    case 'mayhem:averaged': {
      const repriced = withPrices(state, (e as GameEventPayload<'mayhem:averaged'>).changes);
      const me = repriced.me ? { ...repriced.me, mayhem_responded: false } : repriced.me;
      return { ...repriced, mayhem: null, me };
    }
    case 'game:ended': {
      const ended = withPhase(state, ORDERBOOK.OFF, null);
      return {
        ...ended,
        game: { ...ended.game, status: GAME_STATUS.COMPLETED },
        mayhem: null,
        ranking: (e as GameEventPayload<'game:ended'>).ranking,
      };
    }
    default:
      return state;
  }
}

/** Applies one public event to a snapshot, or says it is stale or that events were missed. */
export function applyGameEvent<E extends GameEventName>(
  state: GameSnapshot,
  name: E,
  payload: GameEventPayload<E>,
): ApplyResult {
  if (payload.game_id !== state.game.id || payload.seq <= state.seq) return { kind: 'stale' };
  if (payload.seq !== state.seq + 1) return { kind: 'gap' };
  return { kind: 'applied', state: { ...reduce(state, name, payload), seq: payload.seq } };
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

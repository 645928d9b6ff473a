/**
 * The one place where server state reaches the store: a full snapshot (join / resync) or one
 * Socket.IO event of `ServerToClientEvents`. Pure functions over an (immer draft of the) state.
 *
 * Sequencing (DESIGN §5): every public event carries the game's `seq`. An event with
 * seq ≤ current is stale and ignored; seq = current + 1 is applied; anything further ahead is a
 * gap, not applied, and the caller asks for a fresh snapshot.
 */
import type { PublicPlayer } from '@showdown/shared/api';
import { ORDERBOOK, type GameStatus } from '@showdown/shared/constants';
import { repricePortfolio } from '@showdown/shared/game-state';
import type {
  GameEventName,
  GameSnapshot,
  PriceChange,
  ServerEventName,
  ServerToClientEvents,
} from '@showdown/shared/protocol';
import type { AuthStateData } from './auth-slice';
import { hasBroker, initialGameData, type GameData } from './game-data';
import type { PortfolioData } from './portfolio-slice';

export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The state the reducer reads and writes. */
export type GameEventState = GameData & PortfolioData & Pick<AuthStateData, 'user'>;

export type EventOutcome =
  /** Applied in order. */
  | 'applied'
  /** Already seen (seq ≤ current): ignored. */
  | 'stale'
  /** Events were missed: not applied, ask for a snapshot. */
  | 'gap'
  /** Another game, or no snapshot yet: ignored. */
  | 'ignored'
  /** I was removed from the game: the game state was cleared. */
  | 'removed-self';

function clearGameData(state: GameEventState): void {
  Object.assign(state, initialGameData());
  state.portfolio = null;
  state.transactions = [];
}

function refreshDerived(state: GameEventState): void {
  state.brokerExists = hasBroker(state.players);
  state.isMmExist = state.mayhem?.status === 'open' && !state.mayhemResponded ? 1 : 0;
}

function upsertPlayer(state: GameEventState, player: PublicPlayer): void {
  const index = state.players.findIndex((p) => p.player_id === player.player_id);
  if (index === -1) state.players.push(player);
  else state.players[index] = player;
  if (player.player_id === state.playerId || player.user_id === state.user?.id) {
    state.playerId = player.player_id;
    state.role = player.role;
  }
}

/** Moves prices and revalues my portfolio at them, so every screen shows the same market. */
function applyPriceChanges(state: GameEventState, changes: readonly PriceChange[]): void {
  for (const change of changes) {
    const stock = state.stocks.find((s) => s.stock_id === change.stock_id);
    if (stock) stock.current_price = change.price;
  }
  if (state.portfolio) state.portfolio = repricePortfolio(state.portfolio, changes);
}

function currentPrices(state: GameEventState) {
  return state.stocks.map((s) => ({ stock_id: s.stock_id, price: s.current_price }));
}

function setStatus(state: GameEventState, status: GameStatus): void {
  state.status = status;
}

function setOrderbook(state: GameEventState, on: boolean, endsAt: string | null): void {
  const status = on ? ORDERBOOK.ON : ORDERBOOK.OFF;
  state.orderbook_status = status;
  state.ends_at = endsAt;
  if (state.settings) {
    state.settings.orderbook_status = status;
    state.settings.ends_at = endsAt;
  }
  if (state.portfolio) {
    state.portfolio.orderbook_status = status;
    state.portfolio.ends_at = endsAt;
  }
}

/** Replaces the game state with a full snapshot from `game:join`, `game:resync` or spectating. */
export function applySnapshot(state: GameEventState, snapshot: GameSnapshot): void {
  const { game, me } = snapshot;
  if (state.gameId !== game.id) clearGameData(state);
  state.seq = snapshot.seq;
  state.gameId = game.id;
  state.boardCode = game.board_code;
  setStatus(state, game.status);
  state.settings = game.settings;
  state.orderbook_status = game.settings.orderbook_status;
  state.ends_at = game.settings.ends_at;
  state.firstPlayer = game.first_player;
  state.players = snapshot.players;
  state.stocks = snapshot.stocks;
  state.mayhem = snapshot.mayhem;
  state.ranking = snapshot.ranking;
  if (me) {
    state.playerId = me.player_id;
    state.role = me.role;
    state.mayhemResponded = me.mayhem_responded;
    if (me.portfolio) state.portfolio = me.portfolio;
  } else {
    state.mayhemResponded = false;
  }
  refreshDerived(state);
}

function applyInOrder<E extends GameEventName>(
  state: GameEventState,
  name: E,
  event: ServerEventPayload<GameEventName>,
): EventOutcome {
  switch (name) {
    case 'lobby:joined':
    case 'player:updated': {
      upsertPlayer(state, (event as ServerEventPayload<'lobby:joined'>).player);
      break;
    }
    case 'player:removed': {
      const e = event as ServerEventPayload<'player:removed'>;
      if (e.user_id === state.user?.id || e.player_id === state.playerId) {
        clearGameData(state);
        return 'removed-self';
      }
      state.players = state.players.filter((p) => p.player_id !== e.player_id);
      break;
    }
    case 'settings:changed': {
      const { settings } = event as ServerEventPayload<'settings:changed'>;
      state.settings = settings;
      state.orderbook_status = settings.orderbook_status;
      state.ends_at = settings.ends_at;
      break;
    }
    case 'game:started': {
      const e = event as ServerEventPayload<'game:started'>;
      setStatus(state, 2);
      state.settings = e.settings;
      state.stocks = e.stocks;
      state.orderbook_status = e.settings.orderbook_status;
      state.ends_at = e.settings.ends_at;
      break;
    }
    case 'firstPlayer:picked': {
      const e = event as ServerEventPayload<'firstPlayer:picked'>;
      state.firstPlayer = { player_id: e.player_id, username: e.username };
      break;
    }
    case 'price:updated': {
      applyPriceChanges(state, [event as ServerEventPayload<'price:updated'>]);
      break;
    }
    case 'phase:started': {
      setOrderbook(state, true, (event as ServerEventPayload<'phase:started'>).ends_at);
      break;
    }
    case 'phase:ended': {
      setOrderbook(state, false, null);
      break;
    }
    case 'payday:given': {
      const e = event as ServerEventPayload<'payday:given'>;
      if (state.settings) state.settings.paydays_given = e.paydays_given;
      break;
    }
    case 'mayhem:created': {
      state.mayhem = (event as ServerEventPayload<'mayhem:created'>).mayhem;
      state.mayhemResponded = false;
      break;
    }
    case 'mayhem:responded': {
      const e = event as ServerEventPayload<'mayhem:responded'>;
      if (state.mayhem?.id === e.mayhem_id) state.mayhem.responses_count = e.responses_count;
      break;
    }
    case 'mayhem:averaged': {
      const e = event as ServerEventPayload<'mayhem:averaged'>;
      applyPriceChanges(state, e.changes);
      if (state.mayhem?.id === e.mayhem_id) state.mayhem.status = 'closed';
      break;
    }
    case 'game:ended': {
      const e = event as ServerEventPayload<'game:ended'>;
      setStatus(state, 3);
      state.ranking = e.ranking;
      setOrderbook(state, false, null);
      break;
    }
  }
  refreshDerived(state);
  return 'applied';
}

/**
 * Applies one server event to the state. Public events are applied only in `seq` order; the
 * private `portfolio:updated` carries no seq and always applies to its game.
 */
export function applyGameEvent<E extends ServerEventName>(
  state: GameEventState,
  name: E,
  payload: ServerEventPayload<E>,
): EventOutcome {
  if (payload.game_id !== state.gameId) return 'ignored';
  if (name === 'portfolio:updated') {
    // Read just before a price move, it may arrive just after: value it at the prices shown.
    const { portfolio } = payload as ServerEventPayload<'portfolio:updated'>;
    state.portfolio = repricePortfolio(portfolio, currentPrices(state));
    return 'applied';
  }
  const event = payload as ServerEventPayload<GameEventName>;
  if (state.seq === null) return 'ignored';
  if (event.seq <= state.seq) return 'stale';
  if (event.seq !== state.seq + 1) return 'gap';
  state.seq = event.seq;
  return applyInOrder(state, name as GameEventName, event);
}

/**
 * The one place where server state reaches the store: a full snapshot (join / resync) or one
 * Socket.IO event of `ServerToClientEvents`. Pure functions over an (immer draft of the) state.
 *
 * Sequencing (DESIGN §5): every public event carries the game's `seq`. An event with
 * seq ≤ current is stale and ignored; seq = current + 1 is applied; anything further ahead is a
 * gap, not applied, and the caller asks for a fresh snapshot.
 */
import { applyGameEvent as applyShared, applyPortfolio } from '@showdown/shared/game-state';
import type {
  GameEventName,
  GameEventPayload,
  GameSnapshot,
  ServerEventName,
  ServerToClientEvents,
} from '@showdown/shared/protocol';
import type { EventResult } from '../lib/socket';
import type { AuthStateData } from './auth-slice';
import { hasBroker, initialGameData, mayhemFlag, type GameData } from './game-data';
import type { PortfolioData } from './portfolio-slice';

export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

/** The state the reducer reads and writes. */
export type GameEventState = GameData & PortfolioData & Pick<AuthStateData, 'user'>;

function clearGameData(state: GameEventState): void {
  Object.assign(state, initialGameData());
  state.portfolio = null;
  state.transactions = [];
}

function refreshDerived(state: GameEventState): void {
  state.brokerExists = hasBroker(state.players);
  state.isMmExist = mayhemFlag(state.mayhem, state.mayhemResponded);
}

/** Replaces the game state with a full snapshot from `game:join`, `game:resync` or spectating. */
export function applySnapshot(state: GameEventState, snapshot: GameSnapshot): void {
  const { game, me } = snapshot;
  if (state.gameId !== game.id) clearGameData(state);
  state.seq = snapshot.seq;
  state.gameId = game.id;
  state.boardCode = game.board_code;
  state.status = game.status;
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

/**
 * The store's game as a snapshot, so the shared reducer (the one rule every device and the
 * server's tests use) can apply events to it. Null before the first snapshot.
 */
function toSnapshot(state: GameEventState): GameSnapshot | null {
  if (state.seq === null || state.gameId === null || state.status === null || !state.settings) {
    return null;
  }
  return {
    seq: state.seq,
    game: {
      id: state.gameId,
      board_code: state.boardCode ?? '',
      status: state.status,
      settings: {
        ...state.settings,
        orderbook_status: state.orderbook_status,
        ends_at: state.ends_at,
      },
      first_player: state.firstPlayer,
    },
    players: state.players,
    stocks: state.stocks,
    mayhem: state.mayhem,
    ranking: state.ranking,
    me:
      state.playerId !== null && state.role !== null
        ? {
            player_id: state.playerId,
            role: state.role,
            portfolio: state.portfolio,
            mayhem_responded: state.mayhemResponded,
          }
        : null,
  };
}

/**
 * Applies one server event to the state through the shared reducer. Public events are applied
 * only in `seq` order; the private `portfolio:updated` carries no seq and always applies.
 */
export function applyGameEvent<E extends ServerEventName>(
  state: GameEventState,
  name: E,
  payload: ServerEventPayload<E>,
): EventResult {
  if (payload.game_id !== state.gameId) return 'ignored';
  const current = toSnapshot(state);
  if (name === 'portfolio:updated') {
    const { portfolio } = payload as ServerEventPayload<'portfolio:updated'>;
    // Read just before a price move, it may arrive just after: value it at the prices shown.
    state.portfolio = current
      ? (applyPortfolio(current, payload.game_id, portfolio).me?.portfolio ?? portfolio)
      : portfolio;
    return 'applied';
  }
  if (!current) return 'ignored';
  const result = applyShared(
    current,
    name as GameEventName,
    payload as GameEventPayload<GameEventName>,
  );
  if (result.kind !== 'applied') return result.kind;
  if (name === 'player:removed') {
    const e = payload as ServerEventPayload<'player:removed'>;
    if (e.player_id === state.playerId) {
      clearGameData(state);
      return 'removed-self';
    }
  }
  applySnapshot(state, result.state);
  return 'applied';
}

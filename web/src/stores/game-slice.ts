import type {
  FirstPlayer,
  GameSettings,
  JoinGameData,
  LobbyData,
  RankingEntry,
  StocksData,
} from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import type { GameStatus, OrderbookStatus, Role } from '@showdown/shared/constants';
import type { GameSnapshot, PublicMayhem, ServerEventName } from '@showdown/shared/protocol';
import type { EventResult } from '../lib/socket';
import { hasBroker, initialGameData, mayhemFlag, type GameData } from './game-data';
import { applyGameEvent, applySnapshot, type ServerEventPayload } from './game-events';
import type { SliceCreator } from './types';

export interface GameSlice extends GameData {
  joinedBoard: (join: JoinGameData) => void;
  setLobby: (lobby: LobbyData) => void;
  setRole: (role: Role, playerId?: number | null) => void;
  setSettings: (settings: GameSettings) => void;
  setStocks: (data: StocksData) => void;
  /** Replaces one stock's price (price update answer). */
  setStockPrice: (stockId: number, price: number) => void;
  setOrderbook: (status: OrderbookStatus, endsAt: string | null) => void;
  setGameStatus: (status: GameStatus) => void;
  setAvatars: (avatars: AvatarOption[]) => void;
  setMayhem: (mayhem: PublicMayhem | null, responded: boolean) => void;
  setRanking: (ranking: RankingEntry[]) => void;
  setFirstPlayer: (firstPlayer: FirstPlayer | null) => void;
  loadSnapshot: (snapshot: GameSnapshot) => void;
  /** Applies one socket event; the outcome tells the caller to resync on a gap. */
  applyEvent: <E extends ServerEventName>(name: E, payload: ServerEventPayload<E>) => EventResult;
  clearGame: () => void;
}

export const createGameSlice: SliceCreator<GameSlice> = (set) => ({
  ...initialGameData(),
  joinedBoard: (join) =>
    set((state) => {
      if (state.gameId !== join.game_id) {
        Object.assign(state, initialGameData());
        state.portfolio = null;
        state.transactions = [];
      }
      state.gameId = join.game_id;
      state.boardCode = join.board_code;
      state.status = join.game_status;
      state.role = join.role;
      state.playerId = join.player_id;
      state.brokerExists = join.broker_exists;
    }),
  setLobby: (lobby) =>
    set((state) => {
      if (state.gameId !== lobby.game_id) {
        Object.assign(state, initialGameData());
        state.portfolio = null;
        state.transactions = [];
      }
      state.gameId = lobby.game_id;
      state.boardCode = lobby.board_code;
      state.status = lobby.game_status;
      state.players = lobby.game_players_data;
      // Once picked it stays picked; a lobby read older than the live event must not undo it.
      if (lobby.first_player) state.firstPlayer = lobby.first_player;
      state.brokerExists = hasBroker(lobby.game_players_data);
      if (lobby.my_player_id !== null) state.playerId = lobby.my_player_id;
      if (lobby.my_role !== null) state.role = lobby.my_role;
    }),
  setRole: (role, playerId) =>
    set((state) => {
      state.role = role;
      if (playerId !== undefined && playerId !== null) state.playerId = playerId;
    }),
  setSettings: (settings) =>
    set((state) => {
      state.settings = settings;
      state.orderbook_status = settings.orderbook_status;
      state.ends_at = settings.ends_at;
    }),
  setStocks: (data) =>
    set((state) => {
      state.stocks = data.stocks_data;
      state.isMmExist = data.is_mm_exist;
      state.status = data.game_status;
      state.orderbook_status = data.orderbook_status;
      state.ends_at = data.ends_at;
    }),
  setStockPrice: (stockId, price) =>
    set((state) => {
      const stock = state.stocks.find((s) => s.stock_id === stockId);
      if (stock) stock.current_price = price;
    }),
  setOrderbook: (status, endsAt) =>
    set((state) => {
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
    }),
  setGameStatus: (status) =>
    set((state) => {
      state.status = status;
    }),
  setAvatars: (avatars) =>
    set((state) => {
      state.avatars = avatars;
    }),
  setMayhem: (mayhem, responded) =>
    set((state) => {
      state.mayhem = mayhem;
      state.mayhemResponded = responded;
      state.isMmExist = mayhemFlag(mayhem, responded);
    }),
  setRanking: (ranking) =>
    set((state) => {
      state.ranking = ranking;
    }),
  setFirstPlayer: (firstPlayer) =>
    set((state) => {
      state.firstPlayer = firstPlayer;
    }),
  loadSnapshot: (snapshot) =>
    set((state) => {
      applySnapshot(state, snapshot);
    }),
  applyEvent: (name, payload) => {
    let outcome: EventResult = 'ignored';
    set((state) => {
      outcome = applyGameEvent(state, name, payload);
    });
    return outcome;
  },
  clearGame: () =>
    set((state) => {
      Object.assign(state, initialGameData());
      state.portfolio = null;
      state.transactions = [];
    }),
});

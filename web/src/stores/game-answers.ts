/**
 * How each REST answer reads into the game snapshot: pure recipes for `applyAnswer`, which runs
 * them only when no newer socket state arrived while the call was in flight.
 */
import type {
  FirstPlayer,
  GameSettings,
  LobbyData,
  MayhemData,
  Portfolio,
  PublicPlayer,
  RankingEntry,
  StocksData,
} from '@showdown/shared/api';
import {
  GAME_STATUS,
  ORDERBOOK,
  type GameStatus,
  type OrderbookStatus,
} from '@showdown/shared/constants';
import { applyPortfolio } from '@showdown/shared/game-state';
import type { GameSnapshot } from '@showdown/shared/protocol';
import type { GameRecipe } from './game-slice';

function withMe(game: GameSnapshot, playerId: number, role: PublicPlayer['role']): GameSnapshot {
  if (game.me?.player_id === playerId && game.me.role === role) return game;
  return {
    ...game,
    me: {
      player_id: playerId,
      role,
      portfolio: game.me?.portfolio ?? null,
      mayhem_responded: game.me?.mayhem_responded ?? false,
    },
  };
}

/** GET lobby: players, status, first player and my seat. */
export const lobbyInto =
  (lobby: LobbyData): GameRecipe =>
  (game) => {
    const next: GameSnapshot = {
      ...game,
      game: {
        ...game.game,
        board_code: lobby.board_code,
        status: lobby.game_status,
        first_player: lobby.first_player ?? game.game.first_player,
      },
      players: lobby.game_players_data,
    };
    return lobby.my_player_id !== null && lobby.my_role !== null
      ? withMe(next, lobby.my_player_id, lobby.my_role)
      : next;
  };

/** select-role / change-role: my seat as the server now has it. */
export const seatInto =
  (player: PublicPlayer, mine: boolean): GameRecipe =>
  (game) => {
    const players = [...game.players.filter((p) => p.player_id !== player.player_id), player].sort(
      (a, b) => a.player_id - b.player_id,
    );
    const next = { ...game, players };
    return mine ? withMe(next, player.player_id, player.role) : next;
  };

/** GET stocks: prices, game status and the trade phase. */
export const stocksInto =
  (data: StocksData): GameRecipe =>
  (game) => ({
    ...game,
    game: {
      ...game.game,
      status: data.game_status,
      settings: phaseSettings(game.game.settings, data.orderbook_status, data.ends_at),
    },
    stocks: data.stocks_data,
  });

function phaseSettings(
  settings: GameSettings,
  status: OrderbookStatus,
  endsAt: string | null,
): GameSettings {
  return settings.orderbook_status === status && settings.ends_at === endsAt
    ? settings
    : { ...settings, orderbook_status: status, ends_at: endsAt };
}

/** The trade phase switched (orderbook answer). */
export const phaseInto =
  (status: OrderbookStatus, endsAt: string | null): GameRecipe =>
  (game) => ({
    ...game,
    game: { ...game.game, settings: phaseSettings(game.game.settings, status, endsAt) },
  });

/** GET / POST settings. */
export const settingsInto =
  (settings: GameSettings): GameRecipe =>
  (game) => ({ ...game, game: { ...game.game, settings } });

export const statusInto =
  (status: GameStatus): GameRecipe =>
  (game) => ({ ...game, game: { ...game.game, status } });

export const firstPlayerInto =
  (firstPlayer: FirstPlayer): GameRecipe =>
  (game) => ({ ...game, game: { ...game.game, first_player: firstPlayer } });

/** One stock's new price (price update answer). */
export const priceInto =
  (stockId: number, price: number): GameRecipe =>
  (game) => ({
    ...game,
    stocks: game.stocks.map((s) => (s.stock_id === stockId ? { ...s, current_price: price } : s)),
  });

/** My portfolio (GET or a trade answer), valued at the prices this device shows. */
export const portfolioInto =
  (portfolio: Portfolio): GameRecipe =>
  (game) => {
    const withPhase = phaseInto(portfolio.orderbook_status, portfolio.ends_at)(game);
    if (!withPhase.me) return withPhase;
    return withPhase.stocks.length > 0
      ? applyPortfolio(withPhase, withPhase.game.id, portfolio)
      : { ...withPhase, me: { ...withPhase.me, portfolio } };
  };

/** GET mayhem: the open (or last) list as everyone sees it, and whether I answered it. */
export const mayhemInto =
  (data: MayhemData | null): GameRecipe =>
  (game) => {
    if (data === null) {
      return { ...game, mayhem: null, me: game.me && { ...game.me, mayhem_responded: false } };
    }
    const { responded, my_response: _mine, ...mayhem } = data;
    return { ...game, mayhem, me: game.me && { ...game.me, mayhem_responded: responded } };
  };

/** My mayhem answer was accepted. */
export const respondedInto =
  (mayhemId: number): GameRecipe =>
  (game) =>
    game.mayhem?.id === mayhemId && game.me
      ? { ...game, me: { ...game.me, mayhem_responded: true } }
      : game;

/** The list was averaged: it is closed. */
export const averagedInto =
  (mayhemId: number): GameRecipe =>
  (game) =>
    game.mayhem?.id === mayhemId
      ? { ...game, mayhem: null, me: game.me && { ...game.me, mayhem_responded: false } }
      : game;

/** The game ended (end answer): the final ranking. */
export const endedInto =
  (ranking: RankingEntry[]): GameRecipe =>
  (game) => {
    const closed = phaseInto(ORDERBOOK.OFF, null)(game);
    return {
      ...closed,
      game: { ...closed.game, status: GAME_STATUS.COMPLETED },
      mayhem: null,
      ranking,
    };
  };

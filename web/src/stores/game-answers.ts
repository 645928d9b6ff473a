/**
 * How each REST answer reads into the game snapshot: pure recipes for `applyAnswer`, which runs
 * them only when no newer socket state arrived while the call was in flight. An answer that
 * describes the change of a public event goes through that event's rule in the shared reducer
 * (`applyGameChange`), so a device shows the same game whichever of the two arrives first.
 */
import type {
  FirstPlayer,
  GameSettings,
  LobbyData,
  MayhemAverageData,
  MayhemData,
  Portfolio,
  PriceUpdateData,
  PublicPlayer,
  RankingEntry,
  StocksData,
} from '@showdown/shared/api';
import { ORDERBOOK, type GameStatus, type OrderbookStatus } from '@showdown/shared/constants';
import { applyGameChange, applyPortfolio } from '@showdown/shared/game-state';
import type { GameSnapshot } from '@showdown/shared/protocol';
import type { GameRecipe } from './game-slice';

/** My seat as a REST answer tells it (no event says which seat is mine). */
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

/** My portfolio valued at the prices the snapshot now shows. */
function repriced(game: GameSnapshot): GameSnapshot {
  const portfolio = game.me?.portfolio;
  return portfolio && game.stocks.length > 0 ? applyPortfolio(game, game.game.id, portfolio) : game;
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

/** select-role / change-role: the seat as `player:updated` has it, and whether it is mine. */
export const seatInto =
  (player: PublicPlayer, mine: boolean): GameRecipe =>
  (game) => {
    const next = applyGameChange(game, 'player:updated', { player });
    return mine ? withMe(next, player.player_id, player.role) : next;
  };

/** The trade phase switched (orderbook answer), as `phase:started` / `phase:ended`. */
export const phaseInto =
  (status: OrderbookStatus, endsAt: string | null): GameRecipe =>
  (game) => {
    const { settings } = game.game;
    if (settings.orderbook_status === status && settings.ends_at === endsAt) return game;
    // On without an end: a paused phase; its remaining time comes with the
    // snapshot or the `phase:paused` event, which this answer must not undo.
    if (status === ORDERBOOK.ON && endsAt === null) return game;
    return status === ORDERBOOK.ON && endsAt !== null
      ? applyGameChange(game, 'phase:started', {
          ends_at: endsAt,
          duration: settings.trade_phase_duration,
        })
      : applyGameChange(game, 'phase:ended', {});
  };

/** GET stocks: prices (my portfolio valued at them), game status and the trade phase. */
export const stocksInto =
  (data: StocksData): GameRecipe =>
  (game) => {
    const phased = phaseInto(data.orderbook_status, data.ends_at)(game);
    return repriced({
      ...phased,
      game: { ...phased.game, status: data.game_status },
      stocks: data.stocks_data,
    });
  };

/** GET / POST settings, as `settings:changed`. */
export const settingsInto =
  (settings: GameSettings): GameRecipe =>
  (game) =>
    applyGameChange(game, 'settings:changed', { settings });

export const statusInto =
  (status: GameStatus): GameRecipe =>
  (game) => ({ ...game, game: { ...game.game, status } });

/** The wheel's pick, as `firstPlayer:picked`. */
export const firstPlayerInto =
  (firstPlayer: FirstPlayer): GameRecipe =>
  (game) =>
    applyGameChange(game, 'firstPlayer:picked', firstPlayer);

/** The broker's price update answer, as `price:updated`: the stock and my portfolio reprice. */
export const priceInto =
  (answer: PriceUpdateData): GameRecipe =>
  (game) =>
    applyGameChange(game, 'price:updated', {
      stock_id: answer.stock_id,
      previous_price: answer.previousPrice,
      price: answer.updatedPrice,
      percentage: answer.percentage,
    });

/** My portfolio (GET or a trade answer), valued at the prices this device shows. */
export const portfolioInto =
  (portfolio: Portfolio): GameRecipe =>
  (game) => {
    const withPhase = phaseInto(portfolio.orderbook_status, portfolio.ends_at)(game);
    if (!withPhase.me) return withPhase;
    return repriced({ ...withPhase, me: { ...withPhase.me, portfolio } });
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

/** The average answer, as `mayhem:averaged`: the list closes and its prices move. */
export const averagedInto =
  (answer: MayhemAverageData): GameRecipe =>
  (game) =>
    game.mayhem?.id === answer.mayhem_id
      ? applyGameChange(game, 'mayhem:averaged', {
          mayhem_id: answer.mayhem_id,
          changes: answer.changes,
        })
      : game;

/** The game ended (end answer), as `game:ended`: the final ranking. */
export const endedInto =
  (ranking: RankingEntry[]): GameRecipe =>
  (game) =>
    applyGameChange(game, 'game:ended', { ranking });

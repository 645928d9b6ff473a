/**
 * Narrow, reference-stable reads of the game (zustand: select narrow pieces, never the whole
 * store). The shared reducer copies only what an event changes, so e.g. `selectSettings` keeps
 * its reference across price events and the screens reading it do not re-render.
 */
import type { PublicPlayer, StockEntry } from '@showdown/shared/api';
import type { PricePoint } from '@showdown/shared/protocol';
import { ORDERBOOK, ROLE, type OrderbookStatus } from '@showdown/shared/constants';
import { mayhemFlag } from './game-data';
import type { AppState } from './types';

const NO_PLAYERS: PublicPlayer[] = [];
const NO_STOCKS: StockEntry[] = [];

export const selectGame = (s: AppState) => s.game;
export const selectGameId = (s: AppState) => s.game?.game.id ?? null;
export const selectSeq = (s: AppState) => s.game?.seq ?? null;
export const selectBoardCode = (s: AppState) => s.game?.game.board_code ?? null;
export const selectStatus = (s: AppState) => s.game?.game.status ?? null;
export const selectSettings = (s: AppState) => s.game?.game.settings ?? null;
export const selectOrderbook = (s: AppState): OrderbookStatus =>
  s.game?.game.settings.orderbook_status ?? ORDERBOOK.OFF;
export const selectEndsAt = (s: AppState) => s.game?.game.settings.ends_at ?? null;
/** Seconds left in a paused trade phase; null when no phase is paused. */
export const selectPausedRemaining = (s: AppState) =>
  s.game?.game.settings.orderbook_status === ORDERBOOK.ON
    ? (s.game.game.settings.paused_remaining_s ?? null)
    : null;
/** A practice game against bots. */
export const selectPractice = (s: AppState) => s.game?.game.practice ?? false;
export const selectFirstPlayer = (s: AppState) => s.game?.game.first_player ?? null;
export const selectPlayers = (s: AppState) => s.game?.players ?? NO_PLAYERS;
const NO_ONE_ONLINE: number[] = [];
const NO_HISTORY: PricePoint[] = [];
/** Every price point of the game so far, oldest first. */
export const selectPriceHistory = (s: AppState) => s.game?.price_history ?? NO_HISTORY;
/** Player ids of the seated players connected now. */
export const selectOnlinePlayers = (s: AppState) => s.game?.online ?? NO_ONE_ONLINE;
export const selectStocks = (s: AppState) => s.game?.stocks ?? NO_STOCKS;
export const selectMayhem = (s: AppState) => s.game?.mayhem ?? null;
export const selectRanking = (s: AppState) => s.game?.ranking ?? null;
export const selectRole = (s: AppState) => s.game?.me?.role ?? null;
export const selectPlayerId = (s: AppState) => s.game?.me?.player_id ?? null;
export const selectPortfolio = (s: AppState) => s.game?.me?.portfolio ?? null;
export const selectMayhemResponded = (s: AppState) => s.game?.me?.mayhem_responded ?? false;
/** The API's is_mm_exist flag for me. */
export const selectIsMmExist = (s: AppState) =>
  mayhemFlag(s.game?.mayhem ?? null, s.game?.me?.mayhem_responded ?? false);
/**
 * A broker exists when a player has the broker's powers (1 or 3); before the list, the join says.
 */
export const selectBrokerExists = (s: AppState) =>
  s.game && s.game.players.length > 0
    ? s.game.players.some((p) => p.role === ROLE.BROKER || p.role === ROLE.BOTH)
    : s.joinBrokerExists;

/** A stock's last move (the change cue), or undefined before it moved on this device. */
export const selectPriceMove = (stockId: number) => (s: AppState) => s.priceMoves[stockId];

/**
 * Whether controls that need the server may be used: not while the socket is down. 'idle' (no
 * live connection opened, e.g. before a seat) does not block REST calls.
 */
export const selectOnline = (s: AppState) => s.connection !== 'reconnecting';

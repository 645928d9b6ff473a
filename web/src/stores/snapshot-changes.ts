/**
 * How what the device shows follows the game's snapshots: the game before its first snapshot, and
 * the change cue of each price a new snapshot or event moved. Only the game's updates
 * (game-updates.ts) use them: they load with the game's screens, not with the first screen.
 */
import {
  GAME_STATUS,
  PAYDAY_INCREMENT_DEFAULT,
  PAYDAYS_PER_GAME,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
} from '@showdown/shared/constants';
import { changePercent } from '@showdown/shared/price-change';
import type {
  GameEventName,
  GameEventPayload,
  GameSnapshot,
  PriceChange,
} from '@showdown/shared/protocol';
import type { PriceMove } from './game-data';

/**
 * The game before its first socket snapshot: REST answers fill it in (seq 0, so the socket's
 * snapshot, always newer, replaces it whole).
 */
export function provisionalSnapshot(gameId: number, boardCode = ''): GameSnapshot {
  return {
    seq: 0,
    game: {
      id: gameId,
      board_code: boardCode,
      status: GAME_STATUS.LOBBY,
      settings: {
        starting_funds: STARTING_FUNDS_DEFAULT,
        payday_increment: PAYDAY_INCREMENT_DEFAULT,
        trade_phase_duration: TRADE_PHASE_DURATION_DEFAULT,
        orderbook_status: 0,
        ends_at: null,
        paydays_given: 0,
        paydays_total: PAYDAYS_PER_GAME,
      },
      first_player: null,
    },
    players: [],
    stocks: [],
    mayhem: null,
    ranking: null,
    me: null,
  };
}

/**
 * The moves between two states of the same game: every stock whose price changed. Derived from
 * the states themselves, so any event, snapshot or answer that moves a price yields its cue.
 */
export function priceMovesBetween(
  before: GameSnapshot,
  after: GameSnapshot,
  cause: PriceMove['cause'],
): Record<number, PriceMove> {
  const moves: Record<number, PriceMove> = {};
  const old = new Map(before.stocks.map((s) => [s.stock_id, s.current_price]));
  // A snapshot's own history says what made each price: a resync after a missed mayhem list
  // still cues it as mayhem.
  const lastCause = lastCauses(after);
  for (const stock of after.stocks) {
    const previous = old.get(stock.stock_id);
    if (previous === undefined || previous === stock.current_price) continue;
    moves[stock.stock_id] = {
      previous,
      price: stock.current_price,
      percent: changePercent(previous, stock.current_price),
      cause: lastCause.get(stock.stock_id) ?? cause,
      seq: after.seq,
    };
  }
  return moves;
}

/** What made each stock's current price, from a snapshot's history (openings are no move). */
function lastCauses(snapshot: GameSnapshot): Map<number, PriceMove['cause']> {
  const causes = new Map<number, PriceMove['cause']>();
  for (const point of snapshot.price_history ?? []) {
    // A price an undo brought back is cued as the broker's change.
    if (point.cause !== 'opening') {
      causes.set(point.stock_id, point.cause === 'mayhem' ? 'mayhem' : 'update');
    }
  }
  return causes;
}

/**
 * The cues already shown whose cause a snapshot's history corrects: a REST read answered after
 * an averaged mayhem list, before its event, shows the new price as a plain update; the
 * snapshot's history names the move that brought the price it still shows.
 */
export function causesCorrectedBy(
  moves: Readonly<Record<number, PriceMove>>,
  snapshot: GameSnapshot,
): Record<number, PriceMove> {
  const corrected: Record<number, PriceMove> = {};
  const causes = lastCauses(snapshot);
  for (const stock of snapshot.stocks) {
    const move = moves[stock.stock_id];
    const cause = causes.get(stock.stock_id);
    if (move && cause && move.cause !== cause && move.price === stock.current_price) {
      corrected[stock.stock_id] = { ...move, cause };
    }
  }
  return corrected;
}

/**
 * The moves an event announces itself: a price update or an averaged mayhem list names each change
 * (previous price, new price) and its cause. They stand whatever the device already shows: a REST
 * read answered between the commit and the event brings the new price without its cause.
 */
export function announcedPriceMoves<E extends GameEventName>(
  name: E,
  payload: GameEventPayload<E>,
  seq: number,
): Record<number, PriceMove> {
  const changes: readonly PriceChange[] =
    name === 'mayhem:averaged'
      ? (payload as GameEventPayload<'mayhem:averaged'>).changes
      : name === 'price:updated'
        ? [payload as GameEventPayload<'price:updated'>]
        : name === 'action:undone'
          ? (payload as GameEventPayload<'action:undone'>).changes
          : [];
  const cause: PriceMove['cause'] = name === 'mayhem:averaged' ? 'mayhem' : 'update';
  const moves: Record<number, PriceMove> = {};
  for (const { stock_id, previous_price, price } of changes) {
    if (previous_price === price) continue;
    moves[stock_id] = {
      previous: previous_price,
      price,
      percent: changePercent(previous_price, price),
      cause,
      seq,
    };
  }
  return moves;
}

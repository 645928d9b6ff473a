/**
 * What changes the game in the store: the join answer, a game call's answer, the socket's
 * snapshots and public events (through the shared reducer), my portfolio and who is connected.
 * Only the game's screens and its live connection apply them, so the shared reducer and the
 * price-move cues load with those, not with the first screen (/login).
 */
import { applyGameEvent, applyPortfolio, applyPresence } from '@showdown/shared/game-state';
import type { ApiSuccess, JoinGameData, Portfolio } from '@showdown/shared/api';
import type {
  GameEventName,
  GameEventPayload,
  GameSnapshot,
  PresencePayload,
} from '@showdown/shared/protocol';
import type { EventResult } from '../lib/socket';
import { useAppStore } from './app-store';
import { initialGameData } from './game-data';
import type { GameRecipe } from './game-slice';
import { runRequest } from './run-request';
import {
  announcedPriceMoves,
  causesCorrectedBy,
  priceMovesBetween,
  provisionalSnapshot,
} from './snapshot-changes';

/** The join answer: the game I am in (a new one clears the old one) and my seat, if any. */
export function joinedBoard(join: JoinGameData): void {
  useAppStore.setState((state) => {
    const sameGame = state.game?.game.id === join.game_id;
    if (!sameGame) Object.assign(state, initialGameData());
    state.joinBrokerExists = join.broker_exists;
    const base = state.game && sameGame ? state.game : provisionalSnapshot(join.game_id);
    // A socket snapshot (seq > 0) owns the game; the join answer only seeds a provisional one.
    if (base.seq > 0) return;
    state.game = {
      ...base,
      game: { ...base.game, board_code: join.board_code, status: join.game_status },
      me:
        join.player_id !== null && join.role !== null
          ? {
              player_id: join.player_id,
              role: join.role,
              portfolio: base.me?.portfolio ?? null,
              mayhem_responded: base.me?.mayhem_responded ?? false,
            }
          : base.me,
    };
  });
}

/**
 * Applies a REST answer to the game only if it is newer than what the device shows. Answers
 * carry no seq, so "newer" means: no socket snapshot or event was applied since the request was
 * sent (`sentAt`, the store's `seqFor`). Otherwise the socket already delivered a later state and
 * the answer is dropped; the event of the call's own change follows on the socket. Returns
 * whether it applied.
 */
export function applyAnswer(gameId: number, sentAt: number | null, recipe: GameRecipe): boolean {
  const { game } = useAppStore.getState();
  const current = game?.game.id === gameId ? game : null;
  if ((current?.seq ?? null) !== sentAt) return false;
  const next = recipe(current ?? provisionalSnapshot(gameId));
  useAppStore.setState((state) => {
    if (!current) Object.assign(state, initialGameData());
    else Object.assign(state.priceMoves, priceMovesBetween(current, next, 'update'));
    state.game = next;
  });
  return true;
}

/**
 * A call whose answer describes the game: it reaches the snapshot through `into` only if no newer
 * socket state arrived while it was in flight (`applyAnswer`); otherwise `late` gets the answer,
 * for what of it is still news.
 */
export async function runGameRequest<T>(
  key: string,
  gameId: number,
  call: () => Promise<ApiSuccess<T>>,
  into: (data: T) => GameRecipe,
  late?: (data: T) => void,
): Promise<ApiSuccess<T>> {
  const sentAt = useAppStore.getState().seqFor(gameId);
  const answer = await runRequest(key, call);
  if (!applyAnswer(gameId, sentAt, into(answer.data))) late?.(answer.data);
  return answer;
}

/**
 * A full snapshot from game:join / game:resync: replaces the game, unless it is older than the
 * one held (a join's answer overtaken by a resync's). Returns whether it replaced it.
 */
export function loadSnapshot(snapshot: GameSnapshot): boolean {
  const { game } = useAppStore.getState();
  const same = game?.game.id === snapshot.game.id;
  if (same && snapshot.seq < game.seq) return false;
  useAppStore.setState((state) => {
    if (!same) Object.assign(state, initialGameData());
    // Prices that moved while this device was away still get their cue, and the cue of a
    // price a REST read showed first gets its cause.
    else if (game) {
      Object.assign(state.priceMoves, causesCorrectedBy(state.priceMoves, snapshot));
      Object.assign(state.priceMoves, priceMovesBetween(game, snapshot, 'update'));
    }
    state.game = snapshot;
  });
  return true;
}

/** One public event, in seq order through the shared reducer; the result asks for a resync. */
export function applyEvent<E extends GameEventName>(
  name: E,
  payload: GameEventPayload<E>,
): EventResult {
  const { game } = useAppStore.getState();
  if (!game || payload.game_id !== game.game.id) return 'ignored';
  const result = applyGameEvent(game, name, payload);
  if (result.kind !== 'applied') return result.kind;
  // Only my own removal takes my seat away: the game is no longer mine to show.
  if (game.me !== null && result.state.me === null) {
    useAppStore.setState((state) => {
      Object.assign(state, initialGameData());
    });
    return 'removed-self';
  }
  const moves = {
    ...priceMovesBetween(game, result.state, name === 'mayhem:averaged' ? 'mayhem' : 'update'),
    ...announcedPriceMoves(name, payload, result.state.seq),
  };
  useAppStore.setState((state) => {
    Object.assign(state.priceMoves, moves);
    state.game = result.state;
  });
  return 'applied';
}

/** My private portfolio update (after a trade, payday or price change). */
export function applyPortfolioEvent(gameId: number, portfolio: Portfolio): void {
  const { game } = useAppStore.getState();
  if (!game) return;
  // Read just before a price move, it may arrive just after: valued at the prices shown.
  const next = applyPortfolio(game, gameId, portfolio);
  if (next !== game) {
    useAppStore.setState((state) => {
      state.game = next;
    });
  }
}

/** Who of the seated players is connected now. */
export function applyPresenceEvent(presence: PresencePayload): void {
  const { game } = useAppStore.getState();
  if (!game) return;
  const next = applyPresence(game, presence);
  if (next !== game) {
    useAppStore.setState((state) => {
      state.game = next;
    });
  }
}

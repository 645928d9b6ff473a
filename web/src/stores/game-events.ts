/**
 * The game's live updates into the store: the public events (through the shared reducer), my
 * portfolio and who is connected. Only the game's live connection and an order's answer apply
 * them, so the shared reducer loads with the game's screens, not with the first screen (/login).
 */
import { applyGameEvent, applyPortfolio, applyPresence } from '@showdown/shared/game-state';
import type { Portfolio } from '@showdown/shared/api';
import type { GameEventName, GameEventPayload, PresencePayload } from '@showdown/shared/protocol';
import type { EventResult } from '../lib/socket';
import { useAppStore } from './app-store';
import { announcedPriceMoves, initialGameData, priceMovesBetween } from './game-data';

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

/**
 * The answer each refusal of a hot-path function (drizzle/0003_hot_paths.sql) stands for: the
 * same kind, code and message as the checks of requireSeat and of the services.
 */
import { MSG } from '@showdown/shared/messages';
import { refusalKey } from '../db/hot-paths.ts';
import { gameCompleted } from './access.ts';
import { conflict, forbidden, notFound, unprocessable, type DomainError } from './errors.ts';

const refusals: Record<string, () => DomainError> = {
  GAME_NOT_FOUND: () => notFound(MSG.GAME_NOT_FOUND),
  NOT_IN_GAME: () => forbidden(MSG.NOT_IN_GAME),
  GAME_COMPLETED: gameCompleted,
  BROKER_ONLY: () => forbidden(MSG.BROKER_ONLY),
  INVESTOR_ONLY: () => forbidden(MSG.INVESTOR_ONLY),
  GAME_NOT_RUNNING: () => conflict(MSG.GAME_NOT_RUNNING),
  GAME_NOT_IN_LOBBY: () => conflict(MSG.GAME_NOT_IN_LOBBY),
  TRADE_PHASE_OFF: () => conflict(MSG.TRADE_PHASE_OFF),
  STOCK_NOT_FOUND: () => notFound(MSG.STOCK_NOT_FOUND),
  INVALID_QUANTITY: () => unprocessable('Quantity must be a positive whole number.'),
  INSUFFICIENT_FUNDS: () => unprocessable(MSG.INSUFFICIENT_FUNDS),
  INSUFFICIENT_SHARES: () => unprocessable(MSG.INSUFFICIENT_SHARES),
  PRICE_CAP: () => unprocessable(MSG.PRICE_CAP),
  PAYDAY_LIMIT: () => conflict(MSG.PAYDAY_LIMIT),
  IDEMPOTENCY_KEY_REUSED: () => conflict(MSG.IDEMPOTENCY_KEY_REUSED),
};

/** The refusal's DomainError; any other failure (a server fault) as it is. */
export function refusalError(err: unknown): unknown {
  const key = refusalKey(err);
  const make = key === undefined ? undefined : refusals[key];
  return make ? make() : err;
}

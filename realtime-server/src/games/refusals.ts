/**
 * The answer each refusal of a hot-path function (sql/functions/) stands for: the
 * same kind and code as the checks of requireSeat and of the services, the list's message
 * (shared/refusals).
 */
import { refusalMessage, type SqlRefusalCode } from '@showdown/shared/refusals';
import { refusalKey } from '../db/hot-paths.ts';
import { gameCompleted } from './access.ts';
import { conflict, forbidden, notFound, unprocessable, type DomainError } from './errors.ts';

const refusals: Record<SqlRefusalCode, (message: string) => DomainError> = {
  GAME_NOT_FOUND: notFound,
  NOT_IN_GAME: forbidden,
  GAME_COMPLETED: gameCompleted,
  BROKER_ONLY: forbidden,
  INVESTOR_ONLY: forbidden,
  GAME_NOT_RUNNING: conflict,
  GAME_NOT_IN_LOBBY: conflict,
  TRADE_PHASE_OFF: conflict,
  STOCK_NOT_FOUND: notFound,
  INVALID_QUANTITY: unprocessable,
  INSUFFICIENT_FUNDS: unprocessable,
  INSUFFICIENT_SHARES: unprocessable,
  PRICE_CAP: unprocessable,
  PAYDAY_LIMIT: conflict,
  IDEMPOTENCY_KEY_REUSED: conflict,
  IDEMPOTENCY_KEY_MISMATCH: unprocessable,
  TRADE_PHASE_PAUSED: conflict,
};

/** The refusal's DomainError; any other failure (a server fault) as it is. */
export function refusalError(err: unknown): unknown {
  const code = refusalKey(err);
  return code === undefined ? err : refusals[code](refusalMessage(code));
}

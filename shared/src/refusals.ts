/**
 * Every refusal a game rule gives, in one typed list: the PL/pgSQL hot paths raise these codes
 * (SQLSTATE SD001, the code as the message), the `shared/` rules return them, and the server
 * maps each to its answer. A code is a key of MSG, so its message is MSG's text.
 */
import { MSG } from './messages.ts';

/** The refusals the SQL functions raise (realtime-server/sql/functions): a test checks the SQL text. */
export const SQL_REFUSAL_CODES = [
  'GAME_NOT_FOUND',
  'NOT_IN_GAME',
  'GAME_COMPLETED',
  'BROKER_ONLY',
  'INVESTOR_ONLY',
  'GAME_NOT_RUNNING',
  'GAME_NOT_IN_LOBBY',
  'TRADE_PHASE_OFF',
  'STOCK_NOT_FOUND',
  'INVALID_QUANTITY',
  'INSUFFICIENT_FUNDS',
  'INSUFFICIENT_SHARES',
  'PRICE_CAP',
  'PAYDAY_LIMIT',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_MISMATCH',
  'TRADE_PHASE_PAUSED',
] as const satisfies ReadonlyArray<keyof typeof MSG>;

/** The refusals only the TypeScript rules give (a market mayhem answer, an undo). */
export const TS_REFUSAL_CODES = [
  'MAYHEM_EMPTY',
  'MAYHEM_STOCK_NOT_LISTED',
  'MAYHEM_PERCENTAGE_NOT_LISTED',
  'MAYHEM_DUPLICATE_STOCK',
  'UNDO_NOTHING',
  'UNDO_TOO_LATE',
  'UNDO_ORDER_PLACED',
] as const satisfies ReadonlyArray<keyof typeof MSG>;

export type SqlRefusalCode = (typeof SQL_REFUSAL_CODES)[number];
export type RefusalCode = SqlRefusalCode | (typeof TS_REFUSAL_CODES)[number];

export const REFUSAL_CODES: readonly RefusalCode[] = [...SQL_REFUSAL_CODES, ...TS_REFUSAL_CODES];

const sqlCodes: ReadonlySet<string> = new Set(SQL_REFUSAL_CODES);

/** Whether `code` is one the SQL functions raise. */
export function isSqlRefusalCode(code: string): code is SqlRefusalCode {
  return sqlCodes.has(code);
}

/** The message a refusal is answered with. */
export function refusalMessage(code: RefusalCode): string {
  return MSG[code];
}

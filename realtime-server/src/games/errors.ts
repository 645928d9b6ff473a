/**
 * What a game service answers when it refuses a call: a domain error, with the code and the
 * exact message the client sees and the kind of refusal. Services never choose an
 * HTTP status: the edge (`http/errors.ts`, the socket gateway) turns a kind into its answer.
 */
import { ERROR_CODE, type ErrorCode } from '@showdown/shared/messages';

export type DomainErrorKind =
  /** The request itself is malformed. */
  | 'invalid'
  /** The game, player, stock or list named does not exist (for this caller). */
  | 'not_found'
  /** The caller's seat or role may not do this. */
  | 'forbidden'
  /** The game's state does not allow it now. */
  | 'conflict'
  /** Well-formed but against a rule of the game (funds, shares, the price cap). */
  | 'unprocessable'
  /** A limit on how many or how often. */
  | 'rate_limited'
  /** No signed-in user. */
  | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) =>
  new DomainError('invalid', ERROR_CODE.VALIDATION, message);
export const notFound = (message: string) =>
  new DomainError('not_found', ERROR_CODE.NOT_FOUND, message);
export const forbidden = (message: string) =>
  new DomainError('forbidden', ERROR_CODE.FORBIDDEN, message);
export const conflict = (message: string) =>
  new DomainError('conflict', ERROR_CODE.CONFLICT, message);
export const unprocessable = (message: string) =>
  new DomainError('unprocessable', ERROR_CODE.VALIDATION, message);
export const rateLimited = (message: string) =>
  new DomainError('rate_limited', ERROR_CODE.RATE_LIMITED, message);
export const unauthorized = (message: string) =>
  new DomainError('unauthorized', ERROR_CODE.UNAUTHORIZED, message);

import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError, type ZodType, type z } from 'zod';
import { ERROR_CODE, MSG, type ErrorCode } from '@showdown/shared/messages';
import type { ApiFailure } from '@showdown/shared/api';
import type { Logger } from '../logger.ts';
import { isClientGone } from '../db/fair-queue.ts';
import { isDatabaseUnavailable, isMissingUser, isStorageFull } from '../db/errors.ts';
import { DomainError, type DomainErrorKind } from '../games/errors.ts';

/** A failure with the status and message the client sees (the error shape of docs/api.md). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as the failure's `data` (what the client needs to go on, e.g. a registration token). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The one place a service's refusal gets its HTTP status. */
export const STATUS_OF: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
};

export const badRequest = (message: string) => new AppError(400, ERROR_CODE.VALIDATION, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODE.NOT_FOUND, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODE.CONFLICT, message);
export const forbidden = (message: string) => new AppError(403, ERROR_CODE.FORBIDDEN, message);
export const unprocessable = (message: string) => new AppError(422, ERROR_CODE.VALIDATION, message);
export const unauthorized = (message: string) =>
  new AppError(401, ERROR_CODE.UNAUTHORIZED, message);
export const tooManyRequests = (message: string) =>
  new AppError(429, ERROR_CODE.RATE_LIMITED, message);

const DEFAULT_ZOD_MESSAGE = /^(Invalid|Too (small|big)|Unrecognized)/;

/** The first issue's message; zod's generic wording gets the field name in front. */
export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MSG.VALIDATION;
  const field = issue.path.join('.');
  return field && DEFAULT_ZOD_MESSAGE.test(issue.message)
    ? `${field}: ${issue.message}`
    : issue.message;
}

/** Parses untrusted input or throws a 400 with a clear message. */
export function parseInput<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(zodMessage(result.error));
  return result.data;
}

export function failureBody(code: ErrorCode, message: string, data?: unknown): ApiFailure {
  return data === undefined
    ? { success: false, error: { code, message } }
    : { success: false, error: { code, message }, data };
}

/** How long a client waits before sending a call again while the database is away (seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** A dependency's failure as the client sees it: a status, the error shape, when to retry. */
export interface DependencyFailure {
  status: 503 | 507;
  code: ErrorCode;
  message: string;
  /** Seconds: sent as Retry-After (and `retry_after` in a socket's answer). */
  retryAfter?: number;
}

/**
 * What a call that failed because the database did tells its client: 503 with Retry-After while
 * the database is unreachable, 507 while its storage is full; undefined for any other failure.
 * The REST answer and the socket answers share it (docs/api.md, errors).
 */
export function dependencyFailure(err: unknown): DependencyFailure | undefined {
  if (isStorageFull(err)) {
    return { status: 507, code: ERROR_CODE.STORAGE_FULL, message: MSG.STORAGE_FULL };
  }
  if (isDatabaseUnavailable(err)) {
    return {
      status: 503,
      code: ERROR_CODE.UNAVAILABLE,
      message: MSG.DATABASE_UNAVAILABLE,
      retryAfter: RETRY_AFTER_SECONDS,
    };
  }
  return undefined;
}

/** One warning per failed call, without the stack: an outage is not a bug. */
export function logDependencyFailure(logger: Logger, err: unknown, failure: DependencyFailure) {
  const reason = err instanceof Error ? err.message : String(err);
  logger.warn({ status: failure.status, reason }, failure.message);
}

/**
 * A socket answer's error for a call that failed because the database did (logged once), or
 * undefined for any other failure: the code and message, the status, and `retry_after` (seconds)
 * while the database is unreachable.
 */
export function dependencyAckError(logger: Logger, err: unknown) {
  const failure = dependencyFailure(err);
  if (!failure) return undefined;
  logDependencyFailure(logger, err, failure);
  const { status, code, message, retryAfter } = failure;
  return retryAfter === undefined
    ? { code, message, status }
    : { code, message, status, retry_after: retryAfter };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(failureBody(ERROR_CODE.NOT_FOUND, MSG.NOT_FOUND));
};

interface HttpParserError {
  type?: string;
  status?: number;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) return;
    // The client left before the request reached the database: no one to answer.
    if (isClientGone(err)) return;
    if (err instanceof AppError) {
      res.status(err.status).json(failureBody(err.code, err.message, err.data));
      return;
    }
    if (err instanceof DomainError) {
      res.status(STATUS_OF[err.kind]).json(failureBody(err.code, err.message));
      return;
    }
    if (err instanceof ZodError) {
      res.status(400).json(failureBody(ERROR_CODE.VALIDATION, zodMessage(err)));
      return;
    }
    const parserError = err as HttpParserError;
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json(failureBody(ERROR_CODE.TOO_LARGE, MSG.TOO_LARGE));
      return;
    }
    if (parserError?.type === 'entity.parse.failed' || parserError?.type?.startsWith('encoding.')) {
      res.status(400).json(failureBody(ERROR_CODE.VALIDATION, 'Request body is not valid JSON.'));
      return;
    }
    if (
      typeof parserError?.status === 'number' &&
      parserError.status >= 400 &&
      parserError.status < 500
    ) {
      res.status(parserError.status).json(failureBody(ERROR_CODE.VALIDATION, MSG.VALIDATION));
      return;
    }
    if (isMissingUser(err)) {
      // The caller's user was deleted after its token was checked: its token is no longer valid.
      res.status(401).json(failureBody(ERROR_CODE.UNAUTHORIZED, MSG.INVALID_TOKEN));
      return;
    }
    const dependency = dependencyFailure(err);
    if (dependency) {
      logDependencyFailure(logger, err, dependency);
      if (dependency.retryAfter) res.setHeader('Retry-After', String(dependency.retryAfter));
      res.status(dependency.status).json(failureBody(dependency.code, dependency.message));
      return;
    }
    logger.error({ err, reqId: res.getHeader('x-request-id') }, 'unhandled error');
    res.status(500).json(failureBody(ERROR_CODE.INTERNAL, MSG.INTERNAL));
  };
}

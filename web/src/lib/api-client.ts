/**
 * The one HTTP client (docs/api.md). Every answer is `{success:true, data}` or
 * `{success:false, error:{code,message}}`.
 *
 * - 401 (unless the request was cancelled): tokens are cleared and the user is signed out.
 * - 403 whose error.code is not FORBIDDEN: the access token expired; one refresh (shared by
 *   every request failing meanwhile) and one retry of the request.
 * - 403 FORBIDDEN: an ordinary error.
 * - A failed refresh clears local storage and goes to /login.
 * - 503 UNAVAILABLE (the server's database briefly away): a call that is safe to send twice (a
 *   read, or one with an Idempotency-Key) is sent again after the answer's Retry-After, with the
 *   same key, while the banner says the game is briefly unavailable; any other call fails with
 *   the server's message.
 */
import { API } from '@showdown/shared/api-paths';
import type { ApiFailure, ApiSuccess, RefreshData } from '@showdown/shared/api';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import { env } from '../config/env';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './tokens';
import { msg, serverText, t } from '../i18n';
import { waitingToRetry } from './unavailable';

export const NO_REFRESH_TOKEN = 'No refresh token available';
export const REFRESH_FAILED = msg('Failed to refresh token');
/** What a user reads when no answer arrived (never the browser's raw 'Failed to fetch'). */
export const NO_CONNECTION = msg('No connection. Check your network and try again.');

export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived (network failure or cancellation). */
  readonly status: number;
  /** The server's error.code, when the body had one. */
  readonly code: string | undefined;
  /** The parsed response body, or null when there was none. */
  readonly body: unknown;
  /** True when the server sent no error message: screens show their own fallback text. */
  readonly generic: boolean;
  /** A 503's Retry-After, in milliseconds: when the call may be sent again. */
  retryAfterMs: number | undefined;

  constructor(
    message: string,
    status: number,
    code: string | undefined,
    body: unknown,
    generic = false,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.body = body;
    this.generic = generic;
  }

  /** True when the request was cancelled by its caller. */
  get aborted(): boolean {
    return this.code === 'ABORTED';
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: a retried order is answered once, never placed twice. */
  idempotencyKey?: string;
}

export interface AuthHandlers {
  /** Called after a 401 cleared the tokens: reset the signed-in state. */
  onUnauthorized: () => void;
  /** Called after a failed refresh cleared local storage: reset state and go to /login. */
  onRefreshFailed: () => void;
  /**
   * Called when a call answers 'Game already completed.' (the app goes to /profile), with
   * whether the device already showed that end when it sent the call (`endedHere`).
   */
  onGameCompleted?: (knownWhenSent: boolean) => void;
  /** Whether the device already shows its game as ended; read as each call is sent. */
  endedHere?: () => boolean;
}

let handlers: AuthHandlers = { onUnauthorized: () => {}, onRefreshFailed: () => {} };

/** Wires sign-out and navigation; the app calls this once at start-up. */
export function configureApiClient(next: AuthHandlers): void {
  handlers = next;
}

export { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './tokens';

export function apiUrl(path: string): string {
  return `${env.VITE_API_URL.replace(/\/+$/, '')}${path}`;
}

function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function failureOf(body: unknown): ApiFailure['error'] | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return undefined;
  return { code: code as ApiFailure['error']['code'], message };
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const failure = failureOf(body);
  if (failure) return new ApiError(failure.message, status, failure.code, body);
  return new ApiError(`Request failed with status ${status}`, status, undefined, body, true);
}

/** Retry-After when the answer has none, and the longest wait honoured (seconds). */
const DEFAULT_RETRY_AFTER_S = 5;
const MAX_RETRY_AFTER_S = 30;
/** Sends of one call while the server answers 503 UNAVAILABLE: about two minutes at 5 s. */
export const MAX_UNAVAILABLE_SENDS = 25;

/** The Retry-After header's seconds (a number; an HTTP date is not sent by this server). */
export function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  const s = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_RETRY_AFTER_S;
  return Math.min(s, MAX_RETRY_AFTER_S) * 1000;
}

/** Waits `ms`, or rejects as cancelled when the caller's signal aborts first. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => reject(new ApiError('Request cancelled', 0, 'ABORTED', null));
    if (signal?.aborted) return cancelled();
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      cancelled();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

let refreshInFlight: Promise<string> | null = null;

async function runRefresh(): Promise<string> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) throw new ApiError(NO_REFRESH_TOKEN, 0, undefined, null);
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(apiUrl(API.refresh), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    body = await readBody(response);
  } catch {
    throw new ApiError(REFRESH_FAILED, 0, undefined, null);
  }
  const data = (body as Partial<ApiSuccess<RefreshData>> | null)?.data;
  if (!response.ok || !data?.access_token) {
    throw new ApiError(REFRESH_FAILED, response.status, failureOf(body)?.code, body);
  }
  storeTokens(data.access_token, data.refresh_token ?? null);
  return data.access_token;
}

/**
 * Refreshes the access token. Concurrent callers share one refresh. On failure local storage is
 * cleared and the refresh-failed handler runs (sign out, go to /login).
 */
export function refreshAccessToken(): Promise<string> {
  if (!refreshInFlight) {
    refreshInFlight = runRefresh()
      .catch((error: unknown) => {
        handlers.onRefreshFailed();
        // After the sign-out, so nothing it persists survives.
        localStorage.clear();
        throw error;
      })
      .finally(() => {
        refreshInFlight = null;
      });
  }
  return refreshInFlight;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call the server may receive twice with one effect: a read, or one with an Idempotency-Key. */
const safeToResend = (method: Method, options: RequestOptions) =>
  method === 'GET' || Boolean(options.idempotencyKey);

/**
 * Sends the call; while the server answers 503 UNAVAILABLE and the call is safe to send again,
 * waits its Retry-After (the banner up) and sends it again, at most MAX_UNAVAILABLE_SENDS times.
 */
async function sendRetrying<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
): Promise<ApiSuccess<T>> {
  let done: (() => void) | undefined;
  try {
    for (let sent = 1; ; sent++) {
      try {
        return await send<T>(method, path, body, options, false);
      } catch (error) {
        const unavailable =
          error instanceof ApiError && error.code === ERROR_CODE.UNAVAILABLE && error.retryAfterMs;
        if (!unavailable || !safeToResend(method, options) || sent >= MAX_UNAVAILABLE_SENDS) {
          throw error;
        }
        done ??= waitingToRetry();
        await pause(unavailable, options.signal);
      }
    }
  } finally {
    done?.();
  }
}

async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions,
  retried: boolean,
): Promise<ApiSuccess<T>> {
  const token = getAccessToken();
  const knownEnded = handlers.endedHere?.() ?? false;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  let response: Response;
  let parsed: unknown;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
    parsed = await readBody(response);
  } catch (error) {
    if (isAbort(error, options.signal)) {
      throw new ApiError('Request cancelled', 0, 'ABORTED', null);
    }
    throw new ApiError(NO_CONNECTION, 0, 'NETWORK', null);
  }

  if (response.status === 401) {
    if (options.signal?.aborted) throw new ApiError('Request cancelled', 0, 'ABORTED', null);
    clearTokens();
    handlers.onUnauthorized();
    throw errorFromResponse(401, parsed);
  }

  if (response.status === 403 && failureOf(parsed)?.code !== ERROR_CODE.FORBIDDEN && !retried) {
    // A refresh that finished while this request was in flight already fixed the token.
    const current = getAccessToken();
    if (!current || current === token) await refreshAccessToken();
    return send<T>(method, path, body, options, true);
  }

  if (!response.ok || (parsed as { success?: unknown } | null)?.success === false) {
    const error = errorFromResponse(response.status, parsed);
    if (response.status === 503) error.retryAfterMs = retryAfterMs(response);
    if (error.code === ERROR_CODE.GAME_COMPLETED || error.message === MSG.GAME_COMPLETED) {
      handlers.onGameCompleted?.(knownEnded);
    }
    throw error;
  }
  return parsed as ApiSuccess<T>;
}

export const api = {
  get: <T>(path: string, options: RequestOptions = {}) =>
    sendRetrying<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    sendRetrying<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) =>
    sendRetrying<T>('PUT', path, body, options),
  delete: <T>(path: string, options: RequestOptions = {}) =>
    sendRetrying<T>('DELETE', path, undefined, options),
};

/** The message to show for any failure: the server's error.message or the network error's. */
export function errorMessage(
  error: unknown,
  fallback = t('Something went wrong. Please try again.'),
) {
  if (error instanceof ApiError && error.generic) return fallback;
  if (error instanceof Error && error.message) return serverText(error.message);
  return fallback;
}

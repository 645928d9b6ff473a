/** PostgreSQL's SQLSTATE of a failed query, through Drizzle's wrapper when there is one. */
export function pgErrorCode(err: unknown): string | undefined {
  for (const e of chainOf(err)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The constraint a failed query violated, if the driver reports it. */
export function pgConstraint(err: unknown): string | undefined {
  for (const e of chainOf(err)) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
export const isCheckViolation = (err: unknown) => pgErrorCode(err) === '23514';
export const isSerializationFailure = (err: unknown) =>
  pgErrorCode(err) === '40001' || pgErrorCode(err) === '40P01';

/**
 * A write that referenced a user row that is gone (foreign key violation on a `…_users_id_fk`
 * constraint): the user was deleted while a request of theirs was running.
 */
export const isMissingUser = (err: unknown) =>
  pgErrorCode(err) === '23503' && /_users_id_fk$/.test(pgConstraint(err) ?? '');

/** The errors a failed query carries: itself, its causes (Drizzle wraps), an AggregateError's. */
function* chainOf(err: unknown, depth = 0): Generator<object> {
  if (depth > 5 || typeof err !== 'object' || err === null) return;
  yield err;
  yield* chainOf((err as { cause?: unknown }).cause, depth + 1);
  const inner = (err as { errors?: unknown }).errors;
  if (Array.isArray(inner)) for (const e of inner) yield* chainOf(e, depth + 1);
}

/** A connection that could not be made or broke: the server is down, restarting or unreachable. */
const CONNECTION_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * SQLSTATEs of a server that is going or not there yet: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting or shutting down), too_many_connections; class 08 is every
 * connection exception.
 */
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection it lost or could not open in time. */
const CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * The database cannot be reached or went away (PostgreSQL through node-postgres, or the embedded
 * database's worker through the same driver): the call was refused, it can be sent again shortly.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chainOf(err)) {
    const { code, message, syscall } = e as {
      code?: unknown;
      message?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string') {
      if (
        CONNECTION_ERRNO.has(code) ||
        UNAVAILABLE_SQLSTATE.has(code) ||
        /^08[0-9A-Z]{3}$/.test(code)
      )
        return true;
      // The embedded database's Unix socket is gone (its worker stopped).
      if (code === 'ENOENT' && syscall === 'connect') return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  }
  return false;
}

/**
 * The database's storage is full: PostgreSQL's disk_full, or a write the file system refused
 * with ENOSPC (the embedded database reports it in the message of an I/O error).
 */
export function isStorageFull(err: unknown): boolean {
  for (const e of chainOf(err)) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '53100' || code === 'ENOSPC') return true;
    if (typeof message === 'string' && /No space left on device|ENOSPC/i.test(message)) return true;
  }
  return false;
}

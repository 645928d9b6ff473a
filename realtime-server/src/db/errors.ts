/** PostgreSQL's SQLSTATE of a failed query, through Drizzle's wrapper when there is one. */
export function pgErrorCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint a failed query violated, if the driver reports it. */
export function pgConstraint(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth++) {
    const c = (current as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
    current = (current as { cause?: unknown }).cause;
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

/**
 * A row a query cannot fail to find (an UPDATE … RETURNING of a row the transaction holds
 * locked, an INSERT … RETURNING) was missing: a server fault, never the caller's. The error
 * handler logs it with the query's name and answers the generic 500.
 */
export class MissingRowError extends Error {
  constructor(readonly query: string) {
    super(`query returned no row: ${query}`);
    this.name = 'MissingRowError';
  }
}

/** The row `query` must have returned; throws MissingRowError naming the query otherwise. */
export function expectRow<T>(row: T | undefined, query: string): T {
  if (row === undefined) throw new MissingRowError(query);
  return row;
}

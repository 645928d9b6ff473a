import { describe, expect, it } from 'vitest';
import { expectRow, MissingRowError } from '../src/db/rows.ts';

describe('expectRow', () => {
  it('returns the row a query found', () => {
    const row = { id: 3 };
    expect(expectRow(row, 'games: update settings')).toBe(row);
  });

  it('throws a server fault naming the query when the row is missing', () => {
    const missing = () => expectRow(undefined, 'games: update settings');
    expect(missing).toThrow(MissingRowError);
    expect(missing).toThrow('query returned no row: games: update settings');
  });
});

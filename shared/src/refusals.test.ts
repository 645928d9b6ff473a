import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  REFUSAL_CODES,
  SQL_REFUSAL_CODES,
  TS_REFUSAL_CODES,
  isSqlRefusalCode,
  refusalMessage,
} from './refusals.ts';

describe('the refusal list', () => {
  it('holds each code once, SQL and TypeScript ones apart', () => {
    expect(new Set(REFUSAL_CODES).size).toBe(REFUSAL_CODES.length);
    expect(REFUSAL_CODES).toEqual([...SQL_REFUSAL_CODES, ...TS_REFUSAL_CODES]);
  });

  it("answers each code with MSG's text", () => {
    expect(refusalMessage('INSUFFICIENT_SHARES')).toBe('You do not have enough shares to sell.');
    expect(refusalMessage('INVALID_QUANTITY')).toBe('Quantity must be a positive whole number.');
    for (const code of REFUSAL_CODES) expect(refusalMessage(code)).toBe(MSG[code]);
  });

  it('tells a code the SQL functions raise from any other text', () => {
    expect(isSqlRefusalCode('PRICE_CAP')).toBe(true);
    expect(isSqlRefusalCode('MAYHEM_EMPTY')).toBe(false);
    expect(isSqlRefusalCode('SOMETHING_ELSE')).toBe(false);
    expect(isSqlRefusalCode('toString')).toBe(false);
  });
});

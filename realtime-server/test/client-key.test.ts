import type { Request } from 'express';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { clientKeyOf } from '../src/http/client-key.ts';

/** A request with these headers whose address is only read when `ip` is given. */
function request(authorization: string | undefined, ip?: string): Request {
  return {
    headers: authorization === undefined ? {} : { authorization },
    get ip() {
      if (ip === undefined) throw new Error('the address was read');
      return ip;
    },
  } as unknown as Request;
}

const tokenOf = (sub: unknown) => jwt.sign({ sub, sid: 'x' }, 'any secret');

describe('the client a request is for', () => {
  it('is the user a bearer token names, without reading the address', () => {
    const token = tokenOf('42');
    expect(clientKeyOf(request(`Bearer ${token}`))).toBe('user:42');
    // The same token again (its key kept) and another user's token.
    expect(clientKeyOf(request(`Bearer ${token}`))).toBe('user:42');
    expect(clientKeyOf(request(`Bearer ${tokenOf('7')}`))).toBe('user:7');
  });

  it('is the address without a token, or with one that names no user', () => {
    expect(clientKeyOf(request(undefined, '10.0.0.1'))).toBe('ip:10.0.0.1');
    expect(clientKeyOf(request('Basic abc', '10.0.0.2'))).toBe('ip:10.0.0.2');
    expect(clientKeyOf(request('Bearer not-a-token', '10.0.0.3'))).toBe('ip:10.0.0.3');
    // Asked twice: the kept answer for that text is still "no user".
    expect(clientKeyOf(request('Bearer not-a-token', '10.0.0.4'))).toBe('ip:10.0.0.4');
    expect(clientKeyOf(request(`Bearer ${tokenOf(42)}`, '10.0.0.5'))).toBe('ip:10.0.0.5');
  });

  it('keeps a long user id to 20 characters', () => {
    expect(clientKeyOf(request(`Bearer ${tokenOf('1'.repeat(30))}`))).toBe(
      `user:${'1'.repeat(20)}`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isBrokerRole, isInvestorRole, roleLabel } from './roles.ts';

describe('roles', () => {
  it('a broker seat is 1 or 3, an investor seat 2 or 3', () => {
    expect([1, 2, 3, null, undefined, 4].map(isBrokerRole)).toEqual([
      true,
      false,
      true,
      false,
      false,
      false,
    ]);
    expect([1, 2, 3, null, undefined, 4].map(isInvestorRole)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('labels roles, reading anything but 1 or 2 as both', () => {
    expect([1, 2, 3, 0, null].map(roleLabel)).toEqual([
      'Broker',
      'Investor',
      'Broker & Investor',
      'Broker & Investor',
      'Broker & Investor',
    ]);
  });
});

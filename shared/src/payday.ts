import { PAYDAYS_PER_GAME } from './constants.ts';
import { assertSafeInteger, rupeesToPaise } from './money.ts';

/** Whether another payday may be given after `paydaysGiven` (at most PAYDAYS_PER_GAME per game). */
export function canGivePayday(paydaysGiven: number): boolean {
  assertSafeInteger(paydaysGiven, 'paydaysGiven', true);
  return paydaysGiven < PAYDAYS_PER_GAME;
}

/** The cash each investor receives on payday, in paise, from the game's increment in rupees. */
export function paydayCreditPaise(paydayIncrementRupees: number): number {
  const paise = rupeesToPaise(paydayIncrementRupees);
  if (paise < 0) throw new RangeError(`payday increment must not be negative, got ${paise}`);
  return paise;
}

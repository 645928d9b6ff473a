import { PAYDAYS_PER_GAME } from './constants.ts';
import { assertSafeInteger } from './money.ts';

/** Whether another payday may be given after `paydaysGiven` (at most PAYDAYS_PER_GAME per game). */
export function canGivePayday(paydaysGiven: number): boolean {
  assertSafeInteger(paydaysGiven, 'paydaysGiven', true);
  return paydaysGiven < PAYDAYS_PER_GAME;
}

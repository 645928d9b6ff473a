/** The rules of roles (SPEC §6, DESIGN §4): one place for the server and every screen. */
import { ROLE } from './constants.ts';

/** A broker seat runs the game: the Broker (1) or the Investor & Broker (3). */
export function isBrokerRole(role: number | null | undefined): boolean {
  return role === ROLE.BROKER || role === ROLE.BOTH;
}

/** An investor seat trades: the Investor (2) or the Investor & Broker (3). */
export function isInvestorRole(role: number | null | undefined): boolean {
  return role === ROLE.INVESTOR || role === ROLE.BOTH;
}

/** SPEC §2 role label; any value other than 1 or 2 reads as both (SPEC §4). */
export function roleLabel(role: number | null | undefined): string {
  if (role === ROLE.BROKER) return 'Broker';
  if (role === ROLE.INVESTOR) return 'Investor';
  return 'Broker & Investor';
}

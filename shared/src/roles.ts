/** The rules of roles (docs/rules.md#roles): one place for the server and every screen. */
import { ROLE, type Role } from './constants.ts';
import { fillTemplate, MSG_TEMPLATE } from './message-templates.ts';

/** A broker seat runs the game: the Broker (1) or the Investor & Broker (3). */
export function isBrokerRole(role: number | null | undefined): boolean {
  return role === ROLE.BROKER || role === ROLE.BOTH;
}

/** An investor seat trades: the Investor (2) or the Investor & Broker (3). */
export function isInvestorRole(role: number | null | undefined): boolean {
  return role === ROLE.INVESTOR || role === ROLE.BOTH;
}

/** A role's label; any value other than 1, 2 or 4 reads as both, as the first clients read it. */
export function roleLabel(role: number | null | undefined): string {
  if (role === ROLE.BROKER) return 'Broker';
  if (role === ROLE.INVESTOR) return 'Investor';
  if (role === ROLE.FORMER_BROKER) return 'Former broker';
  return 'Broker & Investor';
}

/**
 * A new broker: the role a seat takes on receiving the broker's powers. An
 * Investor becomes Investor & Broker (keeping the portfolio); a former pure Broker is a Broker again.
 */
export function roleWithBrokerPowers(role: Role): Role {
  return role === ROLE.INVESTOR || role === ROLE.BOTH ? ROLE.BOTH : ROLE.BROKER;
}

/** The role a broker's seat keeps after handing the powers on: Investor, or Former broker. */
export function roleWithoutBrokerPowers(role: Role): Role {
  return role === ROLE.BOTH || role === ROLE.INVESTOR ? ROLE.INVESTOR : ROLE.FORMER_BROKER;
}

/** How long the broker's devices must all have been away before another player may claim. */
export const BROKER_CLAIM_AFTER_S = 60;

/** Whole seconds left before a claim is allowed, given when the broker's last device left. */
export function claimSecondsLeft(awaySinceMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((awaySinceMs + BROKER_CLAIM_AFTER_S * 1000 - nowMs) / 1000));
}

/** The 409 answer of a claim that came too early. */
export function claimTooEarlyMessage(secondsLeft: number): string {
  return fillTemplate(MSG_TEMPLATE.BROKER_CLAIM_TOO_EARLY, {
    limit: BROKER_CLAIM_AFTER_S,
    seconds: secondsLeft,
  });
}

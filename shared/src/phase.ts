import { ORDERBOOK } from './constants.ts';

/** What decides whether a trade phase is open: the orderbook switch and the phase's end. */
export interface PhaseFacts {
  orderbookStatus: number;
  /** When the phase ends: epoch milliseconds, an ISO string or a Date; null when none is set. */
  endsAt: number | string | Date | null | undefined;
}

function endMs(endsAt: PhaseFacts['endsAt']): number | null {
  if (endsAt === null || endsAt === undefined) return null;
  const ms =
    endsAt instanceof Date
      ? endsAt.getTime()
      : typeof endsAt === 'number'
        ? endsAt
        : Date.parse(endsAt);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The one rule for "is the trade phase open": the orderbook is on and its end is still ahead of
 * `nowMs`. Every place that asks (orders, the phase switch, the screens, the alerts) calls this.
 */
export function isTradePhaseOpen(phase: PhaseFacts, nowMs: number): boolean {
  const end = endMs(phase.endsAt);
  return phase.orderbookStatus === ORDERBOOK.ON && end !== null && end > nowMs;
}

/** Whole seconds left in an open phase (rounded up), or null when the phase is not open. */
export function phaseSecondsLeft(phase: PhaseFacts, nowMs: number): number | null {
  if (!isTradePhaseOpen(phase, nowMs)) return null;
  return Math.ceil(((endMs(phase.endsAt) as number) - nowMs) / 1000);
}

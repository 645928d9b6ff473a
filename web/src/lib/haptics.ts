/**
 * Vibration on phones for the moments that need a player's eyes: each has its own pattern, so a
 * phone in a pocket tells them apart. Nothing where the browser cannot vibrate (desktops, iOS).
 */

/** What a phone vibrates for. */
export type Buzz = 'phase-open' | 'phase-closing' | 'mayhem' | 'broker-offline';

/** Milliseconds on, off, on… for each. */
export const BUZZ_PATTERNS: Record<Buzz, number[]> = {
  'phase-open': [200, 100, 200],
  'phase-closing': [100, 60, 100, 60, 100],
  mayhem: [400, 150, 400],
  'broker-offline': [600],
};

/** Whether this browser can vibrate at all (Profile shows the switch only then). */
export function canVibrate(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

/** Vibrates the pattern of `buzz`, where the browser can. */
export function vibrate(buzz: Buzz): void {
  if (canVibrate()) navigator.vibrate(BUZZ_PATTERNS[buzz]);
}

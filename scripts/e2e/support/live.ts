import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/** The bound for a change made on one device to show on the others: a correctness check. */
export const LIVE_MS = 2_000;

/**
 * Polls `probe` every 50 ms until the matcher chained on the result holds, failing after
 * `timeout` (2 s by default) with `message`. Probes must not wait themselves: use `textOf`,
 * `locator.count()`, `locator.isVisible()` or `pathOf`.
 */
export function live<T>(message: string, probe: () => T | Promise<T>, timeout = LIVE_MS) {
  return expect.poll(probe, { timeout, interval: 50, message });
}

/** The rendered text of everything a locator matches right now ('' when nothing), never waiting. */
export async function textOf(locator: Locator): Promise<string> {
  return (await locator.allInnerTexts()).join('\n');
}

import type { Browser } from 'playwright-core';
import { expectAccessible } from './a11y.ts';
import { recordFailure, screenshot } from './artifacts.ts';
import { openPlayer, type Player } from './browser.ts';
import type { E2eServer } from './server.ts';

/**
 * One test's people and steps. Every step that fails leaves each player's screen and console
 * log in artifacts/failures/ and names the step in the error.
 */
export class Scenario {
  readonly players: Player[] = [];
  private readonly audited = new Set<string>();

  constructor(
    readonly title: string,
    readonly browser: Browser,
    readonly server: E2eServer,
    /** Run axe on each screen the first time it is seen in this scenario. */
    private readonly audit = false,
  ) {}

  async join(name: string, screen?: { width: number; height: number }): Promise<Player> {
    const player = await openPlayer(this.browser, name, this.server.url, screen);
    this.players.push(player);
    return player;
  }

  async step<T>(label: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      await recordFailure(`${this.title} ${label}`, this.players, error);
      if (error instanceof Error) error.message = `[step: ${label}] ${error.message}`;
      throw error;
    }
  }

  /**
   * A screen was reached: screenshot it and, in an audited scenario, run axe the first time
   * the broker or an investor sees it ('investor-a' and 'investor-b' count as one).
   */
  async seen(player: Player, screen: string): Promise<void> {
    await screenshot(player, screen);
    const key = `${player.name.replace(/-[a-z]$/, '')}:${screen}`;
    if (this.audit && !this.audited.has(key)) {
      this.audited.add(key);
      await expectAccessible(player, screen);
    }
  }

  /**
   * Runs the players' flows side by side and waits for all of them, so that a failure in one
   * is reported once and the others do not run on against closed pages.
   */
  async together(...flows: Promise<unknown>[]): Promise<void> {
    const results = await Promise.allSettled(flows);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  async close(): Promise<void> {
    await Promise.all(this.players.map((p) => p.context.close().catch(() => undefined)));
  }
}

import fs from 'node:fs';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';
import type { Player } from './browser.ts';
import { AXE_SCRIPT } from './paths.ts';

let axeCode: string | undefined;
const axeSource = () => (axeCode ??= fs.readFileSync(AXE_SCRIPT, 'utf8'));

const BLOCKING: string[] = ['serious', 'critical'];

interface Finding {
  id: string;
  impact: ImpactValue | undefined;
  help: string;
  targets: string[];
}

/** Waits until no finite animation (a fade, a slide, the wheel) is running, at most 3 s. */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 3_000, polling: 100 },
    )
    .catch(() => undefined);
}

/**
 * Runs axe-core on the player's current screen and fails with every 'serious' or 'critical'
 * violation, named by rule id and the CSS targets of the offending nodes.
 */
export async function expectAccessible(player: Player, screen: string): Promise<void> {
  const { page } = player;
  await settle(page);
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol: the app's CSP (no inline script) refuses a tag.
  if (!loaded) await page.evaluate(axeSource());
  const findings = await page.evaluate(async (blocking: string[]) => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } })
      .axe;
    const results = await axe.run(document);
    return results.violations
      .filter((v) => v.impact != null && blocking.includes(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.map(String).join(' ')),
      }));
  }, BLOCKING);
  if (findings.length > 0) {
    const lines = findings.map(
      (f: Finding) => `  ${f.id} (${f.impact}): ${f.help}\n    ${f.targets.join('\n    ')}`,
    );
    throw new Error(
      `axe: ${findings.length} serious/critical violation(s) on ${player.name}'s ${screen} screen (${page.url()}):\n${lines.join('\n')}`,
    );
  }
}

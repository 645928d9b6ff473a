import fs from 'node:fs';
import path from 'node:path';
import type { Player } from './browser.ts';
import { FAILURES_DIR, SCREENS_DIR } from './paths.ts';

let nextNumber: number | null = null;

/** Continues the numbering of earlier test files of this run (the files run one at a time). */
function takeNumber(): number {
  if (nextNumber === null) {
    fs.mkdirSync(SCREENS_DIR, { recursive: true });
    const used = fs
      .readdirSync(SCREENS_DIR)
      .map((file) => Number.parseInt(file, 10))
      .filter(Number.isFinite);
    nextNumber = used.length === 0 ? 1 : Math.max(...used) + 1;
  }
  return nextNumber++;
}

const safe = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * A phone-viewport screenshot of the screen a player is on, artifacts/screens/<nn>-<screen>.png
 * with <screen> as '<player>-<screen>': the first visit of the run only, so the folder holds
 * each screen once, numbered in the order first seen.
 */
export async function screenshot(player: Player, screen: string): Promise<void> {
  const name = safe(`${player.name} ${screen}`);
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  if (fs.readdirSync(SCREENS_DIR).some((file) => file.replace(/^\d+-/, '') === `${name}.png`)) {
    return;
  }
  const nn = String(takeNumber()).padStart(2, '0');
  await player.page.screenshot({ path: path.join(SCREENS_DIR, `${nn}-${name}.png`) });
}

/** On a failing step: each player's screen and console log into artifacts/failures/. */
export async function recordFailure(
  label: string,
  players: readonly Player[],
  error: unknown,
): Promise<void> {
  fs.mkdirSync(FAILURES_DIR, { recursive: true });
  const base = safe(label).slice(0, 100);
  for (const player of players) {
    const file = path.join(FAILURES_DIR, `${base}--${safe(player.name)}`);
    try {
      await player.page.screenshot({ path: `${file}.png`, timeout: 5_000 });
    } catch (shotError) {
      player.log.push(`[e2e] failure screenshot not taken: ${String(shotError)}`);
    }
    const header = [
      `step: ${label}`,
      `player: ${player.name}`,
      `url: ${player.page.isClosed() ? '(closed)' : player.page.url()}`,
      `error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      '',
      '--- console ---',
    ];
    fs.writeFileSync(`${file}.log`, [...header, ...player.log, ''].join('\n'));
  }
}

/**
 * The recap as a timeline of steps, each shown for its time: every round of the net-worth race,
 * then the biggest trade, the best price move, the mayhems and the paydays. It lasts from
 * RECAP_MIN_MS to RECAP_MAX_MS whatever the game: the race's rounds take what the other scenes
 * leave of that span.
 */
import type { RecapStory } from './recap-story';

export type RecapScene = 'race' | 'biggest-trade' | 'best-move' | 'mayhem' | 'paydays';

export interface RecapStep {
  scene: RecapScene;
  /** The race's round shown (an index into `RecapStory.rounds`); 0 for the other scenes. */
  frame: number;
  durationMs: number;
}

export const RECAP_MIN_MS = 30_000;
export const RECAP_MAX_MS = 60_000;
/** A round of the race when the span leaves it free to choose. */
const ROUND_MS = 4_000;
const SCENE_MS = 6_000;
const MAYHEM_MS = { first: 6_000, each: 2_000, most: 12_000 };

export function recapSteps(story: RecapStory): RecapStep[] {
  const scenes: RecapStep[] = [];
  if (story.biggestTrade) scenes.push({ scene: 'biggest-trade', frame: 0, durationMs: SCENE_MS });
  if (story.bestMove) scenes.push({ scene: 'best-move', frame: 0, durationMs: SCENE_MS });
  if (story.mayhems.length > 0) {
    const extra = MAYHEM_MS.each * (story.mayhems.length - 1);
    scenes.push({
      scene: 'mayhem',
      frame: 0,
      durationMs: Math.min(MAYHEM_MS.first + extra, MAYHEM_MS.most),
    });
  }
  if (story.paydays.count > 0) scenes.push({ scene: 'paydays', frame: 0, durationMs: SCENE_MS });
  const others = scenes.reduce((sum, s) => sum + s.durationMs, 0);
  const rounds = Math.max(story.rounds.length, 1);
  const race = Math.min(Math.max(rounds * ROUND_MS, RECAP_MIN_MS - others), RECAP_MAX_MS - others);
  const roundMs = Math.floor(race / rounds);
  const raceSteps = Array.from({ length: rounds }, (_, frame) => ({
    scene: 'race' as const,
    frame,
    durationMs: roundMs,
  }));
  return [...raceSteps, ...scenes];
}

export const recapDurationMs = (steps: readonly RecapStep[]) =>
  steps.reduce((sum, s) => sum + s.durationMs, 0);

import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { describe, expect, it } from 'vitest';
import { recapStory, type RecapStory } from './recap-story';
import { RECAP_MAX_MS, RECAP_MIN_MS, recapDurationMs, recapSteps } from './recap-timeline';

const sampleStory = () => recapStory(buildGameReport(sampleReportRows()));

describe('recapSteps', () => {
  it('the race round by round, then trade, move, mayhem and paydays, in 30 to 60 s', () => {
    const steps = recapSteps(sampleStory());
    expect(steps.map((s) => `${s.scene}:${s.frame}`)).toEqual([
      'race:0',
      'race:1',
      'race:2',
      'race:3',
      'biggest-trade:0',
      'best-move:0',
      'mayhem:0',
      'paydays:0',
    ]);
    // Four scenes of 6 s and four rounds of 4 s.
    expect(steps.map((s) => s.durationMs)).toEqual([
      4000, 4000, 4000, 4000, 6000, 6000, 6000, 6000,
    ]);
    expect(recapDurationMs(steps)).toBe(40_000);
  });

  it('stays within 60 s however many mayhems and rounds, and leaves out what did not happen', () => {
    const story = sampleStory();
    const busy: RecapStory = {
      ...story,
      rounds: Array.from({ length: 8 }, (_, round) => ({ ...story.rounds[0]!, round })),
      mayhems: Array.from({ length: 9 }, () => story.mayhems[0]!),
    };
    const steps = recapSteps(busy);
    expect(recapDurationMs(steps)).toBeLessThanOrEqual(RECAP_MAX_MS);
    expect(recapDurationMs(steps)).toBeGreaterThanOrEqual(RECAP_MIN_MS);
    expect(steps.find((s) => s.scene === 'mayhem')!.durationMs).toBe(12_000);

    const quiet: RecapStory = {
      ...story,
      biggestTrade: null,
      bestMove: null,
      mayhems: [],
      paydays: { count: 0, total: 0 },
    };
    const only = recapSteps(quiet);
    // The race alone stretches its rounds to the shortest recap.
    expect(only.map((s) => s.durationMs)).toEqual([7500, 7500, 7500, 7500]);
    expect(only.every((s) => s.scene === 'race')).toBe(true);
    expect(recapDurationMs(only)).toBe(RECAP_MIN_MS);
  });
});

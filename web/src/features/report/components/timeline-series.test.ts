import type { GameReport } from '@showdown/shared/api';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows, sampleTime } from '@showdown/shared/report-sample';
import { describe, expect, it } from 'vitest';
import { pricesAtEvents, timelineSeries } from './timeline-series';

/** The shared sample game: started at minute 0, ended at minute 30. */
const finishedGame = (): GameReport => buildGameReport(sampleReportRows());

describe('pricesAtEvents', () => {
  it("gives each company's price at every event of the timeline", () => {
    const series = pricesAtEvents(finishedGame());
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Tandoor Motors', [450, 495, 495, 495, 420.75, 420.75, 420.75, 420.75]],
      ['Monsoon Power', [280, 280, 280, 280, 280, 336, 336, 336]],
    ]);
  });
});

describe('timelineSeries', () => {
  it("puts each step at its event's minute into the game and holds the last to the end", () => {
    const timeline = timelineSeries(finishedGame());
    // start, price update, trade, payday, mayhem (two companies), trade, trade; the end.
    expect(timeline.minutes).toEqual([0, 1, 2, 3, 4, 4, 5, 6, 30]);
    expect(timeline.events).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 7]);
    const asha = timeline.netWorth.find((l) => l.label === 'Asha')!;
    // The payday at minute 3 is a jump at 3 (+₹2,000), flat before and after.
    expect(asha.data.slice(2, 4)).toEqual([asha.data[2], asha.data[2]! + 2000]);
    expect(asha.data.at(-1)).toBe(11257.5);
    expect(asha.data).toHaveLength(9);
    const tandoor = timeline.prices.find((l) => l.label === 'Tandoor Motors')!;
    expect(tandoor.data).toEqual([450, 495, 495, 495, 420.75, 420.75, 420.75, 420.75, 420.75]);
    expect(tandoor.id).toBe('company-1');
  });

  it('counts seconds as fractions of a minute and adds no end point at the last event', () => {
    const rows = sampleReportRows();
    rows.game.ended_at = sampleTime(6);
    rows.transactions[0]!.at = new Date(Date.parse(sampleTime(0)) + 30_000).toISOString();
    const timeline = timelineSeries(buildGameReport(rows));
    expect(timeline.minutes).toEqual([0, 0.5, 2, 3, 4, 4, 5, 6]);
    expect(timeline.netWorth.every((l) => l.data.length === 8)).toBe(true);
  });

  it('draws a game without an end time up to its last event', () => {
    const rows = sampleReportRows();
    rows.game.ended_at = null;
    expect(timelineSeries(buildGameReport(rows)).minutes.at(-1)).toBe(6);
  });
});

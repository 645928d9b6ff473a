import type { GameReport, ReportEvent } from '@showdown/shared/api';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { describe, expect, it } from 'vitest';
import { MAX_RACE_ROUNDS, recapStory, roundEnds, spread } from './recap-story';

/**
 * The shared sample game: a price update, Asha buys 10 Tandoor, a payday of ₹2,000, a mayhem
 * (Tandoor -15 %, Monsoon +20 %), Ravi buys 5 Monsoon, Asha sells 4 Tandoor.
 */
const finishedGame = (): GameReport => buildGameReport(sampleReportRows());

const at = (index: number, kind: ReportEvent['kind']) =>
  ({ index, at: '', kind }) as unknown as ReportEvent;

describe('roundEnds', () => {
  it('ends a round at the last market move before the next trades, and at the last event', () => {
    expect(roundEnds(finishedGame().events)).toEqual([0, 1, 5, 7]);
    expect(
      roundEnds([at(0, 'start'), at(1, 'trade'), at(2, 'price_update'), at(3, 'payday')]),
    ).toEqual([0, 3]);
    expect(roundEnds([at(0, 'start')])).toEqual([0]);
  });
});

describe('spread', () => {
  it('keeps the first and the last and spreads the rest evenly', () => {
    expect(spread([1, 2, 3], 8)).toEqual([1, 2, 3]);
    expect(spread([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 6)).toEqual([0, 2, 4, 6, 8, 10]);
  });
});

describe('recapStory', () => {
  it("marks a practice game's bots in every round of the race", () => {
    const report = finishedGame();
    report.players = report.players.map((p) => ({ ...p, bot: p.username === 'Ravi' }));
    for (const round of recapStory(report).rounds) {
      expect(round.standings.map((s) => [s.username, s.bot]).sort()).toEqual([
        ['Asha', false],
        ['Ravi', true],
      ]);
    }
  });

  it('tells the sample game: the race, the biggest trade, the best move, the mayhem, the payday', () => {
    const story = recapStory(finishedGame());
    expect(
      story.rounds.map((r) => [r.round, r.standings.map((s) => `${s.username} ${s.net_worth}`)]),
    ).toEqual([
      [0, ['Asha 10000', 'Ravi 10000']],
      [1, ['Asha 10000', 'Ravi 10000']],
      [2, ['Ravi 12000', 'Asha 11257.5']],
      [3, ['Ravi 12000', 'Asha 11257.5']],
    ]);
    // Asha's 10 Tandoor at ₹495 (₹4,950) beats Ravi's 5 Monsoon at ₹336 and her sale of 4.
    expect(story.biggestTrade).toMatchObject({ username: 'Asha', quantity: 10, price: 495 });
    // Monsoon's +20 % in the mayhem is the largest move (Tandoor: +10 %, then -15 %).
    expect(story.bestMove).toMatchObject({ kind: 'mayhem', company: 'Monsoon Power' });
    expect(story.mayhems).toHaveLength(1);
    expect(story.paydays).toEqual({ count: 1, total: 2000 });
    expect(story.podium.map((p) => p.username)).toEqual(['Ravi', 'Asha']);
  });

  it('counts an undone payday out, and a game without trades or moves has none to tell', () => {
    const report = finishedGame();
    const undone = {
      ...report,
      events: [
        ...report.events,
        { index: 8, at: report.events[7]!.at, kind: 'undo', undone: 'payday', amount: 2000 },
      ] as ReportEvent[],
    };
    expect(recapStory(undone).paydays).toEqual({ count: 0, total: 0 });
    const quiet = { ...report, events: report.events.slice(0, 1), mayhems: [] };
    const story = recapStory(quiet);
    expect(story.biggestTrade).toBeNull();
    expect(story.bestMove).toBeNull();
    expect(story.rounds).toHaveLength(1);
  });

  it(`a long game's race keeps ${MAX_RACE_ROUNDS} rounds, the first and the last among them`, () => {
    const report = finishedGame();
    const events: ReportEvent[] = [report.events[0]!];
    for (let i = 1; i <= 40; i++) {
      events.push({ ...(report.events[i % 2 === 1 ? 2 : 1] as ReportEvent), index: i });
    }
    const players = report.players.map((p) => ({
      ...p,
      net_worth: events.map((e) => ({ event: e.index, at: e.at, net_worth: 1000 + e.index })),
    }));
    const story = recapStory({ ...report, events, players });
    expect(story.rounds).toHaveLength(MAX_RACE_ROUNDS);
    expect(story.rounds[0]!.round).toBe(0);
    expect(story.rounds.at(-1)!.standings[0]!.net_worth).toBe(1040);
  });
});

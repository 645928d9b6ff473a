import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ordinal, rankName, rankPlayers } from './ranking.ts';

describe('ordinal', () => {
  it.each([
    [0, '0th'],
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [10, '10th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [14, '14th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [101, '101st'],
    [102, '102nd'],
    [111, '111th'],
    [112, '112th'],
    [113, '113th'],
    [1001, '1001st'],
    [-1, '-1st'],
  ])('%i → %s', (n, label) => {
    expect(ordinal(n)).toBe(label);
  });

  it('throws a RangeError for a non-integer', () => {
    expect(() => ordinal(1.5)).toThrow(RangeError);
  });

  it('uses th for every number ending in 11, 12 or 13', () => {
    fc.assert(
      fc.property(fc.nat(1e9), fc.constantFrom(11, 12, 13), (hundreds, end) => {
        expect(ordinal(hundreds * 100 + end)).toBe(`${hundreds * 100 + end}th`);
      }),
    );
  });
});

describe('rankName', () => {
  it('names the podium, the middle and the last place', () => {
    expect(rankName(1, 5)).toBe('Market Mogul');
    expect(rankName(2, 5)).toBe('Bull Runner');
    expect(rankName(3, 5)).toBe('Smart Trader');
    expect(rankName(4, 5)).toBe('Steady Investor');
    expect(rankName(5, 5)).toBe('Bagholder');
    expect(rankName(6, 7)).toBe('Steady Investor');
    expect(rankName(3, 3)).toBe('Bagholder');
  });

  it('keeps Bagholder for games of 3 or more players', () => {
    expect(rankName(1, 1)).toBe('Market Mogul');
    expect(rankName(2, 2)).toBe('Bull Runner');
  });

  it('throws a RangeError for a rank outside 1..playerCount', () => {
    expect(() => rankName(0, 3)).toThrow(RangeError);
    expect(() => rankName(4, 3)).toThrow(RangeError);
    expect(() => rankName(1.5, 3)).toThrow(RangeError);
  });
});

describe('rankPlayers', () => {
  it('sorts by balance, breaks ties by id and shares tied ranks (1, 1, 3)', () => {
    const players = [
      { id: 3, balancePaise: 500, name: 'c' },
      { id: 2, balancePaise: 700, name: 'b' },
      { id: 1, balancePaise: 700, name: 'a' },
      { id: 4, balancePaise: 100, name: 'd' },
    ];
    expect(rankPlayers(players)).toEqual([
      {
        id: 1,
        balancePaise: 700,
        name: 'a',
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Mogul',
      },
      {
        id: 2,
        balancePaise: 700,
        name: 'b',
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Mogul',
      },
      {
        id: 3,
        balancePaise: 500,
        name: 'c',
        rank: 3,
        rank_label: '3rd',
        rank_name: 'Smart Trader',
      },
      { id: 4, balancePaise: 100, name: 'd', rank: 4, rank_label: '4th', rank_name: 'Bagholder' },
    ]);
  });

  it('does not mutate its input', () => {
    const players = Object.freeze([
      Object.freeze({ id: 2, balancePaise: 1 }),
      Object.freeze({ id: 1, balancePaise: 2 }),
    ]);
    const before = JSON.stringify(players);
    expect(rankPlayers(players).map((p) => p.id)).toEqual([1, 2]);
    expect(JSON.stringify(players)).toBe(before);
  });

  it('handles no players and negative balances', () => {
    expect(rankPlayers([])).toEqual([]);
    expect(
      rankPlayers([
        { id: 1, balancePaise: -5 },
        { id: 2, balancePaise: 0 },
      ]).map((p) => [p.id, p.rank]),
    ).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  const players = fc.uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      // a narrow range so that ties are common
      balancePaise: fc.integer({ min: 0, max: 5 }).map((b) => b * 100000),
    }),
    { selector: (p) => p.id, maxLength: 7 },
  );

  it('gives the same result for any order of its input', () => {
    fc.assert(
      fc.property(
        players.chain((ps) =>
          fc.tuple(fc.constant(ps), fc.shuffledSubarray(ps, { minLength: ps.length })),
        ),
        ([ps, shuffled]) => {
          expect(rankPlayers(shuffled)).toEqual(rankPlayers(ps));
        },
      ),
    );
  });

  it('ranks are standard competition ranks, non-decreasing, with balances non-increasing', () => {
    fc.assert(
      fc.property(players, (ps) => {
        const ranked = rankPlayers(ps);
        expect(ranked).toHaveLength(ps.length);
        ranked.forEach((p, i) => {
          const richer = ps.filter((q) => q.balancePaise > p.balancePaise).length;
          expect(p.rank).toBe(richer + 1);
          expect(p.rank_label).toBe(ordinal(p.rank));
          expect(p.rank_name).toBe(rankName(p.rank, ps.length));
          const previous = ranked[i - 1];
          if (previous) {
            expect(previous.rank).toBeLessThanOrEqual(p.rank);
            expect(previous.balancePaise).toBeGreaterThanOrEqual(p.balancePaise);
            if (previous.balancePaise === p.balancePaise) {
              expect(previous.id).toBeLessThan(p.id);
              expect(previous.rank).toBe(p.rank);
            }
          }
        });
      }),
    );
  });
});

import { assertSafeInteger } from './money.ts';

/** The English ordinal of an integer: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st, 111th. */
export function ordinal(n: number): string {
  assertSafeInteger(n, 'n');
  const magnitude = Math.abs(n);
  const lastTwo = magnitude % 100;
  let suffix = 'th';
  if (lastTwo < 11 || lastTwo > 13) {
    const last = magnitude % 10;
    if (last === 1) suffix = 'st';
    else if (last === 2) suffix = 'nd';
    else if (last === 3) suffix = 'rd';
  }
  return `${n}${suffix}`;
}

const TITLES_BY_RANK = ['Market Mogul', 'Bull Runner', 'Smart Trader'];
const MIDDLE_TITLE = 'Steady Investor';
const LAST_TITLE = 'Bagholder';

/**
 * A title for a finishing position: 1 'Market Mogul', 2 'Bull Runner', 3 'Smart Trader',
 * otherwise 'Steady Investor', except that the sole last place of 3 or more players is
 * 'Bagholder'. Throws a RangeError unless 1 ≤ rank ≤ playerCount.
 */
export function rankName(rank: number, playerCount: number): string {
  assertSafeInteger(rank, 'rank');
  assertSafeInteger(playerCount, 'playerCount');
  if (rank < 1 || rank > playerCount) {
    throw new RangeError(`rank must be between 1 and ${playerCount}, got ${rank}`);
  }
  if (playerCount >= 3 && rank === playerCount) return LAST_TITLE;
  return TITLES_BY_RANK[rank - 1] ?? MIDDLE_TITLE;
}

/**
 * Players sorted by balance descending, ties by id ascending, with standard competition ranks
 * (equal balances share a rank: 1, 1, 3), the ordinal label and a title. Does not mutate the
 * input; with distinct ids the result does not depend on the input order.
 */
export function rankPlayers<T extends { id: number; balancePaise: number }>(
  players: readonly T[],
): Array<T & { rank: number; rank_label: string; rank_name: string }> {
  const sorted = [...players].sort((a, b) => b.balancePaise - a.balancePaise || a.id - b.id);
  let rank = 0;
  return sorted.map((player, index) => {
    if (index === 0 || player.balancePaise !== sorted[index - 1]?.balancePaise) rank = index + 1;
    return {
      ...player,
      rank,
      rank_label: ordinal(rank),
      rank_name: rankName(rank, sorted.length),
    };
  });
}

/**
 * The bots' seeded randomness (pure-rand's xoroshiro128+): a draw depends only on the numbers it
 * is seeded with (the game's seed, how many times the game was driven, the seat), never on the
 * node or the hour, so a practice game replays from its seed and any node continues it alike.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

export interface Random {
  /** A whole number from `from` to `to`, both included. */
  int(from: number, to: number): number;
  /** True with probability `p` (0 to 1, in thousandths). */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A new array: the items in a random order. */
  shuffled<T>(items: readonly T[]): T[];
}

/** One 32-bit seed from several numbers (each mixed in with a multiply-xorshift step). */
export function mixSeed(...parts: readonly number[]): number {
  let h = 0x2545f491;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h ^ Math.floor(part / 0x1_0000_0000), 0x85ebca6b);
    h ^= h >>> 13;
  }
  return h | 0;
}

export function seededRandom(...parts: readonly number[]): Random {
  const rng = xoroshiro128plus(mixSeed(...parts));
  const int = (from: number, to: number) => uniformInt(rng, from, to);
  return {
    int,
    chance: (p) => int(0, 999) < Math.round(p * 1000),
    pick: (items) => {
      if (items.length === 0) throw new RangeError('pick from no items');
      return items[int(0, items.length - 1)]!;
    },
    shuffled: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

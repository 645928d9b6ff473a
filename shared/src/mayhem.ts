import { assertSafeInteger, roundHalfUpDiv, toSafeNumber } from './money.ts';
import type { RefusalCode } from './refusals.ts';

/** Why an investor's market mayhem response was refused: codes of the one refusal list. */
export type MayhemResponseError = Extract<
  RefusalCode,
  | 'MAYHEM_EMPTY'
  | 'MAYHEM_STOCK_NOT_LISTED'
  | 'MAYHEM_PERCENTAGE_NOT_LISTED'
  | 'MAYHEM_DUPLICATE_STOCK'
>;

/** One company an investor picked and the percentage it assigned. */
export interface MayhemPick {
  stock_id: number;
  percentage: number;
}

/**
 * Checks a response against the open list: at least one pick, each company from the list at
 * most once, each percentage one of the list's percentages (a percentage may be reused).
 * Returns the first problem found in pick order, or null.
 */
export function validateMayhemResponse(
  list: { stockIds: readonly number[]; percentages: readonly number[] },
  response: readonly MayhemPick[],
): MayhemResponseError | null {
  if (response.length === 0) return 'MAYHEM_EMPTY';
  const listedStocks = new Set(list.stockIds);
  const listedPercentages = new Set(list.percentages);
  const seen = new Set<number>();
  for (const { stock_id, percentage } of response) {
    if (!listedStocks.has(stock_id)) return 'MAYHEM_STOCK_NOT_LISTED';
    if (!listedPercentages.has(percentage)) return 'MAYHEM_PERCENTAGE_NOT_LISTED';
    if (seen.has(stock_id)) return 'MAYHEM_DUPLICATE_STOCK';
    seen.add(stock_id);
  }
  return null;
}

/**
 * Per company, the mean of the percentages investors gave it: the exact `sum` and `count`
 * (apply with `applyPercentChange(price, sum, count)`) and `percentage`, the mean rounded half
 * up to 2 decimals for display. Companies nobody picked are absent; sorted by stock_id.
 * Throws a RangeError for a percentage that is not a safe integer.
 */
export function averageMayhem(
  responses: ReadonlyArray<readonly MayhemPick[]>,
): Array<{ stock_id: number; sum: number; count: number; percentage: number }> {
  const totals = new Map<number, { sum: bigint; count: number }>();
  for (const response of responses) {
    for (const { stock_id, percentage } of response) {
      assertSafeInteger(percentage, 'percentage');
      const total = totals.get(stock_id) ?? { sum: 0n, count: 0 };
      total.sum += BigInt(percentage);
      total.count += 1;
      totals.set(stock_id, total);
    }
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a - b)
    .map(([stock_id, { sum, count }]) => ({
      stock_id,
      sum: toSafeNumber(sum, 'percentage sum'),
      count,
      percentage: Number(roundHalfUpDiv(sum * 100n, BigInt(count))) / 100,
    }));
}

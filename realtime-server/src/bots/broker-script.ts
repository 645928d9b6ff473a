/**
 * The bot broker's game (a practice game where the person is an investor, or watches): it runs
 * the table as a broker would. It starts the game; each round it moves two prices, opens a trade
 * phase and waits for its end, then gives a payday; in the middle round it lays a market mayhem
 * list before the phase and averages it after; after the last round it ends the game. Pure: the
 * steps, and the seeded choices of each price move and of the mayhem list.
 */
import type { MayhemCreateInput, PriceUpdateInput } from '@showdown/shared/api';
import { MAYHEM_PERCENTAGES, PAYDAYS_PER_GAME } from '@showdown/shared/constants';
import { applyPercentChange, exceedsPriceCap } from '@showdown/shared/pricing';
import type { Random } from './random.ts';

export type BrokerStep =
  | { kind: 'start' }
  | { kind: 'price'; round: number }
  | { kind: 'mayhem' }
  | { kind: 'open'; round: number }
  | { kind: 'wait' }
  | { kind: 'average' }
  | { kind: 'payday'; round: number }
  | { kind: 'end' };

/** The pause a bot broker takes after each step, so people can follow (milliseconds). */
export const BROKER_PACE_MS = 2500;
/** Price moves the bot broker makes before each trade phase. */
export const PRICE_MOVES_PER_ROUND = 2;

/** The round with the market mayhem: the middle one. */
export const mayhemRound = (rounds: number) => Math.ceil(rounds / 2);

export function brokerScript(rounds: number): BrokerStep[] {
  const steps: BrokerStep[] = [{ kind: 'start' }];
  for (let round = 1; round <= rounds; round++) {
    for (let i = 0; i < PRICE_MOVES_PER_ROUND; i++) steps.push({ kind: 'price', round });
    const mayhem = round === mayhemRound(rounds);
    if (mayhem) steps.push({ kind: 'mayhem' });
    steps.push({ kind: 'open', round }, { kind: 'wait' });
    if (mayhem) steps.push({ kind: 'average' });
    if (round <= PAYDAYS_PER_GAME) steps.push({ kind: 'payday', round });
  }
  steps.push({ kind: 'end' });
  return steps;
}

/** A price move of 1–10 % on one company, never past the price cap. */
export function choosePriceMove(prices: ReadonlyMap<number, number>, random: Random) {
  const ids = [...prices.keys()].sort((a, b) => a - b);
  const stockId = random.pick(ids);
  const value = random.int(1, 10);
  const up = random.chance(0.5);
  const price = prices.get(stockId)!;
  const capped = up && exceedsPriceCap(applyPercentChange(price, value, 1));
  return {
    stock_id: stockId,
    operation: up && !capped ? '+' : '-',
    value,
  } satisfies PriceUpdateInput;
}

/** A mayhem list: three companies and three of the table's percentages. */
export function chooseMayhemList(stockIds: readonly number[], random: Random): MayhemCreateInput {
  const companies = random.shuffled([...stockIds].sort((a, b) => a - b)).slice(0, 3);
  const percentages = random.shuffled(MAYHEM_PERCENTAGES).slice(0, companies.length);
  return { stock_ids: companies, percentage: percentages };
}

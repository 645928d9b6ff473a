/**
 * How a bot investor plays: a named strategy turns what it sees (prices, each company's last
 * move, its own cash and shares) and a seeded random source into an order or a market mayhem
 * answer. Pure: no I/O. Every choice is checked with the game's own rules (`shared/`'s `buy`,
 * `sell` and mayhem check) before it is returned, so a bot never asks for what the rules refuse.
 *
 * - cautious: trades seldom and small, takes a profit of 4 % or more, answers mayhem mildly;
 * - momentum: buys what rose last, sells what fell;
 * - contrarian: buys what fell last, sells what rose.
 */
import type { MayhemRespondInput, TradeInput } from '@showdown/shared/api';
import { TRADE_TYPE, type BotStrategy } from '@showdown/shared/constants';
import { validateMayhemResponse, type MayhemPick } from '@showdown/shared/mayhem';
import { buy, sell, type Holding } from '@showdown/shared/trading';
import type { Random } from './random.ts';

/** What every bot sees of the market. */
export interface MarketSight {
  /** Each company's price, paise. */
  prices: ReadonlyMap<number, number>;
  /** Each company's last move in percent (signed); 0 before its first. */
  lastMoves: ReadonlyMap<number, number>;
}

/** A bot's own cash and shares. */
export interface Purse {
  cashPaise: number;
  holdings: ReadonlyMap<number, Holding>;
}

interface Traits {
  /** The chance it trades at a given look during a trade phase. */
  actChance: number;
  /** The share of its cash one buy spends at most. */
  buyShare: number;
  /** Orders it places in one trade phase at most. */
  ordersPerPhase: number;
}

export const STRATEGY_TRAITS: Record<BotStrategy, Traits> = {
  cautious: { actChance: 0.25, buyShare: 0.08, ordersPerPhase: 2 },
  momentum: { actChance: 0.45, buyShare: 0.2, ordersPerPhase: 4 },
  contrarian: { actChance: 0.4, buyShare: 0.15, ordersPerPhase: 3 },
};

const move = (sight: MarketSight, stockId: number) => sight.lastMoves.get(stockId) ?? 0;

/** The holdings it would sell now, with how many shares, by its strategy. */
function sellCandidates(strategy: BotStrategy, sight: MarketSight, purse: Purse): TradeInput[] {
  const out: TradeInput[] = [];
  for (const [stockId, held] of purse.holdings) {
    const price = sight.prices.get(stockId);
    if (held.quantity <= 0 || price === undefined) continue;
    const last = move(sight, stockId);
    const gainPercent = ((price * held.quantity - held.investedPaise) * 100) / held.investedPaise;
    const wanted =
      strategy === 'cautious'
        ? gainPercent >= 4 && Math.ceil(held.quantity / 2)
        : strategy === 'momentum'
          ? last < 0 && held.quantity
          : last > 0 && Math.ceil(held.quantity / 2);
    if (wanted) out.push({ stock_id: stockId, trade_type: TRADE_TYPE.SELL, quantity: wanted });
  }
  return out;
}

/** The company it would buy: by its strategy among those moved, else any. */
function buyTarget(strategy: BotStrategy, sight: MarketSight, random: Random): number {
  const ids = [...sight.prices.keys()].sort((a, b) => a - b);
  const rising = ids.filter((id) => move(sight, id) > 0);
  const falling = ids.filter((id) => move(sight, id) < 0);
  const best = (list: number[], sign: 1 | -1) =>
    list.reduce((a, b) => (sign * move(sight, b) > sign * move(sight, a) ? b : a));
  if (strategy === 'momentum' && rising.length > 0) return best(rising, 1);
  if (strategy === 'contrarian' && falling.length > 0) return best(falling, -1);
  if (strategy === 'cautious') {
    const calm = ids.filter((id) => Math.abs(move(sight, id)) <= 3);
    if (calm.length > 0) return random.pick(calm);
  }
  return random.pick(ids);
}

/** A buy the rules allow, or null when its budget buys no share. */
function buyOrder(strategy: BotStrategy, sight: MarketSight, purse: Purse, random: Random) {
  const stockId = buyTarget(strategy, sight, random);
  const price = sight.prices.get(stockId);
  if (price === undefined) return null;
  const budget = Math.floor(purse.cashPaise * STRATEGY_TRAITS[strategy].buyShare);
  const quantity = Math.floor(budget / price);
  const held = purse.holdings.get(stockId) ?? { quantity: 0, investedPaise: 0 };
  if (quantity < 1 || !buy(purse.cashPaise, held, price, quantity).ok) return null;
  return { stock_id: stockId, trade_type: TRADE_TYPE.BUY, quantity } satisfies TradeInput;
}

/** The order the bot places now, or null (it waits). */
export function chooseOrder(
  strategy: BotStrategy,
  sight: MarketSight,
  purse: Purse,
  random: Random,
): TradeInput | null {
  if (!random.chance(STRATEGY_TRAITS[strategy].actChance)) return null;
  const sells = sellCandidates(strategy, sight, purse);
  if (sells.length > 0 && random.chance(0.6)) {
    const order = random.pick(sells);
    const held = purse.holdings.get(order.stock_id);
    const price = sight.prices.get(order.stock_id);
    if (held && price && sell(purse.cashPaise, held, price, order.quantity).ok) return order;
    return null;
  }
  return buyOrder(strategy, sight, purse, random);
}

/** Its answer to an open market mayhem list: one of the list's percentages per company picked. */
export function chooseMayhemAnswer(
  strategy: BotStrategy,
  list: { stockIds: readonly number[]; percentages: readonly number[] },
  purse: Purse,
  random: Random,
): MayhemRespondInput | null {
  if (list.stockIds.length === 0 || list.percentages.length === 0) return null;
  const percentages = [...list.percentages].sort((a, b) => a - b);
  const mildest = percentages.reduce((a, b) => (Math.abs(b) < Math.abs(a) ? b : a));
  const count = strategy === 'cautious' ? 1 : random.int(1, list.stockIds.length);
  const picked = random.shuffled(list.stockIds).slice(0, count);
  const stocks: MayhemPick[] = picked.map((stockId) => {
    const holds = (purse.holdings.get(stockId)?.quantity ?? 0) > 0;
    const percentage = !holds
      ? random.pick(percentages)
      : strategy === 'momentum'
        ? percentages.at(-1)!
        : strategy === 'contrarian'
          ? percentages[0]!
          : mildest;
    return { stock_id: stockId, percentage };
  });
  return validateMayhemResponse(list, stocks) === null ? { stocks } : null;
}

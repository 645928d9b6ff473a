import {
  GAME_STATUS,
  ORDERBOOK,
  type GameStatus,
  type OrderbookStatus,
  type Role,
} from '@showdown/shared/constants';
import { rupeesToPaise, paiseToRupees } from '@showdown/shared/money';
import { isInvestorRole } from '@showdown/shared/roles';
import { refusalMessage } from '@showdown/shared/refusals';
import { buy, marketValuePaise, sell } from '@showdown/shared/trading';

export interface TradeContext {
  orderbookStatus: OrderbookStatus;
  gameStatus: GameStatus | null;
  role: Role | null;
  /** Cash balance in rupees. */
  cash: number;
}

/**
 * Whether an investor may trade at all (docs/rules.md): the trade phase is on, the game is running
 * and the player is an investor (2) or investor & broker (3).
 */
export function canTrade({ orderbookStatus, gameStatus, role }: TradeContext): boolean {
  return (
    orderbookStatus === ORDERBOOK.ON && gameStatus === GAME_STATUS.RUNNING && isInvestorRole(role)
  );
}

/** BUY needs trading to be open and a nonzero cash balance. */
export function canBuy(context: TradeContext): boolean {
  return canTrade(context) && context.cash > 0;
}

/** SELL needs trading to be open and shares held. */
export function canSell(context: TradeContext, quantityHeld: number): boolean {
  return canTrade(context) && quantityHeld > 0;
}

/** The quantity field keeps digits only: shares are whole and positive (no '-', no '.'). */
export function cleanQuantity(input: string): string {
  return input.replace(/\D/g, '');
}

/** What an order would do, by the shared trading rules the server applies too. */
export interface OrderPreview {
  /** Quantity × price in rupees; null until a whole, positive quantity is typed. */
  total: number | null;
  /** Why the server would refuse it (its own message), or null when it would go through. */
  refusal: string | null;
}

/**
 * Previews buying or selling `quantity` (the typed digits) at `price` with `cash` and `holding`
 * (rupees): the order total and whether the cash or the shares cover it.
 */
export function previewOrder(
  selling: boolean,
  quantity: string,
  price: number,
  cash: number,
  holding: { quantity: number; invested: number },
): OrderPreview {
  const shares = Number(quantity);
  if (quantity === '' || !Number.isSafeInteger(shares) || shares <= 0 || price <= 0) {
    return { total: null, refusal: null };
  }
  const pricePaise = rupeesToPaise(price);
  const held = { quantity: holding.quantity, investedPaise: rupeesToPaise(holding.invested) };
  let totalPaise: number;
  try {
    totalPaise = marketValuePaise({ quantity: shares, investedPaise: 0 }, pricePaise);
  } catch {
    // Beyond any amount the game can hold: no cash covers it, no one holds that many shares.
    return {
      total: null,
      refusal: refusalMessage(selling ? 'INSUFFICIENT_SHARES' : 'INSUFFICIENT_FUNDS'),
    };
  }
  const trade = selling ? sell : buy;
  const result = trade(rupeesToPaise(cash), held, pricePaise, shares);
  return {
    total: paiseToRupees(totalPaise),
    refusal: result.ok || result.error === 'INVALID_QUANTITY' ? null : refusalMessage(result.error),
  };
}

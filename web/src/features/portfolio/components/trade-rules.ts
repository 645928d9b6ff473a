import {
  GAME_STATUS,
  ORDERBOOK,
  ROLE,
  type GameStatus,
  type OrderbookStatus,
  type Role,
} from '@showdown/shared/constants';
import { rupeesToPaise, paiseToRupees } from '@showdown/shared/money';
import { isInvestorRole } from '@showdown/shared/roles';
import { refusalMessage } from '@showdown/shared/refusals';
import { placeOrder, PREVIEW, previewFacts } from '@showdown/shared/rules';
import { marketValuePaise } from '@showdown/shared/trading';

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

/** What an order would do, by the shared rule the server applies too. */
export interface OrderPreview {
  /** Quantity × price in rupees; null until a whole, positive quantity is typed. */
  total: number | null;
  /** Why the server would refuse it (its own message), or null when it would go through. */
  refusal: string | null;
}

/**
 * Previews buying or selling `quantity` (the typed digits) at `price` with `cash` and `holding`
 * (rupees) by placeOrder: the order total and whether the cash or the shares cover it.
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
  const facts = previewFacts({
    role: ROLE.INVESTOR,
    pricePaise,
    cashPaise: rupeesToPaise(cash),
    holding: held,
  });
  const result = placeOrder(facts, {
    ...PREVIEW,
    key: null,
    side: selling ? 'sell' : 'buy',
    quantity: shares,
  });
  const refusal = result.ok ? null : refusalMessage(result.refusal);
  try {
    const totalPaise = marketValuePaise({ quantity: shares, investedPaise: 0 }, pricePaise);
    return { total: paiseToRupees(totalPaise), refusal };
  } catch {
    // Beyond any amount the game can hold: no cash covers it, no one holds that many shares.
    return { total: null, refusal };
  }
}

import {
  GAME_STATUS,
  ORDERBOOK,
  type GameStatus,
  type OrderbookStatus,
  type Role,
} from '@showdown/shared/constants';
import { isInvestorRole } from '@showdown/shared/roles';

export interface TradeContext {
  orderbookStatus: OrderbookStatus;
  gameStatus: GameStatus | null;
  role: Role | null;
  /** Cash balance in rupees. */
  cash: number;
}

/**
 * Whether an investor may trade at all (SPEC §4): the trade phase is on, the game is running and
 * the player is an investor (2) or investor & broker (3).
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

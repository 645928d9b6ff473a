/**
 * What a load generator knows of one investor's shares, so that it places only valid orders: a
 * sell only of a share the investor holds and no other order of theirs is already selling.
 * Shares count once an answer confirms the buy; a sell takes its share out when it is sent and
 * gives it back only when the server refused it (an unknown outcome keeps it out: it may have
 * sold). An order the server refuses anyway is a refusal of the game's rules, not an error.
 */
import { REFUSAL_CODES, refusalMessage, type RefusalCode } from '@showdown/shared/refusals';

export class HeldShares {
  private readonly free = new Map<number, number>();

  /** Companies with a share free to sell, in a stable order. */
  sellable(): number[] {
    return [...this.free].filter(([, quantity]) => quantity > 0).map(([stockId]) => stockId);
  }

  /** Takes `quantity` shares out before a sell is sent; false (nothing taken) if not held. */
  reserve(stockId: number, quantity: number): boolean {
    const held = this.free.get(stockId) ?? 0;
    if (quantity < 1 || held < quantity) return false;
    this.free.set(stockId, held - quantity);
    return true;
  }

  /** A buy the server accepted. */
  bought(stockId: number, quantity: number): void {
    this.free.set(stockId, (this.free.get(stockId) ?? 0) + quantity);
  }

  /** A reserved sell the server refused: the shares are free again. */
  release(stockId: number, quantity: number): void {
    this.bought(stockId, quantity);
  }
}

const byMessage = new Map<string, RefusalCode>(
  REFUSAL_CODES.map((code) => [refusalMessage(code), code]),
);

/**
 * The refusal code of an answer (a 4xx whose message is one of the game's refusals, e.g.
 * INSUFFICIENT_SHARES for "You do not have enough shares to sell."), or undefined for any other
 * answer: a success, a server fault, a rate limit or an authentication failure are no refusal.
 */
export function refusalOf(answer: {
  status: number;
  body?: { error?: { message?: unknown } };
}): RefusalCode | undefined {
  if (answer.status < 400 || answer.status >= 500 || answer.status === 429) return undefined;
  const message = answer.body?.error?.message;
  return typeof message === 'string' ? byMessage.get(message) : undefined;
}

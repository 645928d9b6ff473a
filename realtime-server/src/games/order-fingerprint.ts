import { createHash } from 'node:crypto';
import type { TradeInput } from '@showdown/shared/api';

/**
 * What an Idempotency-Key is bound to: SHA-256 of the method, the route, the game and the order
 * as parsed (so the same order with its fields in another order or other whitespace is the same
 * request). A key reused with another fingerprint is refused (sql/functions/place_order_once.sql).
 */
export function orderFingerprint(gameId: number, input: TradeInput): string {
  const request = [
    'POST',
    '/api/game/:id/stocks/trade',
    gameId,
    input.stock_id,
    input.trade_type,
    input.quantity,
  ];
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

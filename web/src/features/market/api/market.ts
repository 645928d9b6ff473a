import { API } from '@showdown/shared/api-paths';
import type {
  OrderbookData,
  PriceUpdateData,
  PriceUpdateInput,
  StocksData,
} from '@showdown/shared/api';
import type { OrderbookStatus } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { sendCommand } from '../../../lib/socket-commands';
import { phaseInto, priceInto, stocksInto } from '../../../stores/game-answers';
import { runRequest } from '../../../stores/run-request';
import { runGameRequest } from '../../../stores/game-updates';

/** GET the game's stocks (prices, is_mm_exist, phase) into the store. */
export async function loadStocks(gameId: number): Promise<StocksData> {
  const { data } = await runGameRequest(
    'stocks',
    gameId,
    () => api.get<StocksData>(API.stocks(gameId)),
    stocksInto,
  );
  return data;
}

/** Broker: starts (1) or ends (0) the trade phase; both are idempotent on the server. */
export async function setTradePhase(
  gameId: number,
  orderbookStatus: OrderbookStatus,
): Promise<OrderbookData> {
  const { data } = await runGameRequest(
    'orderbook',
    gameId,
    () =>
      sendCommand('orderbook:update', { game_id: gameId, orderbook_status: orderbookStatus }, () =>
        api.put<OrderbookData>(API.orderbook(gameId), { orderbook_status: orderbookStatus }),
      ),
    (answer) => phaseInto(answer.orderbook_status, answer.ends_at),
  );
  return data;
}

/** Broker: credits a payday to every investor, then refreshes the prices. */
export async function givePayday(gameId: number): Promise<void> {
  await runRequest('payday', () =>
    sendCommand('payday:give', { game_id: gameId }, () =>
      api.put<{ amount: number; paydays_given: number }>(API.payday(gameId)),
    ),
  );
  await loadStocks(gameId);
}

/** Broker: moves one stock's price by a whole percentage; the store gets the new price. */
export async function updateStockPrice(
  gameId: number,
  input: PriceUpdateInput,
): Promise<PriceUpdateData> {
  const { data } = await runGameRequest(
    'priceUpdate',
    gameId,
    () =>
      sendCommand('price:update', { game_id: gameId, ...input }, () =>
        api.post<PriceUpdateData>(API.stocks(gameId), input),
      ),
    priceInto,
  );
  return data;
}

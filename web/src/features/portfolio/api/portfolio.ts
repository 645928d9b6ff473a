import {
  API,
  type Portfolio,
  type StocksData,
  type TradeInput,
  type TransactionEntry,
} from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** GET my portfolio into the store; it also carries the trade phase. */
export async function loadPortfolio(gameId: number): Promise<Portfolio> {
  const { data } = await runRequest('portfolio', () => api.get<Portfolio>(API.portfolio(gameId)));
  const { setPortfolio, setOrderbook } = useAppStore.getState();
  setPortfolio(data);
  setOrderbook(data.orderbook_status, data.ends_at);
  return data;
}

/** The Trade Hub's data: my portfolio and every company's live price. */
export async function loadTradeHub(gameId: number): Promise<void> {
  const [stocks] = await Promise.all([
    runRequest('stocks', () => api.get<StocksData>(API.stocks(gameId))),
    loadPortfolio(gameId),
  ]);
  useAppStore.getState().setStocks(stocks.data);
}

/** GET my history into the store. */
export async function loadTransactions(gameId: number): Promise<TransactionEntry[]> {
  const { data } = await runRequest('transactions', () =>
    api.get<TransactionEntry[]>(API.transactions(gameId)),
  );
  useAppStore.getState().setTransactions(data);
  return data;
}

/**
 * Places a buy (0) or sell (1) order at the current price; the answer is my new portfolio.
 * Resolves to the server's success message.
 */
export async function placeOrder(gameId: number, order: TradeInput): Promise<string> {
  const answer = await runRequest('trade', () => api.post<Portfolio>(API.trade(gameId), order));
  useAppStore.getState().setPortfolio(answer.data);
  return answer.message ?? MSG.ORDER_OK;
}

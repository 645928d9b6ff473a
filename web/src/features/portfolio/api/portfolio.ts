import { API } from '@showdown/shared/api-paths';
import type { Portfolio, StocksData, TransactionEntry } from '@showdown/shared/api';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { portfolioInto, stocksInto } from '../../../stores/game-answers';
import { runRequest } from '../../../stores/run-request';
import { runGameRequest } from '../../../stores/game-updates';

/** A history page's size: a shorter page is the last one. */
export const HISTORY_PAGE = 50;

/** GET my portfolio into the store; it also carries the trade phase. */
export async function loadPortfolio(gameId: number): Promise<Portfolio> {
  const { data } = await runGameRequest(
    'portfolio',
    gameId,
    () => api.get<Portfolio>(API.portfolio(gameId)),
    portfolioInto,
  );
  return data;
}

/** The Trade Hub's data: every company's live price and my portfolio. */
export async function loadTradeHub(gameId: number): Promise<void> {
  await runGameRequest('stocks', gameId, () => api.get<StocksData>(API.stocks(gameId)), stocksInto);
  await loadPortfolio(gameId);
}

/**
 * GET my history, newest first, one page at a time: the first page replaces the list, `before`
 * (the last entry's id) loads the next older page.
 */
export async function loadTransactions(
  gameId: number,
  before?: string,
): Promise<TransactionEntry[]> {
  const query = `?${before === undefined ? '' : `before=${encodeURIComponent(before)}&`}limit=${HISTORY_PAGE}`;
  const { data } = await runRequest(
    before === undefined ? 'transactions' : 'transactionsMore',
    () => api.get<TransactionEntry[]>(`${API.transactions(gameId)}${query}`),
  );
  useAppStore.getState().setTransactions(data, data.length >= HISTORY_PAGE, before !== undefined);
  return data;
}

import { API } from '@showdown/shared/api-paths';
import type { Portfolio, StocksData, TradeInput, TransactionEntry } from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { api } from '../../../lib/api-client';
import { sendCommand } from '../../../lib/socket-commands';
import { useAppStore } from '../../../stores/app-store';
import { portfolioInto, stocksInto } from '../../../stores/game-answers';
import { runGameRequest, runRequest } from '../../../stores/run-request';

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

/**
 * Places a buy (0) or sell (1) order at the current price; the answer is my new portfolio.
 * Resolves to the server's success message.
 */
/** A key for one order tap (crypto.randomUUID needs a secure context, which a LAN address is not). */
function orderKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

export async function placeOrder(gameId: number, order: TradeInput): Promise<string> {
  const idempotencyKey = orderKey();
  const answer = await runGameRequest(
    'trade',
    gameId,
    () =>
      sendCommand(
        'order:place',
        { game_id: gameId, ...order, idempotency_key: idempotencyKey },
        () => api.post<Portfolio>(API.trade(gameId), order, { idempotencyKey }),
      ),
    portfolioInto,
    // A game event arrived meanwhile: the phase it carries may be older, but my cash and
    // holdings are the order's (the server sends this socket no portfolio:updated of its own
    // order), valued at the prices shown.
    (portfolio) => useAppStore.getState().applyPortfolioEvent(gameId, portfolio),
  );
  return answer.message ?? MSG.ORDER_OK;
}

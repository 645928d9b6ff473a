import { API, type Portfolio, type PortfolioRow, type StockEntry } from '@showdown/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, NO_CONNECTION } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectPortfolio } from '../../../stores/game-selectors';
import {
  failure,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { canBuy, canSell, cleanQuantity, type TradeContext } from './trade-rules';
import { TradeScreen } from './trade-screen';
import { applyEvent } from '../../../stores/game-updates';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCKS: StockEntry[] = [
  {
    id: 1,
    stock_id: 1,
    name: 'Tandoor Motors',
    image: '/logos/tandoor-motors.svg',
    current_price: 450,
  },
  {
    id: 2,
    stock_id: 2,
    name: 'Monsoon Power',
    image: '/logos/monsoon-power.svg',
    current_price: 280,
  },
];

function row(stock: StockEntry, quantity: number): PortfolioRow {
  return {
    stock_id: stock.stock_id,
    name: stock.name,
    image: stock.image,
    total_quantity: quantity,
    total_invested_price: quantity * stock.current_price,
    current_price: stock.current_price,
    market_value: quantity * stock.current_price,
    profit_loss: 0,
  };
}

function portfolio(cash: number, held: number, orderbook: 0 | 1): Portfolio {
  return {
    portfolio_data: [row(STOCKS[0]!, held), row(STOCKS[1]!, 0)],
    total_balance: cash + held * 450,
    total_profit_loss: '0.00',
    current_balance: cash,
    orderbook_status: orderbook,
    ends_at: orderbook ? new Date(Date.now() + 60_000).toISOString() : null,
  };
}

function serveHub(p: Portfolio, extra: Parameters<typeof serve>[1] = {}) {
  serve(fake, {
    [`GET ${API.portfolio(7)}`]: () => ok(p),
    [`GET ${API.stocks(7)}`]: () =>
      ok({
        stocks_data: STOCKS,
        is_mm_exist: 0,
        game_status: 2,
        orderbook_status: p.orderbook_status,
        ends_at: p.ends_at,
      }),
    ...extra,
  });
}

function buttonsOf(company: string) {
  const item = screen.getByRole('listitem', { name: company });
  return {
    buy: within(item).getByRole('button', { name: `BUY ${company}` }),
    sell: within(item).getByRole('button', { name: `SELL ${company}` }),
  };
}

async function openHub() {
  const rendered = renderScreen(<TradeScreen />, { path: '/trade' });
  await screen.findByRole('listitem', { name: 'Tandoor Motors' });
  await waitFor(() => expect(fake.get).toHaveBeenCalledTimes(2));
  return rendered;
}

describe('trade rules', () => {
  const on: TradeContext = { orderbookStatus: 1, gameStatus: 2, role: 2, cash: 100 };
  it('needs the phase on, a running game and an investor role', () => {
    expect(canBuy(on)).toBe(true);
    expect(canBuy({ ...on, orderbookStatus: 0 })).toBe(false);
    expect(canBuy({ ...on, gameStatus: 1 })).toBe(false);
    expect(canBuy({ ...on, role: 1 })).toBe(false);
    expect(canBuy({ ...on, role: 3 })).toBe(true);
  });
  it('BUY needs cash and SELL needs shares', () => {
    expect(canBuy({ ...on, cash: 0 })).toBe(false);
    expect(canSell(on, 0)).toBe(false);
    expect(canSell(on, 3)).toBe(true);
    expect(canSell({ ...on, orderbookStatus: 0 }, 3)).toBe(false);
  });
  it('strips everything but digits from the quantity', () => {
    expect(cleanQuantity('1a2-3 .5e')).toBe('1235');
    expect(cleanQuantity('-2')).toBe('2');
    expect(cleanQuantity('2.5')).toBe('25');
    expect(cleanQuantity('₹10,000')).toBe('10000');
  });
});

describe('TradeScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 2 });
  });

  it('shows the cash balance in INR and disables BUY and SELL while the phase is off', async () => {
    serveHub(portfolio(500000, 10, 0));
    await openHub();
    expect(screen.getByText('₹5,00,000.00')).toBeInTheDocument();
    expect(screen.getByText('Trade phase is closed')).toBeInTheDocument();
    for (const name of ['Tandoor Motors', 'Monsoon Power']) {
      expect(buttonsOf(name).buy).toBeDisabled();
      expect(buttonsOf(name).sell).toBeDisabled();
    }
  });

  it('enables BUY with cash and SELL only for held shares while the phase is on', async () => {
    serveHub(portfolio(500000, 10, 1));
    await openHub();
    expect(screen.getByRole('timer', { name: 'Trade phase countdown' })).toHaveTextContent(/\d+s/);
    expect(buttonsOf('Tandoor Motors').buy).toBeEnabled();
    expect(buttonsOf('Tandoor Motors').sell).toBeEnabled();
    expect(buttonsOf('Monsoon Power').buy).toBeEnabled();
    expect(buttonsOf('Monsoon Power').sell).toBeDisabled();
  });

  it('disables BUY with zero cash', async () => {
    serveHub(portfolio(0, 10, 1));
    await openHub();
    expect(buttonsOf('Tandoor Motors').buy).toBeDisabled();
    expect(buttonsOf('Tandoor Motors').sell).toBeEnabled();
  });

  it('disables trading when the game is not running', async () => {
    serveHub(portfolio(500000, 10, 1));
    await openHub();
    act(() => {
      const game = useAppStore.getState().game!;
      useAppStore.setState({ game: { ...game, game: { ...game.game, status: 1 } } });
    });
    expect(buttonsOf('Tandoor Motors').buy).toBeDisabled();
  });

  it('turns the buttons off live when the phase ends', async () => {
    serveHub(portfolio(500000, 10, 1));
    await openHub();
    expect(buttonsOf('Tandoor Motors').buy).toBeEnabled();
    act(() => void applyEvent('phase:ended', { seq: 1, game_id: 7 }));
    expect(buttonsOf('Tandoor Motors').buy).toBeDisabled();
    // The alert tells the end ("Trade phase closed"): the Trade Hub does not say it again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Trade ended.')).not.toBeInTheDocument();
  });

  it('orders: quantity keeps digits only, shows price and total, posts the trade', async () => {
    const orders: unknown[] = [];
    serveHub(portfolio(500000, 10, 1), {
      [`POST ${API.trade(7)}`]: (body) => {
        orders.push(body);
        return ok(portfolio(499100, 12, 1), 'Order placed successfully.');
      },
    });
    const { user } = await openHub();
    await user.click(buttonsOf('Tandoor Motors').buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Tandoor Motors' });
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.type(quantity, '-2x.');
    expect(quantity).toHaveValue('2');
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Price' })).toHaveValue('₹450.00');
    expect(within(dialog).getByRole('textbox', { name: 'Total' })).toHaveValue('₹900.00');
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('Order placed successfully.')).toBeInTheDocument();
    expect(orders).toEqual([{ stock_id: 1, trade_type: 0, quantity: 2 }]);
    expect(selectPortfolio(useAppStore.getState())?.current_balance).toBe(499100);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("an order's answer that a price move overtook still shows the new cash and holdings", async () => {
    let answer: (body: unknown) => void = () => {};
    serveHub(portfolio(500000, 10, 1), {
      [`POST ${API.trade(7)}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = await openHub();
    await user.click(buttonsOf('Tandoor Motors').buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Tandoor Motors' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    await waitFor(() => expect(fake.post).toHaveBeenCalled());
    // The broker moves a price while the order is out: the store's seq moves past the order's.
    act(() => {
      applyEvent('price:updated', {
        seq: 1,
        game_id: 7,
        stock_id: 1,
        previous_price: 450,
        price: 495,
        percentage: 10,
      });
    });
    await act(async () => answer(ok(portfolio(499100, 12, 1), 'Order placed successfully.')));
    expect(await screen.findByText('Order placed successfully.')).toBeInTheDocument();
    const mine = selectPortfolio(useAppStore.getState());
    expect(mine?.current_balance).toBe(499100);
    // Valued at the price shown now, not the one the order saw.
    expect(mine?.portfolio_data.find((r) => r.stock_id === 1)?.current_price).toBe(495);
  });

  it("sells with trade_type 1 and toasts the server's error.message on failure", async () => {
    serveHub(portfolio(500000, 10, 1), {
      [`POST ${API.trade(7)}`]: () => {
        throw failure('The trade phase is not active.', 409, 'CONFLICT');
      },
    });
    const { user } = await openHub();
    await user.click(buttonsOf('Tandoor Motors').sell);
    const dialog = await screen.findByRole('dialog', { name: 'Sell Tandoor Motors' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('The trade phase is not active.')).toBeInTheDocument();
    expect(fake.post).toHaveBeenCalledWith(
      API.trade(7),
      { stock_id: 1, trade_type: 1, quantity: 5 },
      // One Idempotency-Key per order tap.
      { idempotencyKey: expect.any(String) },
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('the preview tells, by the shared rules, when the shares or the cash do not cover the order', async () => {
    serveHub(portfolio(1000, 10, 1));
    const { user } = await openHub();
    await user.click(buttonsOf('Tandoor Motors').sell);
    let dialog = await screen.findByRole('dialog', { name: 'Sell Tandoor Motors' });
    const sold = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.type(sold, '11');
    expect(within(dialog).getByText('You do not have enough shares to sell.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Order' })).toBeDisabled();
    await user.clear(sold);
    await user.type(sold, '10');
    expect(within(dialog).getByRole('textbox', { name: 'Total' })).toHaveValue('₹4,500.00');
    expect(within(dialog).getByRole('button', { name: 'Order' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(buttonsOf('Tandoor Motors').buy);
    dialog = await screen.findByRole('dialog', { name: 'Buy Tandoor Motors' });
    const bought = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.type(bought, '3');
    // ₹1,350.00 with ₹1,000.00 of cash.
    expect(within(dialog).getByRole('textbox', { name: 'Total' })).toHaveValue('₹1,350.00');
    expect(
      within(dialog).getByText('Insufficient cash balance for this order.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Order' })).toBeDisabled();
    await user.clear(bought);
    await user.type(bought, '2');
    expect(within(dialog).queryByText('Insufficient cash balance for this order.')).toBeNull();
    expect(fake.post).not.toHaveBeenCalled();
  });

  it('no answer to an order: it waits on the phone, shown with its Cancel', async () => {
    serveHub(portfolio(500000, 10, 1), {
      [`POST ${API.trade(7)}`]: () => {
        throw new ApiError(NO_CONNECTION, 0, 'NETWORK', null);
      },
    });
    const { user } = await openHub();
    await user.click(buttonsOf('Tandoor Motors').buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Tandoor Motors' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    expect(
      await screen.findByText(
        'No connection: your order waits and is sent when the connection is back.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
    const waiting = await screen.findByRole('region', { name: 'Orders waiting for connection' });
    expect(within(waiting).getByText('Waiting for connection…')).toBeInTheDocument();
    expect(within(waiting).getByText('Buy 7 × Tandoor Motors')).toBeInTheDocument();
    // It may have reached the server: Cancel stops the waiting and says so.
    await user.click(
      within(waiting).getByRole('button', {
        name: 'Cancel the order: Buy 7 × Tandoor Motors',
      }),
    );
    expect(
      await screen.findByText(
        'Your order for 7 × Tandoor Motors may have been placed before the connection dropped: check your portfolio.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orders waiting for connection' })).toBeNull();
  });

  it('with the socket down, BUY still opens the order, which waits on the phone', async () => {
    serveHub(portfolio(500000, 10, 1));
    const { user } = await openHub();
    act(() => useAppStore.getState().setConnection('reconnecting'));
    expect(buttonsOf('Tandoor Motors').buy).toBeEnabled();
    await user.click(buttonsOf('Monsoon Power').buy);
    const dialog = await screen.findByRole('dialog', { name: 'Buy Monsoon Power' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Order' }));
    const waiting = await screen.findByRole('region', { name: 'Orders waiting for connection' });
    expect(within(waiting).getByText('Buy 3 × Monsoon Power')).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalled();
    await user.click(within(waiting).getByRole('button', { name: /Cancel the order/ }));
    expect(
      await screen.findByText('Your order for 3 × Monsoon Power was cancelled.'),
    ).toBeInTheDocument();
  });
});

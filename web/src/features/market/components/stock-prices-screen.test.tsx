import { API, type StockEntry, type StocksData } from '@showdown/shared/api';
import type { Role } from '@showdown/shared/constants';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectOrderbook } from '../../../stores/game-selectors';
import {
  failure,
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { StockPricesScreen, showsMarketMayhem } from './stock-prices-screen';
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
  { id: 5, stock_id: 5, name: 'Lotus Bank', image: '/logos/lotus-bank.svg', current_price: 500000 },
];

function stocksData(over: Partial<StocksData> = {}): StocksData {
  return {
    stocks_data: STOCKS,
    is_mm_exist: 0,
    game_status: 2,
    orderbook_status: 0,
    ends_at: null,
    ...over,
  };
}

function open() {
  return renderScreen(<StockPricesScreen />, { path: '/stock-prices' });
}

describe('showsMarketMayhem', () => {
  it('is true for roles 1 and 3, and for role 2 only when is_mm_exist is 1', () => {
    expect(showsMarketMayhem(1, 0)).toBe(true);
    expect(showsMarketMayhem(3, 0)).toBe(true);
    expect(showsMarketMayhem(2, 0)).toBe(false);
    expect(showsMarketMayhem(2, 1)).toBe(true);
    expect(showsMarketMayhem(null, 1)).toBe(false);
  });
});

describe('StockPricesScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists every company with its logo and price in INR, titled Market Monitor for investors', async () => {
    setGame({ role: 2 });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    open();
    const list = await screen.findByRole('list', { name: 'Stock prices' });
    expect(await within(list).findByText('₹5,00,000.00')).toBeInTheDocument();
    expect(within(list).getByText('₹450.00')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Lotus Bank logo' })).toHaveAttribute(
      'src',
      '/logos/lotus-bank.svg',
    );
    expect(screen.getByRole('heading', { name: 'Market Monitor' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Trade Phase' })).not.toBeInTheDocument();
  });

  it("draws each company's price line from the game's history; the broker can Show on TV", async () => {
    setGame({ role: 1 });
    act(() => {
      const game = useAppStore.getState().game!;
      const at = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m)).toISOString();
      useAppStore.setState({
        game: {
          ...game,
          price_history: [
            { stock_id: 1, price: 450, at: at(0), cause: 'opening' },
            { stock_id: 5, price: 500000, at: at(0), cause: 'opening' },
            { stock_id: 1, price: 495, at: at(1), cause: 'update' },
          ],
        },
      });
    });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    open();
    const list = await screen.findByRole('list', { name: 'Stock prices' });
    expect(within(list).getByTestId('sparkline-1')).toBeInTheDocument();
    expect(within(list).getByTestId('sparkline-5')).toBeInTheDocument();
    const tv = screen.getByRole('link', { name: 'Show on TV' });
    expect(tv.getAttribute('href')).toMatch(/^\/spectate\/[A-Z0-9]{4}$/);
    expect(tv).toHaveAttribute('target', '_blank');
  });

  const OPEN_LIST = {
    id: 1,
    game_id: 7,
    status: 'open' as const,
    stock_ids: [],
    percentage: [5],
    responses_count: 0,
    investors_count: 2,
  };

  it.each<[Role, 0 | 1, boolean]>([
    [1, 0, true],
    [3, 0, true],
    [2, 0, false],
    [2, 1, true],
  ])('role %i with is_mm_exist %i shows Market Mayhem: %s', async (role, flag, shown) => {
    // is_mm_exist is 1 while a list is open that I have not answered.
    setGame({ role, mayhem: flag === 1 ? OPEN_LIST : null });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData({ is_mm_exist: flag })) });
    open();
    await screen.findByText('₹450.00');
    await waitFor(() => expect(fake.get).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: 'Market Mayhem' })).toHaveLength(
        shown ? 1 : 0,
      ),
    );
  });

  it('gives brokers the Monitor & Action hub and opens price updates with the stock', async () => {
    setGame({ role: 1 });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    const { user } = open();
    expect(screen.getByRole('heading', { name: 'Monitor & Action' })).toBeInTheDocument();
    for (const name of ['Trade Phase', 'Payday', 'Showdown']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(await screen.findByRole('button', { name: /Update price of Lotus Bank/ }));
    expect(await findLocation()).toBe('/price-updates');
  });

  it('does not let investors open price updates', async () => {
    setGame({ role: 2 });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    open();
    await screen.findByText('₹450.00');
    expect(screen.queryByRole('button', { name: /Update price of/ })).not.toBeInTheDocument();
  });

  it("starts the trade phase: 'Trade initiated.', then the countdown from the server's ends_at", async () => {
    setGame({ role: 1 });
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    const puts: unknown[] = [];
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData()),
      [`PUT ${API.orderbook(7)}`]: (body) => {
        puts.push(body);
        return ok({ orderbook_status: 1, ends_at: endsAt });
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Trade Phase' }));
    expect(await screen.findByText('Trade initiated.')).toBeInTheDocument();
    expect(puts).toEqual([{ orderbook_status: 1 }]);
    const timer = screen.getByRole('timer', { name: 'Trade phase countdown' });
    expect(within(timer).getByText(/^(60|59)s$/)).toBeInTheDocument();
    expect(localStorage.getItem('timer_expiry')).toBe(String(Date.parse(endsAt)));
    expect(screen.getByRole('button', { name: 'Trade Phase' })).toBeDisabled();
  });

  it("shows 'Something went wrong.' when the trade phase cannot start", async () => {
    setGame({ role: 1 });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData()),
      [`PUT ${API.orderbook(7)}`]: () => {
        throw failure('The game is not running.');
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Trade Phase' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it("counts down to zero, then says 'Trade ended.' and ends the phase", async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    const endsAt = '2030-01-01T10:00:05.000Z';
    setGame({ role: 3, orderbook_status: 1, ends_at: endsAt });
    const puts: unknown[] = [];
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData({ orderbook_status: 1, ends_at: endsAt })),
      [`PUT ${API.orderbook(7)}`]: (body) => {
        puts.push(body);
        return ok({ orderbook_status: 0, ends_at: null });
      },
    });
    open();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('5s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.getByRole('timer')).toHaveTextContent('3s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Trade ended.')).toBeInTheDocument();
    expect(selectOrderbook(useAppStore.getState())).toBe(0);
    expect(puts).toEqual([{ orderbook_status: 0 }]);
    expect(localStorage.getItem('timer_expiry')).toBeNull();
  });

  it("shows 'Failed to end trade.' when ending the phase at zero fails", async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00Z') });
    const endsAt = '2030-01-01T10:00:01.000Z';
    setGame({ role: 1, orderbook_status: 1, ends_at: endsAt });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData({ orderbook_status: 1, ends_at: endsAt })),
      [`PUT ${API.orderbook(7)}`]: () => {
        throw failure('Something went wrong. Please try again.', 500, 'INTERNAL');
      },
    });
    open();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(screen.getByText('Trade ended.')).toBeInTheDocument();
    expect(screen.getByText('Failed to end trade.')).toBeInTheDocument();
  });

  it("says 'Trade ended.' without a call when the server ends the phase first", async () => {
    const endsAt = new Date(Date.now() + 30_000).toISOString();
    setGame({ role: 1, orderbook_status: 1, ends_at: endsAt });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData({ orderbook_status: 1, ends_at: endsAt })),
    });
    open();
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    act(() => void applyEvent('phase:ended', { seq: 1, game_id: 7 }));
    expect(await screen.findByText('Trade ended.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(fake.put).not.toHaveBeenCalled();
  });

  it('asks before a payday, then gives it and refreshes the prices', async () => {
    setGame({ role: 1 });
    let priceOfLotus = 500000;
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () =>
        ok(stocksData({ stocks_data: [{ ...STOCKS[1]!, current_price: priceOfLotus }] })),
      [`PUT ${API.payday(7)}`]: () => {
        priceOfLotus = 510000;
        return ok(null, 'Payday credited successfully.');
      },
    });
    const { user } = open();
    await screen.findByText('₹5,00,000.00');
    await user.click(screen.getByRole('button', { name: 'Payday' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to give payday?',
    });
    // The payday rule's preview: the game's increment, to each investor.
    expect(dialog).toHaveAccessibleDescription('Each investor gets ₹1,00,000.00.');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.put).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Payday' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    expect(await screen.findByText('₹5,10,000.00')).toBeInTheDocument();
    expect(fake.put).toHaveBeenCalledWith(API.payday(7));
  });

  it('turns Payday off once the payday rule refuses it: every payday of the game given', async () => {
    setGame({ role: 1, settings: { paydays_given: 3, paydays_total: 3 } });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    open();
    await screen.findByText('₹5,00,000.00');
    expect(screen.getByRole('button', { name: 'Payday' })).toBeDisabled();
  });

  it('only logs a payday error', async () => {
    setGame({ role: 1 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocksData()),
      [`PUT ${API.payday(7)}`]: () => {
        throw failure('All 3 paydays have already been given.', 409, 'CONFLICT');
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Payday' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }),
    );
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('All 3 paydays have already been given.')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('goes to the showdown, and refetches on refresh', async () => {
    setGame({ role: 1 });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocksData()) });
    const { user } = open();
    await screen.findByText('₹450.00');
    await user.click(screen.getByRole('button', { name: 'Refresh prices' }));
    await waitFor(() => expect(fake.get).toHaveBeenCalledTimes(2));
    await user.click(screen.getByRole('button', { name: 'Showdown' }));
    expect(await findLocation()).toBe('/portfolio-showdown');
  });
});

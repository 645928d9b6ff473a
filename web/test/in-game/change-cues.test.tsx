/**
 * Change cues, driven by recorded socket events through a fake socket: every price shows its
 * move (arrow, signed percent, spoken label), the row highlights, mayhem moves say so, net worth
 * and P&L highlight; Trade Hub shows a skeleton while loading; a late REST answer never
 * overwrites a newer event.
 */
import { API, type Portfolio, type StockEntry } from '@showdown/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PortfolioScreen } from '../../src/features/portfolio/components/portfolio-screen';
import { TradeScreen } from '../../src/features/portfolio/components/trade-screen';
import { StockPricesScreen } from '../../src/features/market/components/stock-prices-screen';
import { PriceUpdatesScreen } from '../../src/features/market/components/price-updates-screen';
import { api } from '../../src/lib/api-client';
import { useAppStore } from '../../src/stores/app-store';
import { selectStocks } from '../../src/stores/game-selectors';
import { connectFakeGame } from '../fake-socket';
import {
  gameSnapshot,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
  type GameSetup,
} from './render-screen';

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCKS: StockEntry[] = [
  { id: 1, stock_id: 1, name: 'Tandoor Motors', image: '/logos/t.svg', current_price: 400 },
  { id: 2, stock_id: 2, name: 'Monsoon Power', image: '/logos/m.svg', current_price: 500 },
];

const PORTFOLIO: Portfolio = {
  portfolio_data: [
    {
      stock_id: 1,
      name: 'Tandoor Motors',
      image: '/logos/t.svg',
      total_quantity: 10,
      total_invested_price: 4000,
      current_price: 400,
      market_value: 4000,
      profit_loss: 0,
    },
  ],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 496000,
  orderbook_status: 1,
  ends_at: '2099-01-01T00:00:00.000Z',
};

const SEQ = 20;
const move = (seq: number, stock_id: number, previous_price: number, price: number) => ({
  seq,
  game_id: 7,
  stock_id,
  previous_price,
  price,
  percentage: 0,
});

/** A running game (id 7) live over a fake socket, as the app shell would have it. */
async function live(setup: GameSetup) {
  const snapshot = gameSnapshot({ seq: SEQ, stocks: STOCKS, ...setup });
  setGame({ ...setup, stocks: STOCKS });
  const socket = connectFakeGame(snapshot);
  await waitFor(() => expect(useAppStore.getState().game?.seq).toBe(SEQ));
  return socket;
}

beforeEach(() => {
  vi.clearAllMocks();
  serve(fake, {});
});

describe('Market Monitor', () => {
  it('shows each move as arrow and signed percent, read as words, and highlights the row', async () => {
    const socket = await live({ role: 2 });
    renderScreen(<StockPricesScreen />, { path: '/stock-prices' });
    const row = await screen.findByRole('listitem', { name: 'Tandoor Motors' });
    expect(within(row).queryByRole('img', { name: /percent/ })).not.toBeInTheDocument();

    act(() => socket.fire('price:updated', move(SEQ + 1, 1, 400, 450)));
    const cue = within(row).getByRole('img', { name: 'up 12.5 percent' });
    expect(cue).toHaveTextContent('▲ +12.5 %');
    expect(within(row).getByText('₹450.00')).toBeInTheDocument();
    expect(row).toHaveAttribute('data-flash');
    // The highlight is brief.
    await waitFor(() => expect(row).not.toHaveAttribute('data-flash'), { timeout: 3000 });
    expect(cue).toBeInTheDocument();

    act(() => socket.fire('price:updated', move(SEQ + 2, 2, 500, 460)));
    const other = screen.getByRole('listitem', { name: 'Monsoon Power' });
    expect(within(other).getByRole('img', { name: 'down 8 percent' })).toHaveTextContent('▼ −8 %');
    expect(within(other).getByRole('img', { name: 'down 8 percent' }).lastChild).toHaveStyle({
      color: 'rgb(255, 90, 95)',
    });
  });

  it('shows a mayhem move as mayhem', async () => {
    const socket = await live({ role: 2 });
    renderScreen(<StockPricesScreen />, { path: '/stock-prices' });
    const row = await screen.findByRole('listitem', { name: 'Tandoor Motors' });
    act(() =>
      socket.fire('mayhem:averaged', {
        seq: SEQ + 1,
        game_id: 7,
        mayhem_id: 3,
        changes: [{ stock_id: 1, previous_price: 400, price: 420, percentage: 5 }],
      }),
    );
    expect(within(row).getByRole('img', { name: 'up 5 percent by market mayhem' })).toBeVisible();
    expect(within(row).getByText('Mayhem')).toBeInTheDocument();
  });

  it('a price that moved while the device was away gets its cue from the resync snapshot', async () => {
    const socket = await live({ role: 2 });
    renderScreen(<StockPricesScreen />, { path: '/stock-prices' });
    const row = await screen.findByRole('listitem', { name: 'Tandoor Motors' });
    socket.answer = () => ({
      data: gameSnapshot({
        role: 2,
        seq: SEQ + 5,
        stocks: [{ ...STOCKS[0]!, current_price: 360 }, STOCKS[1]!],
      }),
    });
    act(() => socket.fire('price:updated', move(SEQ + 5, 1, 0, 1))); // a gap: resync
    expect(await within(row).findByRole('img', { name: 'down 10 percent' })).toBeVisible();
  });
});

describe('Portfolio', () => {
  it('revalues on a price event: row cue, net worth from the shared core, highlights', async () => {
    const socket = await live({ role: 2, portfolio: PORTFOLIO });
    serve(fake, { [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO) });
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('₹5,00,000.00')).toBeInTheDocument();

    act(() => socket.fire('price:updated', move(SEQ + 1, 1, 400, 450)));
    // 4,96,000 cash + 10 × ₹450
    expect(within(summary).getByText('₹5,00,500.00')).toBeInTheDocument();
    expect(within(summary).getByText('+₹500.00')).toBeInTheDocument();
    expect(within(summary).getByText('Net worth').parentElement).toHaveAttribute('data-flash');
    const row = screen.getByRole('listitem', { name: 'Tandoor Motors' });
    expect(within(row).getByRole('img', { name: 'up 12.5 percent' })).toBeInTheDocument();
    expect(row).toHaveAttribute('data-flash');
  });
});

describe('Trade Hub', () => {
  it('shows a skeleton while loading, never ₹0.00 or closed', async () => {
    setGame({ role: 2 });
    let answer: (value: unknown) => void = () => undefined;
    fake.get.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    renderScreen(<TradeScreen />, { path: '/trade' });
    expect(screen.getByRole('status', { name: 'Loading trade hub' })).toBeInTheDocument();
    expect(screen.queryByText('₹0.00')).not.toBeInTheDocument();
    expect(screen.queryByText(/closed/i)).not.toBeInTheDocument();
    act(() =>
      answer(
        ok({
          stocks_data: STOCKS,
          is_mm_exist: 0,
          game_status: 2,
          orderbook_status: 1,
          ends_at: PORTFOLIO.ends_at,
        }),
      ),
    );
    await waitFor(() => expect(fake.get).toHaveBeenCalledTimes(2));
    act(() => answer(ok(PORTFOLIO)));
    expect(await screen.findByText('₹4,96,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading trade hub' })).not.toBeInTheDocument();
  });

  it('shows the cue on the moved company', async () => {
    const socket = await live({ role: 2, portfolio: PORTFOLIO, orderbook_status: 1 });
    serve(fake, {
      [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO),
      [`GET ${API.stocks(7)}`]: () =>
        ok({
          stocks_data: STOCKS,
          is_mm_exist: 0,
          game_status: 2,
          orderbook_status: 1,
          ends_at: PORTFOLIO.ends_at,
        }),
    });
    renderScreen(<TradeScreen />, { path: '/trade' });
    const row = await screen.findByRole('listitem', { name: 'Monsoon Power' });
    act(() => socket.fire('price:updated', move(SEQ + 1, 2, 500, 540)));
    expect(within(row).getByRole('img', { name: 'up 8 percent' })).toBeInTheDocument();
    expect(row).toHaveAttribute('data-flash');
  });
});

describe('one writer per fact', () => {
  it('a stale price-update answer arriving after a newer event does not overwrite it', async () => {
    const socket = await live({ role: 1 });
    let answer: (value: unknown) => void = () => undefined;
    fake.post.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderScreen(<PriceUpdatesScreen />, {
      path: '/price-updates',
      state: { stock: STOCKS[0] },
    });
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    await user.click(screen.getByRole('button', { name: '10' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    // The broker's own move (+10 %: 440) and then another one (to 484) arrive first ...
    act(() => socket.fire('price:updated', move(SEQ + 1, 1, 400, 440)));
    act(() => socket.fire('price:updated', move(SEQ + 2, 1, 440, 484)));
    expect(await screen.findByText('Current price: ₹484.00')).toBeInTheDocument();
    // ... then the REST answer of the first lands: it is older than what the screen shows.
    await act(async () => {
      answer(ok({ stock_id: 1, updatedPrice: 440, previousPrice: 400, percentage: 10 }));
      await Promise.resolve();
    });
    expect(await screen.findByText('Stock price updated successfully.')).toBeInTheDocument();
    expect(screen.getByText('Current price: ₹484.00')).toBeInTheDocument();
    expect(selectStocks(useAppStore.getState())[0]?.current_price).toBe(484);
  });
});

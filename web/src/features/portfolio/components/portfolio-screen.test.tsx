import { API, type Portfolio } from '@showdown/shared/api';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import {
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { PortfolioScreen } from './portfolio-screen';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const PORTFOLIO: Portfolio = {
  portfolio_data: [
    {
      stock_id: 1,
      name: 'Tandoor Motors',
      image: '/logos/tandoor-motors.svg',
      total_quantity: 100,
      total_invested_price: 45000,
      current_price: 423,
      market_value: 42300,
      profit_loss: -2700,
    },
    {
      stock_id: 3,
      name: 'Chai Digital',
      image: '/logos/chai-digital.svg',
      total_quantity: 20,
      total_invested_price: 25000,
      current_price: 1312.5,
      market_value: 26250,
      profit_loss: 1250,
    },
    {
      stock_id: 5,
      name: 'Lotus Bank',
      image: '/logos/lotus-bank.svg',
      total_quantity: 0,
      total_invested_price: 0,
      current_price: 1520,
      market_value: 0,
      profit_loss: 0,
    },
  ],
  total_balance: 498550,
  total_profit_loss: '-1450.00',
  current_balance: 430000,
  orderbook_status: 0,
  ends_at: null,
};

describe('PortfolioScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 2 });
    serve(fake, { [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO) });
  });

  it('shows net worth, overall profit/loss and cash in INR', async () => {
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('₹4,98,550.00')).toBeInTheDocument();
    expect(within(summary).getByText('-₹1,450.00')).toBeInTheDocument();
    expect(within(summary).getByText('₹4,30,000.00')).toBeInTheDocument();
  });

  it('charts the allocation of net worth: cash, then each holding worth something', async () => {
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    const list = await screen.findByRole('list', { name: 'Allocation of net worth' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Cash86.3%₹4,30,000',
      'Tandoor Motors8.5%₹42,300',
      'Chai Digital5.3%₹26,250',
    ]);
  });

  it('shows quantity, invested, current price and profit/loss per company', async () => {
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    const tandoor = await screen.findByRole('listitem', { name: 'Tandoor Motors' });
    expect(within(tandoor).getByText('100')).toBeInTheDocument();
    expect(within(tandoor).getByText('₹45,000.00')).toBeInTheDocument();
    expect(within(tandoor).getByText('₹423.00')).toBeInTheDocument();
    expect(within(tandoor).getByText('-₹2,700.00')).toBeInTheDocument();
    const chai = screen.getByRole('listitem', { name: 'Chai Digital' });
    expect(within(chai).getByText('₹1,312.50')).toBeInTheDocument();
    expect(within(chai).getByText('+₹1,250.00')).toBeInTheDocument();
  });

  it('colours a loss red and a profit green, and dims rows without shares', async () => {
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    const loss = await screen.findByText('-₹2,700.00');
    const profit = screen.getByText('+₹1,250.00');
    expect(loss).toHaveStyle({ color: 'rgb(255, 90, 95)' });
    expect(profit).toHaveStyle({ color: 'rgb(46, 204, 113)' });
    expect(screen.getByRole('listitem', { name: 'Lotus Bank' })).toHaveStyle({ opacity: '0.5' });
    expect(screen.getByRole('listitem', { name: 'Tandoor Motors' })).toHaveStyle({ opacity: '1' });
  });

  it('sends the broker back to the market monitor', async () => {
    setGame({ role: 1 });
    renderScreen(<PortfolioScreen />, { path: '/portfolio' });
    expect(await findLocation()).toBe('/stock-prices');
  });
});

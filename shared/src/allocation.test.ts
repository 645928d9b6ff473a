import { describe, expect, it } from 'vitest';
import { allocationOf } from './allocation.ts';
import type { Portfolio } from './api.ts';

const row = (stock_id: number, name: string, market_value: number) => ({
  stock_id,
  name,
  image: '',
  total_quantity: market_value > 0 ? 1 : 0,
  total_invested_price: market_value,
  current_price: market_value,
  market_value,
  profit_loss: 0,
});

const portfolio = (cash: number, rows: ReturnType<typeof row>[]): Portfolio => ({
  portfolio_data: rows,
  total_balance: cash + rows.reduce((s, r) => s + r.market_value, 0),
  total_profit_loss: '0.00',
  current_balance: cash,
  orderbook_status: 0,
  ends_at: null,
});

describe('allocationOf', () => {
  it('splits net worth into cash and each holding, largest holding first', () => {
    const slices = allocationOf(
      portfolio(500000, [row(1, 'Tandoor', 125000), row(2, 'Monsoon', 0), row(3, 'Chai', 375000)]),
    );
    expect(slices).toEqual([
      { key: 'cash', label: 'Cash', value: 500000, share: 50 },
      { key: 3, label: 'Chai', value: 375000, share: 37.5 },
      { key: 1, label: 'Tandoor', value: 125000, share: 12.5 },
    ]);
  });

  it('rounds shares half up to one decimal, and is empty when nothing is held', () => {
    const thirds = allocationOf(portfolio(1, [row(1, 'A', 1), row(2, 'B', 1)]));
    expect(thirds.map((s) => s.share)).toEqual([33.3, 33.3, 33.3]);
    expect(allocationOf(portfolio(0, [row(1, 'A', 0)]))).toEqual([]);
  });
});

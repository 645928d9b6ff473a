import type { Portfolio, StockEntry } from '@showdown/shared/api';
import { describe, expect, it } from 'vitest';
import type { QueuedOrder } from '../../../stores/order-queue-slice';
import { toldOf, tradeLines } from './use-trade-hub';

const waiting = (name: string): QueuedOrder => ({
  key: `key-${name}`,
  gameId: 7,
  stock_id: 1,
  trade_type: 0,
  quantity: 5,
  name,
  phaseEndsAt: '2026-01-01T10:00:00.000Z',
  sent: false,
});

describe('toldOf', () => {
  it("passes a placed order's message on as a success", () => {
    expect(toldOf({ kind: 'placed', message: 'Bought.' })).toEqual(['Bought.', 'success']);
  });

  it('warns that a refused order may already have reached the server, naming the company', () => {
    const [message, variant] = toldOf({ kind: 'refused', waiting: waiting('Tandoor Motors') });
    expect(message).toBe(
      'Your order for Tandoor Motors may already have reached the server: wait for its answer before placing another.',
    );
    expect(variant).toBe('warning');
  });

  it('tells a waiting order that took the place of an earlier one apart from a first one', () => {
    const order = waiting('Monsoon Power');
    expect(toldOf({ kind: 'waiting', order, replaced: waiting('Monsoon Power') })).toEqual([
      'No connection: this order waits in place of your earlier one for Monsoon Power.',
      'info',
    ]);
    expect(toldOf({ kind: 'waiting', order, replaced: undefined })).toEqual([
      'No connection: your order waits and is sent when the connection is back.',
      'info',
    ]);
  });
});

describe('tradeLines', () => {
  const stock: StockEntry = { id: 1, stock_id: 1, name: 'A', image: '/a.svg', current_price: 100 };
  const row = (stock_id: number, quantity: number) => ({
    stock_id,
    name: `S${stock_id}`,
    image: `/s${stock_id}.svg`,
    total_quantity: quantity,
    total_invested_price: quantity * 90,
    current_price: 120,
    market_value: quantity * 120,
    profit_loss: 0,
  });

  it('lists every company with what is held of it, then holdings of companies not listed', () => {
    const portfolio = { portfolio_data: [row(1, 3), row(9, 2)] } as unknown as Portfolio;
    expect(tradeLines(portfolio, [stock])).toEqual([
      { stock_id: 1, name: 'A', image: '/a.svg', price: 100, held: 3, invested: 270 },
      { stock_id: 9, name: 'S9', image: '/s9.svg', price: 120, held: 2, invested: 180 },
    ]);
  });

  it('holds nothing before the portfolio is in', () => {
    expect(tradeLines(null, [stock])).toEqual([
      { stock_id: 1, name: 'A', image: '/a.svg', price: 100, held: 0, invested: 0 },
    ]);
  });
});

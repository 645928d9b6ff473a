import { API, type TransactionEntry } from '@showdown/shared/api';
import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { ERROR_CODE, MSG } from '@showdown/shared/messages';
import {
  failure,
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { TransactionScreen } from './transaction-screen';
import { applyEvent } from '../../../stores/game-updates';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const base = { image: null, stock_id: null, name: null, trade_type: null, quantity: null };
const ENTRIES: TransactionEntry[] = [
  {
    ...base,
    id: 'p1',
    type: 'Price update',
    price: '-6',
    stock_id: 5,
    name: 'Lotus Bank',
    image: '/logos/lotus-bank.svg',
    created_at: '2030-01-01T10:00:00Z',
  },
  {
    ...base,
    id: 'p2',
    type: 'Price update',
    price: '12',
    stock_id: 1,
    name: 'Tandoor Motors',
    created_at: '2030-01-01T10:01:00Z',
  },
  { ...base, id: 'd1', type: 'PAYDAY', price: '100000', created_at: '2030-01-01T10:02:00Z' },
  {
    ...base,
    id: 't1',
    type: 'trade',
    price: '1312.5',
    stock_id: 3,
    name: 'Chai Digital',
    trade_type: 0,
    quantity: 20,
    created_at: '2030-01-01T10:03:00Z',
  },
  {
    ...base,
    id: 't2',
    type: 'trade',
    price: '450',
    stock_id: 1,
    name: 'Tandoor Motors',
    trade_type: 1,
    quantity: 5,
    created_at: '2030-01-01T10:04:00Z',
  },
];

/** The broker moves Lotus Bank by -6 % (the game's first event). */
function movePrice() {
  return applyEvent('price:updated', {
    seq: 1,
    game_id: 7,
    stock_id: 5,
    previous_price: 1520,
    price: 1428.8,
    percentage: -6,
  });
}

function items() {
  return screen.getAllByRole('listitem');
}

describe('TransactionScreen', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 2 });
  });

  it('shows price updates with percentage and arrow, paydays and trades', async () => {
    serve(fake, { [`GET ${API.transactions(7)}?limit=50`]: () => ok(ENTRIES) });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    await screen.findByRole('list', { name: 'Transactions' });
    const [down, up, payday, bought, sold] = items();

    expect(within(down!).getByText('Price Update')).toBeInTheDocument();
    expect(within(down!).getByText('-6%')).toBeInTheDocument();
    expect(within(down!).getByTitle('Down')).toBeInTheDocument();
    expect(within(up!).getByText('+12%')).toBeInTheDocument();
    expect(within(up!).getByTitle('Up')).toBeInTheDocument();

    expect(within(payday!).getByText('PAYDAY')).toBeInTheDocument();
    expect(within(payday!).getByText('+₹1,00,000.00')).toBeInTheDocument();

    expect(within(bought!).getByText('Shares Bought')).toBeInTheDocument();
    expect(within(bought!).getByText('Qty 20')).toBeInTheDocument();
    expect(within(bought!).getByText('₹1,312.50')).toBeInTheDocument();
    expect(within(sold!).getByText('Shares Sold')).toBeInTheDocument();
    expect(within(sold!).getByText('Qty 5')).toBeInTheDocument();
    expect(within(sold!).getByText('₹450.00')).toBeInTheDocument();
  });

  it("shows 'Oops! No transaction found' when the history is empty", async () => {
    serve(fake, { [`GET ${API.transactions(7)}?limit=50`]: () => ok([]) });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    expect(await screen.findByText('Oops! No transaction found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('reloads when a live event changes prices', async () => {
    let answer: TransactionEntry[] = [];
    serve(fake, { [`GET ${API.transactions(7)}?limit=50`]: () => ok(answer) });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    expect(await screen.findByText('Oops! No transaction found')).toBeInTheDocument();
    answer = ENTRIES.slice(0, 1);
    act(() => void movePrice());
    expect(await screen.findByText('-6%')).toBeInTheDocument();
    expect(fake.get).toHaveBeenCalledTimes(2);
  });

  it('shows a mayhem move as Market Mayhem, not as a price update', async () => {
    const mayhem: TransactionEntry = {
      ...base,
      id: 'm1',
      type: 'Market mayhem',
      price: '3.67',
      stock_id: 1,
      name: 'Tandoor Motors',
      created_at: '2030-01-01T10:05:00Z',
    };
    serve(fake, { [`GET ${API.transactions(7)}?limit=50`]: () => ok([mayhem]) });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    const [entry] = await screen.findAllByRole('listitem');
    expect(within(entry!).getByText('Market Mayhem')).toBeInTheDocument();
    expect(within(entry!).getByText('+3.67%')).toBeInTheDocument();
    expect(within(entry!).queryByText('Price Update')).not.toBeInTheDocument();
  });

  it('a pure broker sees no PAYDAY entries (they are not theirs)', async () => {
    setGame({ role: 1 });
    serve(fake, { [`GET ${API.transactions(7)}?limit=50`]: () => ok(ENTRIES) });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    await screen.findByRole('list', { name: 'Transactions' });
    expect(screen.getAllByText('Price Update')).toHaveLength(2);
    expect(screen.queryByText('PAYDAY')).not.toBeInTheDocument();
  });

  it('loads older pages (before the last entry id) until a short page', async () => {
    const page = (from: number, n: number): TransactionEntry[] =>
      Array.from({ length: n }, (_, i) => ({
        ...base,
        id: String(from - i),
        type: 'PAYDAY' as const,
        price: '100000',
        created_at: '2030-01-01T10:00:00Z',
      }));
    serve(fake, {
      [`GET ${API.transactions(7)}?limit=50`]: () => ok(page(200, 50)),
      [`GET ${API.transactions(7)}?before=151&limit=50`]: () => ok(page(150, 3)),
    });
    const { user } = renderScreen(<TransactionScreen />, { path: '/transaction' });
    await screen.findByRole('list', { name: 'Transactions' });
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(53);
    expect(fake.get).toHaveBeenLastCalledWith(`${API.transactions(7)}?before=151&limit=50`);
    // A page shorter than the limit was the last one.
    expect(screen.queryByRole('button', { name: 'Load older entries' })).not.toBeInTheDocument();
  });
  it('stays on the leaderboard when a reload sent before the end answers after it', async () => {
    let refused: (error: unknown) => void = () => {};
    let calls = 0;
    serve(fake, {
      [`GET ${API.transactions(7)}?limit=50`]: () =>
        (calls += 1) === 1
          ? ok(ENTRIES)
          : new Promise((_, reject) => {
              refused = reject;
            }),
    });
    renderScreen(<TransactionScreen />, { path: '/transaction' });
    await screen.findByRole('list', { name: 'Transactions' });
    act(() => void movePrice());
    await vi.waitFor(() => expect(calls).toBe(2));
    act(() => {
      applyEvent('game:ended', { seq: 2, game_id: 7, ranking: [] });
    });
    expect(await findLocation()).toBe('/leaderboard');
    await act(async () => {
      refused(failure(MSG.GAME_COMPLETED, 409, ERROR_CODE.GAME_COMPLETED));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await findLocation()).toBe('/leaderboard');
  });
});

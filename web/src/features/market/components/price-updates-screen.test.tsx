import { API, type StockEntry } from '@showdown/shared/api';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSnackbar } from '../../../components/ui/toasts';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectStocks } from '../../../stores/game-selectors';
import {
  failure,
  findLocation,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../../test/in-game/render-screen';
import { appendKey } from './price-keypad';
import { PriceUpdatesScreen } from './price-updates-screen';

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const lotus: StockEntry = {
  id: 5,
  stock_id: 5,
  name: 'Lotus Bank',
  image: '/logos/lotus-bank.svg',
  current_price: 1520,
};
const stocksAnswer = ok({
  stocks_data: [lotus],
  is_mm_exist: 0,
  game_status: 2,
  orderbook_status: 0,
  ends_at: null,
});

function open() {
  return renderScreen(<PriceUpdatesScreen />, { path: '/price-updates', state: { stock: lotus } });
}

function percentField() {
  return screen.getByRole('textbox', { name: 'Percentage' });
}

describe('appendKey', () => {
  it('appends digits and 10, drops leading zeros and ignores a press past 100', () => {
    expect(appendKey('', '5')).toBe('5');
    expect(appendKey('1', '10')).toBe('1');
    expect(appendKey('', '10')).toBe('10');
    expect(appendKey('', '0')).toBe('0');
    expect(appendKey('0', '7')).toBe('7');
    expect(appendKey('10', '0')).toBe('100');
    expect(appendKey('100', '1')).toBe('100');
    expect(appendKey('9', '9')).toBe('99');
  });
});

describe('PriceUpdatesScreen keypad', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    setGame({ role: 1, stocks: [lotus] });
  });

  it('shows the chosen stock and a read-only percentage field, read from the store', () => {
    open();
    expect(fake.get).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Lotus Bank' })).toBeInTheDocument();
    expect(screen.getByText('Current price: ₹1,520.00')).toBeInTheDocument();
    expect(percentField()).toHaveAttribute('readonly');
    expect(percentField()).toHaveValue('');
  });

  it('types digits and 10, shows + or −, and Undo clears everything', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: '1' }));
    await user.click(screen.getByRole('button', { name: '2' }));
    expect(percentField()).toHaveValue('12');
    await user.click(screen.getByRole('button', { name: 'Decrease' }));
    expect(percentField()).toHaveValue('-12');
    expect(screen.getByRole('button', { name: 'Decrease' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    expect(percentField()).toHaveValue('+12');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(percentField()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '10' }));
    expect(percentField()).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: '0' }));
    expect(percentField()).toHaveValue('100');
  });

  it('keeps OK disabled until there is a value', async () => {
    const { user } = open();
    const okButton = screen.getByRole('button', { name: 'OK' });
    expect(okButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    expect(okButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '0' }));
    expect(okButton).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '7' }));
    expect(okButton).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(okButton).toBeDisabled();
  });

  it('previews the new price by the price update rule, and the cap as the server refuses it', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: '6' }));
    expect(screen.queryByText(/New price/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Decrease' }));
    // 1,520 × 94 % = 1,428.80.
    expect(screen.getByText('New price: ₹1,428.80')).toBeInTheDocument();
    act(() => setGame({ role: 1, stocks: [{ ...lotus, current_price: 99_999_999 }] }));
    await user.click(screen.getByRole('button', { name: 'Increase' }));
    expect(screen.getByText('Price cannot exceed ₹1,00,00,000')).toBeInTheDocument();
    expect(percentField()).toHaveAttribute('aria-invalid', 'true');
  });

  it('posts the operation and value and updates the price in place', async () => {
    const posted: unknown[] = [];
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => stocksAnswer,
      [`POST ${API.stocks(7)}`]: (body) => {
        posted.push(body);
        return ok({ stock_id: 5, updatedPrice: 1428.8, previousPrice: 1520, percentage: -6 });
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Decrease' }));
    await user.click(screen.getByRole('button', { name: '6' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Current price: ₹1,428.80')).toBeInTheDocument();
    expect(posted).toEqual([{ stock_id: 5, operation: '-', value: 6 }]);
    expect(selectStocks(useAppStore.getState())[0]?.current_price).toBe(1428.8);
    expect(percentField()).toHaveValue('');
  });

  it("says 'Please add operation' without an operation, and when the call fails", async () => {
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => stocksAnswer,
      [`POST ${API.stocks(7)}`]: () => {
        throw failure('Stock not found.', 404, 'NOT_FOUND');
      },
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: '4' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Please add operation')).toBeInTheDocument();
    expect(fake.post).not.toHaveBeenCalled();
    // A message on screen is not shown twice: dismiss it to see the next one.
    act(() => closeSnackbar());
    await waitFor(() => expect(screen.queryByText('Please add operation')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Increase' }));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(fake.post).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Please add operation')).toBeInTheDocument();
    expect(screen.queryByText('Stock not found.')).not.toBeInTheDocument();
  });

  it('sends investors and visits without a stock back to /stock-prices', async () => {
    setGame({ role: 2, stocks: [lotus] });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => stocksAnswer });
    open();
    expect(await findLocation()).toBe('/stock-prices');
  });
});

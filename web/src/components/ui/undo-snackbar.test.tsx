import { API } from '@showdown/shared/api';
import type { UndoneAction } from '@showdown/shared/protocol';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { useAppStore } from '../../stores/app-store';
import {
  failure,
  ok,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
} from '../../../test/in-game/render-screen';
import { enqueueUndoable, UNDO_LABEL, withdrawUndoable } from './undo-snackbar';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCKS = [
  { id: 1, stock_id: 1, name: 'Tandoor Motors', image: '/t.svg', current_price: 495 },
];

function Confirm() {
  return (
    <button type="button" onClick={() => enqueueUndoable('Stock price updated successfully.', 7)}>
      confirm
    </button>
  );
}

describe("the broker's confirmation with Undo", () => {
  beforeEach(() => vi.clearAllMocks());

  it('offers Undo; a tap undoes, the store shows the price back and the snackbar says what', async () => {
    setGame({ status: 2, role: 1, stocks: STOCKS });
    const undone: UndoneAction = {
      kind: 'price',
      label: 'Undone: price update of Tandoor Motors (back to ₹450.00)',
      changes: [{ stock_id: 1, previous_price: 495, price: 450, percentage: -9.09 }],
      points: [],
      paydays_given: 0,
    };
    serve(fake, { [`POST ${API.undo(7)}`]: () => ok(undone, 'Undone.') });
    const { user } = renderScreen(<Confirm />, { path: '/price-updates' });
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await screen.findByText('Stock price updated successfully.');
    await user.click(await screen.findByRole('button', { name: UNDO_LABEL }));
    await screen.findByText(undone.label);
    expect(useAppStore.getState().game?.stocks[0]?.current_price).toBe(450);
  });

  it('is withdrawn when the game ends: no Undo left over the leaderboard', async () => {
    setGame({ status: 2, role: 1, stocks: STOCKS });
    const { user } = renderScreen(<Confirm />, { path: '/price-updates' });
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await screen.findByRole('button', { name: UNDO_LABEL });
    withdrawUndoable();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: UNDO_LABEL })).not.toBeInTheDocument(),
    );
  });

  it('says why when the server refuses', async () => {
    setGame({ status: 2, role: 1, stocks: STOCKS });
    serve(fake, {
      [`POST ${API.undo(7)}`]: () => {
        throw failure('Cannot undo: an order was placed after this change.', 409, 'CONFLICT');
      },
    });
    const { user } = renderScreen(<Confirm />, { path: '/price-updates' });
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await user.click(await screen.findByRole('button', { name: UNDO_LABEL }));
    await screen.findByText('Cannot undo: an order was placed after this change.');
    expect(useAppStore.getState().game?.stocks[0]?.current_price).toBe(495);
  });
});

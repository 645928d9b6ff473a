import type { Portfolio } from '@showdown/shared/api';
import { STORAGE_KEYS } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, setGame, type FakeApi } from '../../test/in-game/render-screen';
import { useOrderQueue } from '../hooks/use-order-queue';
import { api, ApiError, NO_CONNECTION } from '../lib/api-client';
import { useAppStore } from '../stores/app-store';
import type { QueuedOrder } from '../stores/order-queue-slice';
import { cancelQueuedOrder, decide, flushQueuedOrders, type Tell } from './order-queue';
import { submitOrder, type OrderTap } from './orders';

vi.mock('../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const ENDS_AT = new Date(Date.now() + 60_000).toISOString();
const TANDOOR: OrderTap = {
  stock_id: 1,
  trade_type: 0,
  quantity: 10,
  name: 'Tandoor Motors',
  phaseEndsAt: ENDS_AT,
};

const PORTFOLIO: Portfolio = {
  portfolio_data: [],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 495500,
  orderbook_status: 1,
  ends_at: ENDS_AT,
};

let online = true;
const told: Array<[string, string]> = [];
const tell: Tell = (message, variant) => told.push([message, variant]);

/** The trade route's calls as [body, Idempotency-Key]. */
const posts = () =>
  fake.post.mock.calls.map(([, body, options]) => [
    body,
    (options as { idempotencyKey: string }).idempotencyKey,
  ]);

/** The running game 7, its phase open until `endsAt` (or closed), the device connected. */
function gameWithPhase(endsAt: string | null, connection: 'online' | 'reconnecting' = 'online') {
  const queuedOrders = useAppStore.getState().queuedOrders;
  setGame({ role: 2, orderbook_status: endsAt ? 1 : 0, ends_at: endsAt }, { connection });
  useAppStore.setState({ queuedOrders });
}

const queued = () => useAppStore.getState().queuedOrders;

/** Taps an order with the device offline: it waits. */
async function tapOffline(tap: OrderTap = TANDOOR): Promise<QueuedOrder> {
  online = false;
  const outcome = await submitOrder(7, tap);
  if (outcome.kind !== 'waiting') throw new Error(`not waiting: ${outcome.kind}`);
  return outcome.order;
}

beforeEach(() => {
  vi.clearAllMocks();
  online = true;
  told.length = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  gameWithPhase(ENDS_AT);
  useAppStore.setState({ queuedOrders: [] });
  fake.post.mockResolvedValue(ok(PORTFOLIO, 'Order placed successfully.'));
});

afterEach(() => vi.restoreAllMocks());

describe('an order tapped without a connection', () => {
  it('waits on the device, is not sent, and survives a reload (the persisted store)', async () => {
    const order = await tapOffline();
    expect(fake.post).not.toHaveBeenCalled();
    expect(queued()).toEqual([{ ...TANDOOR, key: order.key, gameId: 7, sent: false }]);
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEYS.STATE)!) as {
      state: { queuedOrders: QueuedOrder[] };
    };
    expect(saved.state.queuedOrders).toEqual(queued());
  });

  it('waits too while the socket is down, though the browser says it is online', async () => {
    gameWithPhase(ENDS_AT, 'reconnecting');
    const outcome = await submitOrder(7, TANDOOR);
    expect(outcome.kind).toBe('waiting');
    expect(fake.post).not.toHaveBeenCalled();
  });

  it('a second order for the same company replaces the waiting one', async () => {
    const first = await tapOffline();
    const outcome = await submitOrder(7, { ...TANDOOR, quantity: 4 });
    expect(outcome).toMatchObject({ kind: 'waiting', replaced: { key: first.key } });
    expect(queued().map((o) => o.quantity)).toEqual([4]);
    // Another company waits beside it.
    await submitOrder(7, { ...TANDOOR, stock_id: 2, name: 'Monsoon Power' });
    expect(queued().map((o) => o.name)).toEqual(['Tandoor Motors', 'Monsoon Power']);
  });

  it('a request with no answer waits as possibly sent, and no second order replaces it', async () => {
    fake.post.mockRejectedValueOnce(new ApiError(NO_CONNECTION, 0, 'NETWORK', null));
    const outcome = await submitOrder(7, TANDOOR);
    expect(outcome.kind).toBe('waiting');
    const [[, key]] = posts() as [[unknown, string]];
    expect(queued()).toMatchObject([{ key, sent: true }]);
    expect(await submitOrder(7, { ...TANDOOR, quantity: 4 })).toMatchObject({ kind: 'refused' });
    expect(queued()).toMatchObject([{ key, quantity: 10 }]);
    expect(fake.post).toHaveBeenCalledTimes(1);
  });

  it('connected, an order for a company with a waiting one is placed in its stead', async () => {
    await tapOffline();
    online = true;
    expect(await submitOrder(7, { ...TANDOOR, quantity: 3 })).toMatchObject({ kind: 'placed' });
    expect(queued()).toEqual([]);
    expect(posts()).toEqual([[{ stock_id: 1, trade_type: 0, quantity: 3 }, expect.any(String)]]);
  });
});

describe('when the connection is back', () => {
  it('in the same trade phase: placed once, under the key of the tap', async () => {
    const order = await tapOffline();
    online = true;
    await flushQueuedOrders(tell);
    await flushQueuedOrders(tell);
    expect(posts()).toEqual([[{ stock_id: 1, trade_type: 0, quantity: 10 }, order.key]]);
    expect(queued()).toEqual([]);
    expect(told).toEqual([['Your order for 10 × Tandoor Motors was placed.', 'success']]);
    expect(useAppStore.getState().game?.me?.portfolio?.current_balance).toBe(495500);
  });

  it('the phase ended meanwhile: not sent, and the player is told it was not placed', async () => {
    await tapOffline();
    online = true;
    gameWithPhase(null);
    await flushQueuedOrders(tell);
    expect(fake.post).not.toHaveBeenCalled();
    expect(queued()).toEqual([]);
    expect(told).toEqual([
      [
        'Your order for 10 × Tandoor Motors was not placed: the trade phase ended while you were offline.',
        'warning',
      ],
    ]);
  });

  it('another phase is open: the order of the ended one is not placed in it', async () => {
    await tapOffline();
    online = true;
    gameWithPhase(new Date(Date.now() + 90_000).toISOString());
    await flushQueuedOrders(tell);
    expect(fake.post).not.toHaveBeenCalled();
    expect(told[0]?.[0]).toMatch(/was not placed: the trade phase ended/);
  });

  it('its phase ran out on the clock: not sent', () => {
    const order: QueuedOrder = { ...TANDOOR, key: 'k', gameId: 7, sent: false };
    const game = useAppStore.getState().game;
    expect(decide(order, game, Date.now())).toBe('send');
    expect(decide(order, game, Date.parse(ENDS_AT) + 1)).toBe('phase-ended');
    expect(decide({ ...order, gameId: 8 }, game, Date.now())).toBe('phase-ended');
  });

  it('waits while the device is still not connected', async () => {
    await tapOffline();
    await flushQueuedOrders(tell);
    online = true;
    gameWithPhase(ENDS_AT, 'reconnecting');
    await flushQueuedOrders(tell);
    expect(fake.post).not.toHaveBeenCalled();
    expect(queued()).toHaveLength(1);
  });

  it('no answer again: it keeps waiting, marked as possibly sent, and goes again with its key', async () => {
    const order = await tapOffline();
    online = true;
    fake.post.mockRejectedValueOnce(new ApiError(NO_CONNECTION, 0, 'NETWORK', null));
    await flushQueuedOrders(tell);
    expect(queued()).toMatchObject([{ key: order.key, sent: true }]);
    expect(told).toEqual([]);
    await flushQueuedOrders(tell);
    expect(posts().map(([, key]) => key)).toEqual([order.key, order.key]);
    expect(queued()).toEqual([]);
  });

  it('possibly sent, phase closed: asked again under its key, the server tells the outcome', async () => {
    fake.post.mockRejectedValueOnce(new ApiError(NO_CONNECTION, 0, 'NETWORK', null));
    await submitOrder(7, TANDOOR);
    const { key } = queued()[0]!;
    gameWithPhase(null);
    // The first try had reached the server: the key's replay answers it.
    await flushQueuedOrders(tell);
    expect(posts().map(([, k]) => k)).toEqual([key, key]);
    expect(told).toEqual([['Your order for 10 × Tandoor Motors was placed.', 'success']]);

    // The first try had not: the server refuses it now, as the phase is closed.
    told.length = 0;
    fake.post.mockRejectedValueOnce(new ApiError(NO_CONNECTION, 0, 'NETWORK', null));
    gameWithPhase(ENDS_AT);
    await submitOrder(7, TANDOOR);
    gameWithPhase(null);
    fake.post.mockRejectedValueOnce(failure(MSG.TRADE_PHASE_OFF, 409, 'CONFLICT'));
    await flushQueuedOrders(tell);
    expect(told).toEqual([
      [
        'Your order for 10 × Tandoor Motors was not placed: the trade phase ended while you were offline.',
        'error',
      ],
    ]);
    expect(queued()).toEqual([]);
  });

  it('possibly sent, another phase open: not sent again (it could be placed twice)', async () => {
    fake.post.mockRejectedValueOnce(new ApiError(NO_CONNECTION, 0, 'NETWORK', null));
    await submitOrder(7, TANDOOR);
    gameWithPhase(new Date(Date.now() + 90_000).toISOString());
    await flushQueuedOrders(tell);
    expect(fake.post).toHaveBeenCalledTimes(1);
    expect(told[0]).toEqual([
      'Your order for 10 × Tandoor Motors may have been placed before the connection dropped: check your portfolio.',
      'warning',
    ]);
  });

  it("a refusal for another reason is told with the server's reason", async () => {
    await tapOffline();
    online = true;
    fake.post.mockRejectedValueOnce(failure(MSG.INSUFFICIENT_FUNDS, 409, 'CONFLICT'));
    await flushQueuedOrders(tell);
    expect(told).toEqual([
      [`Your order for 10 × Tandoor Motors was not placed: ${MSG.INSUFFICIENT_FUNDS}`, 'error'],
    ]);
    expect(queued()).toEqual([]);
  });
});

describe('Cancel', () => {
  it('drops the waiting order: nothing is sent when the connection is back', async () => {
    const order = await tapOffline();
    cancelQueuedOrder(order, tell);
    online = true;
    await flushQueuedOrders(tell);
    expect(fake.post).not.toHaveBeenCalled();
    expect(told).toEqual([['Your order for 10 × Tandoor Motors was cancelled.', 'success']]);
  });
});

describe('useOrderQueue', () => {
  it('sends the waiting order once the game is resynced after a drop', async () => {
    const order = await tapOffline();
    gameWithPhase(ENDS_AT, 'reconnecting');
    renderHook(() => useOrderQueue());
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    expect(fake.post).not.toHaveBeenCalled();
    act(() => useAppStore.getState().setConnection('back'));
    await vi.waitFor(() => expect(queued()).toEqual([]));
    expect(posts()).toEqual([[{ stock_id: 1, trade_type: 0, quantity: 10 }, order.key]]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CommandAck } from '@showdown/shared/commands';
import { ApiError } from './api-client';
import { setActiveConnection, type GameConnection } from './socket';
import { sendCommand } from './socket-commands';

/** A live connection whose socket answers each emit with `answer` (or never, when it throws). */
function connectSocket(connected: boolean, answer: () => Promise<CommandAck<unknown>>) {
  const emitted: Array<[string, unknown]> = [];
  const socket = {
    connected,
    timeout: () => ({
      emitWithAck: (name: string, payload: unknown) => {
        emitted.push([name, payload]);
        return answer();
      },
    }),
  };
  setActiveConnection({
    socket,
    resync: vi.fn(),
    disconnect: vi.fn(),
  } as unknown as GameConnection);
  return emitted;
}

const price = { game_id: 4, stock_id: 8, operation: '+' as const, value: 5 };
const priceData = { stock_id: 8, updatedPrice: 105, previousPrice: 100, percentage: 5 };

afterEach(() => setActiveConnection(null));

describe('sendCommand', () => {
  it('sends over the connected socket and answers as the REST call would', async () => {
    const emitted = connectSocket(true, async () => ({
      data: priceData,
      message: 'Price updated.',
    }));
    const rest = vi.fn();
    await expect(sendCommand('price:update', price, rest)).resolves.toEqual({
      success: true,
      data: priceData,
      message: 'Price updated.',
    });
    expect(emitted).toEqual([['price:update', price]]);
    expect(rest).not.toHaveBeenCalled();
  });

  it('uses REST without a connected socket', async () => {
    const emitted = connectSocket(false, async () => ({ data: priceData }));
    const rest = vi.fn(async () => ({ success: true as const, data: priceData }));
    await expect(sendCommand('price:update', price, rest)).resolves.toEqual({
      success: true,
      data: priceData,
    });
    expect(emitted).toEqual([]);
    setActiveConnection(null);
    await sendCommand('price:update', price, rest);
    expect(rest).toHaveBeenCalledTimes(2);
  });

  it('a refusal is the REST failure (status, code, message); an expired token goes through REST', async () => {
    connectSocket(true, async () => ({
      error: { code: 'FORBIDDEN', message: 'Only the broker can do this.', status: 403 },
    }));
    const rest = vi.fn(async () => ({ success: true as const, data: priceData }));
    const refused = await sendCommand('price:update', price, rest).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      message: 'Only the broker can do this.',
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(rest).not.toHaveBeenCalled();
    connectSocket(true, async () => ({
      error: { code: 'TOKEN_EXPIRED', message: 'Access token has expired.', status: 403 },
    }));
    await expect(sendCommand('price:update', price, rest)).resolves.toEqual({
      success: true,
      data: priceData,
    });
    expect(rest).toHaveBeenCalledTimes(1);
  });

  it('no answer: an order (idempotent by its key) goes again over REST; a price move is not repeated', async () => {
    connectSocket(true, () => Promise.reject(new Error('operation has timed out')));
    const rest = vi.fn(async () => ({ success: true as const, data: priceData }));
    const failed = await sendCommand('price:update', price, rest).catch((e: unknown) => e);
    expect(failed).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(rest).not.toHaveBeenCalled();
    const orderRest = vi.fn(async () => ({ success: true as const, data: {} as never }));
    await sendCommand(
      'order:place',
      { game_id: 4, stock_id: 8, trade_type: 0, quantity: 1, idempotency_key: 'k1' },
      orderRest,
    );
    expect(orderRest).toHaveBeenCalledTimes(1);
  });

  it('the database briefly away: the command goes through REST, which waits and sends it again', async () => {
    const error = {
      code: 'UNAVAILABLE' as const,
      message: 'The game is briefly unavailable. Please try again in a few seconds.',
      status: 503,
      retry_after: 5,
    };
    connectSocket(true, async () => ({ error }));
    const rest = vi.fn(async () => ({ success: true as const, data: {} as never }));
    await sendCommand(
      'order:place',
      { game_id: 4, stock_id: 8, trade_type: 0, quantity: 1, idempotency_key: 'k2' },
      rest,
    );
    expect(rest).toHaveBeenCalledTimes(1);
  });
});

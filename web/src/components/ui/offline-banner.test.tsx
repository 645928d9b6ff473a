import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/provider';
import {
  reloadForChunkError,
  resetReloading,
  type ReloadEnvironment,
} from '../../lib/chunk-reload';
import { waitingToRetry } from '../../lib/unavailable';
import { BRIEFLY_UNAVAILABLE, NO_CONNECTION, WAITING_FOR_SERVER } from './offline-banner';

/** What the browser says about the network, and the event it fires when that changes. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  resetReloading();
});

describe('the "No connection" banner (honest offline)', () => {
  it('shows on every screen while the device is offline, and goes when it is back', () => {
    render(
      <AppProviders>
        <h1>Any screen</h1>
      </AppProviders>,
    );
    expect(screen.queryByText(NO_CONNECTION)).not.toBeInTheDocument();

    goOnline(false);
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent(NO_CONNECTION);
    expect(screen.getByRole('heading', { name: 'Any screen' })).toBeVisible();

    goOnline(true);
    expect(screen.queryByText(NO_CONNECTION)).not.toBeInTheDocument();
  });

  it('shows from the first render when the page loads offline (a reload from the cache)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <AppProviders>
        <h1>Profile</h1>
      </AppProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(NO_CONNECTION);
  });
});

describe('"Waiting for the server…"', () => {
  it('shows while a screen waits for the server to answer before the page reloads', async () => {
    render(
      <AppProviders>
        <h1>Profile</h1>
      </AppProviders>,
    );
    const stored = new Map<string, string>();
    const page: ReloadEnvironment = {
      storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      route: () => '/landing',
      reload: () => undefined,
      now: () => 0,
      appAnswers: async () => false,
      wait: () => new Promise(() => undefined),
    };
    expect(screen.queryByText(WAITING_FOR_SERVER)).not.toBeInTheDocument();
    act(() => {
      reloadForChunkError(
        new TypeError('Failed to fetch dynamically imported module: /a.js'),
        page,
      );
    });
    expect(await screen.findByRole('status')).toHaveTextContent(WAITING_FOR_SERVER);
    // Offline, the banner names the cause the phone can do something about.
    goOnline(false);
    expect(screen.getByRole('status')).toHaveTextContent(NO_CONNECTION);
  });
});

describe('"The game is briefly unavailable — retrying…"', () => {
  it('shows while a call waits to be sent again, and goes when none waits', () => {
    render(
      <AppProviders>
        <h1>Stock prices</h1>
      </AppProviders>,
    );
    expect(screen.queryByText(BRIEFLY_UNAVAILABLE)).not.toBeInTheDocument();
    let first: () => void = () => undefined;
    let second: () => void = () => undefined;
    act(() => {
      first = waitingToRetry();
      second = waitingToRetry();
    });
    expect(screen.getByRole('status')).toHaveTextContent(BRIEFLY_UNAVAILABLE);
    act(() => first());
    expect(screen.getByRole('status')).toHaveTextContent(BRIEFLY_UNAVAILABLE);
    act(() => second());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

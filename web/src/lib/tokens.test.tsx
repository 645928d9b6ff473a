import { act, render, screen } from '@testing-library/react';
import { API } from '@showdown/shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASHA, authAnswer } from '../../test/fixtures/users';
import { jsonResponse, ok } from '../../test/render';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { api } from './api-client';
import { clearTokens, getAccessToken, useAccessToken, useIsAuthenticated } from './tokens';

const user = ASHA;

function SignedIn() {
  const token = useAccessToken();
  const signedIn = useIsAuthenticated();
  return <output aria-label="tokens">{`${signedIn ? 'in' : 'out'}:${token ?? '-'}`}</output>;
}

const shown = () => screen.getByRole('status', { name: 'tokens' }).textContent;

beforeEach(() => {
  localStorage.clear();
  resetAppStore();
});

afterEach(() => vi.unstubAllGlobals());

describe('the tokens', () => {
  it('live in local storage only: the store keeps no copy of them', () => {
    useAppStore.getState().signedIn(authAnswer(user, 'acc', 'ref'));
    expect(localStorage.getItem('access_token')).toBe('acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    const state = useAppStore.getState() as unknown as Record<string, unknown>;
    expect(Object.keys(state)).not.toContain('access_token');
    expect(Object.keys(state)).not.toContain('refresh_token');
    expect(Object.keys(state)).not.toContain('isAuthenticated');
    expect(useAppStore.getState().user).toEqual(user);
  });

  it('a screen sees a sign-in, a refresh and a sign-out as they happen', async () => {
    render(<SignedIn />);
    expect(shown()).toBe('out:-');
    act(() => useAppStore.getState().signedIn(authAnswer(user, 'acc', 'ref')));
    expect(shown()).toBe('in:acc');
    // The access token expired: the api client refreshes it and retries.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === API.refresh) return jsonResponse(ok({ access_token: 'acc2' }));
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === 'Bearer acc2'
          ? jsonResponse(ok(user))
          : jsonResponse({
              status: 403,
              body: {
                success: false,
                error: { code: 'TOKEN_EXPIRED', message: 'Access token has expired.' },
              },
            });
      }),
    );
    await act(() => api.get(API.profile));
    expect(shown()).toBe('in:acc2');
    expect(getAccessToken()).toBe('acc2');
    act(() => clearTokens());
    expect(shown()).toBe('out:-');
  });

  it('a sign-out in another tab reaches this one', () => {
    localStorage.setItem('access_token', 'acc');
    render(<SignedIn />);
    expect(shown()).toBe('in:acc');
    act(() => {
      localStorage.removeItem('access_token');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: null }));
    });
    expect(shown()).toBe('out:-');
  });
});

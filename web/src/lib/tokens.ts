/**
 * The signed-in device's tokens. Local storage ('access_token', 'refresh_token') is
 * their one home: the api client, the socket and the screens read them here, and the store
 * keeps no copy. Screens follow them with `useAccessToken` / `useIsAuthenticated`.
 */
import { STORAGE_KEYS } from '@showdown/shared/constants';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function changed(): void {
  for (const listener of listeners) listener();
}

export const getAccessToken = (): string | null => read(STORAGE_KEYS.ACCESS_TOKEN);

export const getRefreshToken = (): string | null => read(STORAGE_KEYS.REFRESH_TOKEN);

/** After a sign-in or a refresh (a refresh may keep the refresh token it had). */
export function storeTokens(accessToken: string, refreshToken?: string | null): void {
  localStorage.setItem(STORAGE_KEYS.ACCESS_TOKEN, accessToken);
  if (refreshToken) localStorage.setItem(STORAGE_KEYS.REFRESH_TOKEN, refreshToken);
  changed();
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEYS.ACCESS_TOKEN);
  localStorage.removeItem(STORAGE_KEYS.REFRESH_TOKEN);
  changed();
}

/** Calls `listener` on every change of the tokens, here or in another tab. */
export function subscribeTokens(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', changed);
  };
}

/**
 * The access token, re-rendering on every change. The build's prerender reads it too (from its
 * own storage), and a hydrated page is one whose storage holds none (main.tsx).
 */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getAccessToken, getAccessToken);
}

/** Whether this device is signed in: it holds an access token. */
export function useIsAuthenticated(): boolean {
  return useAccessToken() !== null;
}

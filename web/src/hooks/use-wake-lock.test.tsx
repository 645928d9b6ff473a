import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_STATUS } from '@showdown/shared/constants';
import { resetAppStore, useAppStore } from '../stores/app-store';
import {
  useGameWakeLock,
  useWakeLock,
  type ScreenKeeper,
  type WakeLockEnvironment,
} from './use-wake-lock';

/** A fake navigator.wakeLock: each request grants a sentinel the test (or the page) can drop. */
function fakeWakeLock() {
  const sentinels: Array<WakeLockSentinel & { drop(): void }> = [];
  const wakeLock = {
    request: vi.fn(async (type: WakeLockType) => {
      expect(type).toBe('screen');
      const sentinel = Object.assign(new EventTarget(), {
        released: false,
        type: 'screen' as const,
        onrelease: null,
        release: vi.fn(async () => {
          sentinel.released = true;
        }),
        drop() {
          sentinel.released = true;
        },
      });
      sentinels.push(sentinel as unknown as WakeLockSentinel & { drop(): void });
      return sentinel as unknown as WakeLockSentinel;
    }),
  };
  return { wakeLock: wakeLock as unknown as WakeLock, request: wakeLock.request, sentinels };
}

/** A page whose visibility the test sets. */
function fakeDocument() {
  const target = new EventTarget();
  let visibility: DocumentVisibilityState = 'visible';
  return {
    get visibilityState() {
      return visibility;
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    set(state: DocumentVisibilityState) {
      visibility = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
    tap() {
      target.dispatchEvent(new Event('click'));
    },
  };
}

const flush = () => act(async () => undefined);

beforeEach(() => resetAppStore());
afterEach(() => vi.restoreAllMocks());

describe('useWakeLock with the Screen Wake Lock API', () => {
  function setup() {
    const lock = fakeWakeLock();
    const doc = fakeDocument();
    const env: WakeLockEnvironment = {
      navigator: { wakeLock: lock.wakeLock },
      document: doc as unknown as WakeLockEnvironment['document'],
      loadFallback: vi.fn(),
    };
    return { lock, doc, env };
  }

  it('takes the lock while active, again when the page is visible again, releases it after', async () => {
    const { lock, doc, env } = setup();
    const { rerender, unmount } = renderHook(({ on }) => useWakeLock(on, env), {
      initialProps: { on: true },
    });
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(1);
    expect(env.loadFallback).not.toHaveBeenCalled();

    // Hidden: the browser drops the lock. Visible again: it is taken again.
    lock.sentinels[0]!.drop();
    act(() => doc.set('hidden'));
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(1);
    act(() => doc.set('visible'));
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(2);
    // Visible while still held: no second lock.
    act(() => doc.set('visible'));
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(2);

    rerender({ on: false });
    await flush();
    expect(lock.sentinels[1]!.release).toHaveBeenCalledTimes(1);
    act(() => doc.set('visible'));
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('releases on unmount, and a lock granted after leaving is released at once', async () => {
    const { lock, env } = setup();
    const { unmount } = renderHook(() => useWakeLock(true, env));
    unmount();
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(1);
    expect(lock.sentinels[0]!.release).toHaveBeenCalledTimes(1);
  });

  it('a refused request leaves the page working', async () => {
    const { lock, env } = setup();
    lock.request.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    renderHook(() => useWakeLock(true, env));
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(1);
  });
});

describe('useWakeLock without the API (plain http on a LAN)', () => {
  it('starts nosleep on the next tap and stops it when released', async () => {
    const doc = fakeDocument();
    let enabled = false;
    const keeper: ScreenKeeper = {
      get isEnabled() {
        return enabled;
      },
      enable: vi.fn(async () => {
        enabled = true;
      }),
      disable: vi.fn(() => {
        enabled = false;
      }),
    };
    const env: WakeLockEnvironment = {
      navigator: {},
      document: doc as unknown as WakeLockEnvironment['document'],
      loadFallback: vi.fn(async () => keeper),
    };
    const { rerender } = renderHook(({ on }) => useWakeLock(on, env), {
      initialProps: { on: true },
    });
    await flush();
    expect(env.loadFallback).toHaveBeenCalledTimes(1);
    expect(keeper.enable).not.toHaveBeenCalled();
    act(() => doc.tap());
    expect(keeper.enable).toHaveBeenCalledTimes(1);
    act(() => doc.tap());
    expect(keeper.enable).toHaveBeenCalledTimes(1);
    rerender({ on: false });
    expect(keeper.disable).toHaveBeenCalledTimes(1);
    act(() => doc.tap());
    expect(keeper.enable).toHaveBeenCalledTimes(1);
  });
});

describe('useGameWakeLock', () => {
  function setGame(status: number) {
    useAppStore.setState({
      game: { game: { id: 1, status } } as unknown as ReturnType<
        typeof useAppStore.getState
      >['game'],
    });
  }

  it('on game screens of a live game, with the Profile switch on (the default)', async () => {
    const lock = fakeWakeLock();
    const env: WakeLockEnvironment = {
      navigator: { wakeLock: lock.wakeLock },
      document: fakeDocument() as unknown as WakeLockEnvironment['document'],
      loadFallback: vi.fn(),
    };
    setGame(GAME_STATUS.RUNNING);
    expect(useAppStore.getState().keepAwake).toBe(true);
    const { rerender } = renderHook(({ path }) => useGameWakeLock(path, env), {
      initialProps: { path: '/portfolio' },
    });
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(1);

    // Leaving the game's screens releases it.
    rerender({ path: '/profile' });
    await flush();
    expect(lock.sentinels[0]!.release).toHaveBeenCalledTimes(1);

    // Back on a game screen: taken again; the game ends: released.
    rerender({ path: '/trade' });
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(2);
    act(() => setGame(GAME_STATUS.COMPLETED));
    await flush();
    expect(lock.sentinels[1]!.release).toHaveBeenCalledTimes(1);

    // The switch off: never taken.
    act(() => {
      setGame(GAME_STATUS.RUNNING);
      useAppStore.getState().setKeepAwake(false);
    });
    await flush();
    expect(lock.request).toHaveBeenCalledTimes(2);
  });
});

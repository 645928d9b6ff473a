import { render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { RouteErrorBoundary } from '../app/route-error';
import {
  handlePreloadErrors,
  isChunkLoadError,
  loadOrReload,
  PROBE_MS,
  RELOAD_GUARD_MS,
  reloadForChunkError,
  resetReloading,
  type ReloadEnvironment,
} from './chunk-reload';

/**
 * A page whose session storage survives its reloads, on a route, at a time tests move. Its server
 * answers unless a test takes it down; each wait between probes moves the clock by its length.
 * A reload (a new page) forgets the module's state, as resetReloading does.
 */
function fakePage(route = '/portfolio') {
  const stored = new Map<string, string>();
  let now = 1_000_000;
  let serverUp = true;
  const env: ReloadEnvironment & {
    reloads: number;
    probes: number;
    advance(ms: number): void;
    go(r: string): void;
    setServerUp(up: boolean): void;
  } = {
    storage: {
      getItem: (k) => stored.get(k) ?? null,
      setItem: (k, v) => void stored.set(k, v),
    },
    route: () => route,
    reload: () => {
      env.reloads += 1;
      resetReloading();
    },
    now: () => now,
    appAnswers: async () => {
      env.probes += 1;
      return serverUp;
    },
    wait: (ms) =>
      new Promise((resolve) =>
        setTimeout(() => {
          now += ms;
          resolve();
        }, 1),
      ),
    reloads: 0,
    probes: 0,
    advance(ms) {
      now += ms;
    },
    go(r) {
      route = r;
    },
    setServerUp(up) {
      serverUp = up;
    },
  };
  return env;
}

/** Lets the page's pending probes and waits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const chunkGone = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://192.168.1.20:3000/assets/portfolio-screen-Bx81.js',
  );

afterEach(() => {
  resetReloading();
  vi.restoreAllMocks();
});

describe('isChunkLoadError', () => {
  it("knows each browser's words for a chunk that failed to load, and nothing else", () => {
    expect(isChunkLoadError(chunkGone())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('screen failed'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadForChunkError', () => {
  it('reloads once per route; a second failure soon after is shown, not looped on', async () => {
    const page = fakePage();
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    // The reloaded page fails again on the same route: a real fault.
    page.advance(2000);
    expect(reloadForChunkError(chunkGone(), page)).toBe(false);
    expect(page.reloads).toBe(1);
    // Another route, or the next deploy later on, reloads again.
    page.go('/trade');
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    await vi.waitFor(() => expect(page.reloads).toBe(2));
    page.go('/portfolio');
    page.advance(RELOAD_GUARD_MS);
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    await vi.waitFor(() => expect(page.reloads).toBe(3));
  });

  it('while the server is down, waits for it to answer and only then reloads, once', async () => {
    const page = fakePage();
    page.setServerUp(false);
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    await vi.waitFor(() => expect(page.probes).toBeGreaterThanOrEqual(5));
    // A reload now would land on the browser's error page: none yet.
    expect(page.reloads).toBe(0);
    // Another screen's import fails meanwhile: the same coming reload serves it.
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    page.setServerUp(true);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    await settle();
    expect(page.reloads).toBe(1);
  });

  it('an outage longer than the guard does not make the reloaded page loop', async () => {
    const page = fakePage();
    page.setServerUp(false);
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    // Down for longer than RELOAD_GUARD_MS (each probe's wait moves the clock PROBE_MS).
    await vi.waitFor(() => expect(page.probes).toBeGreaterThan(RELOAD_GUARD_MS / PROBE_MS + 2));
    page.setServerUp(true);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    // The reloaded page's chunk still fails on that route: a real fault, shown.
    page.advance(1000);
    expect(reloadForChunkError(chunkGone(), page)).toBe(false);
  });

  it('never reloads for other errors, nor without storage to guard the loop', () => {
    const page = fakePage();
    expect(reloadForChunkError(new Error('boom'), page)).toBe(false);
    const noStorage = {
      ...page,
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    };
    expect(reloadForChunkError(chunkGone(), noStorage)).toBe(false);
    expect(page.reloads).toBe(0);
  });
});

describe('a lazy route whose chunk is gone after a deploy', () => {
  function renderRoute(
    load: () => Promise<{ Screen: () => ReactElement }>,
    page: ReloadEnvironment,
  ) {
    const Screen = lazy(async () => ({ default: (await loadOrReload(load, page)).Screen }));
    return render(
      <MemoryRouter initialEntries={['/portfolio']}>
        <RouteErrorBoundary>
          <Suspense fallback={<p>Loading</p>}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
  }

  it('reloads the page (same route, still signed in) instead of "Something went wrong"', async () => {
    const page = fakePage();
    const { unmount } = renderRoute(() => Promise.reject(chunkGone()), page);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
    unmount();

    // After the reload the new build's chunk loads: the screen shows.
    resetReloading();
    page.advance(500);
    const { unmount: again } = renderRoute(
      () => Promise.resolve({ Screen: () => <p>Portfolio</p> }),
      page,
    );
    expect(await screen.findByText('Portfolio')).toBeInTheDocument();
    again();
  });

  it('shows the error page when the reload did not help', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = fakePage();
    expect(reloadForChunkError(chunkGone(), page)).toBe(true);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    page.advance(1000);
    renderRoute(() => Promise.reject(chunkGone()), page);
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong. Please try again.' }),
    ).toBeInTheDocument();
    expect(page.reloads).toBe(1);
  });
});

describe('handlePreloadErrors', () => {
  it("reloads on Vite's vite:preloadError and stops the import from failing", async () => {
    const page = fakePage();
    const stop = handlePreloadErrors(window, page);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: chunkGone(),
    });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(page.reloads).toBe(1));
    // Anything else is left to fail as it would.
    const other = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('boom'),
    });
    window.dispatchEvent(other);
    expect(other.defaultPrevented).toBe(false);
    stop();
  });
});

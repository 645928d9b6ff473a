import { API } from '@showdown/shared/api';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, useLocation, type Location, type RouteObject } from 'react-router-dom';
import { PAGE_PATHS } from '@showdown/shared/pages';
import { jsonResponse, ok } from '../../test/render';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { AppProviders } from './provider';
import { AppRoutes, routes } from './router';
import { takeReturnTo } from '../lib/return-to';
import { ASHA } from '../../test/fixtures/users';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const user = ASHA;

/** Where the router is, kept current by a probe inside it. */
interface RouterProbe {
  location: Location;
}

function LocationRecorder({ probe }: { probe: RouterProbe }) {
  probe.location = useLocation();
  return null;
}

function renderApp(path: string): RouterProbe {
  const probe = { location: { pathname: path } } as RouterProbe;
  render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <LocationRecorder probe={probe} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return probe;
}

beforeEach(() => {
  resetAppStore();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.profile) return jsonResponse(ok(user));
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('app shell', () => {
  it("remembers a signed-out visitor's board link for after the sign-in", async () => {
    renderApp('/showDown?code=AB12');
    expect(await screen.findByRole('img', { name: 'The Showdown' })).toBeInTheDocument();
    expect(takeReturnTo()).toBe('/showDown?code=AB12');
  });

  it('shows a visitor with neither user nor token the splash in place, then /login', async () => {
    const router = renderApp('/showdown-lobby');
    expect(await screen.findByRole('img', { name: 'The Showdown' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/showdown-lobby');
    await vi.waitFor(() => expect(router.location.pathname).toBe('/login'), {
      timeout: 3000,
    });
    expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches the user when a token exists, and the splash goes to /profile', async () => {
    localStorage.setItem('access_token', 'acc');
    resetAppStore();
    const router = renderApp('/');
    await vi.waitFor(() => expect(useAppStore.getState().user).toEqual(user));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(API.profile);
    await vi.waitFor(() => expect(router.location.pathname).toBe('/profile'), {
      timeout: 3000,
    });
    await vi.waitFor(() => expect(screen.getByText('Asha!')).toBeInTheDocument());
  });

  it('renders each of the 21 player routes, and the game report', () => {
    const shell = routes.find((r) => r.children)!;
    const paths = shell.children!.map((r) => r.path).filter((p) => p !== '*');
    const outside = ['/spectate/:code', '/report/:token'];
    expect(paths).toEqual(PAGE_PATHS.filter((p) => !outside.includes(p)));
    expect(paths).toHaveLength(22);
  });

  it('declares exactly the pages the server answers with the app, and a catch-all', () => {
    const pathsOf = (list: RouteObject[]): string[] =>
      list.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);
    const paths = pathsOf(routes);
    expect(paths.filter((p) => p !== '*').sort()).toEqual([...PAGE_PATHS].sort());
    expect(paths).toContain('*');
  });

  it('serves the spectator screen and shared reports outside the shell (no sign-in)', () => {
    expect(routes.map((r) => r.path)).toEqual([undefined, '/spectate/:code', '/report/:token']);
  });

  it.each(['/home', '/landing', '/showDown'])('a signed-in user can open %s', async (path) => {
    useAppStore.setState({ user });
    const router = renderApp(path);
    await screen.findAllByRole('button');
    expect(router.location.pathname).toBe(path);
  });
});

import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { AppProviders } from '../src/app/provider';
import type { Role } from '@showdown/shared/constants';
import { joinedBoard } from '../src/stores/game-updates';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/** The last navigation as the router saw it (its kind: PUSH, REPLACE or POP). */
export interface NavigationRecord {
  action: 'POP' | 'PUSH' | 'REPLACE';
}

function NavigationRecorder({ record }: { record: NavigationRecord }) {
  record.action = useNavigationType();
  return null;
}

interface RenderRouteOptions {
  /** The route pattern the screen is mounted at, e.g. '/join-game/:update'. */
  path: string;
  /** The URL to start at; defaults to `path`. */
  url?: string;
  state?: unknown;
}

/** A memory-router entry; a '?query' in the URL becomes its search. */
function entryOf(url: string, state: unknown) {
  const at = url.indexOf('?');
  return at < 0
    ? { pathname: url, state }
    : { pathname: url.slice(0, at), search: url.slice(at), state };
}

/**
 * Renders one screen inside the app's providers and a memory router. Every other path renders
 * a probe showing where the screen navigated to (read it with `currentPath()`); `history.action`
 * is how the last navigation went.
 */
export function renderRoute(element: ReactElement, { path, url, state }: RenderRouteOptions) {
  const history: NavigationRecord = { action: 'POP' };
  const utils = render(
    <AppProviders>
      <MemoryRouter initialEntries={[entryOf(url ?? path, state)]}>
        <NavigationRecorder record={history} />
        <Routes>
          <Route path={path} element={element} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, history };
}

/** The path a screen navigated to (after it left its own route). */
export async function findNavigatedPath(): Promise<string> {
  return (await screen.findByTestId('location')).textContent ?? '';
}

export interface MockResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type FetchRoute = (url: string, init: RequestInit) => MockResponse | undefined;

/** A fetch stub answering JSON per request; unknown requests fail the test loudly. */
export function jsonResponse({ status = 200, body, headers }: MockResponse): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export const ok = <T,>(data: T, message?: string): MockResponse => ({
  body: { success: true, data, ...(message ? { message } : {}) },
});

export const fail = (status: number, code: string, message: string): MockResponse => ({
  status,
  body: { success: false, error: { code, message } },
});

/** The store after a join answer for `gameId` (seated when playerId and role are given). */
export function joinedGame(
  gameId: number,
  seat: {
    playerId?: number;
    role?: Role;
    brokerExists?: boolean;
    status?: 1 | 2 | 3;
    boardCode?: string;
  } = {},
): void {
  joinedBoard({
    game_id: gameId,
    board_code: seat.boardCode ?? 'AB1C',
    broker_exists: seat.brokerExists ?? false,
    role: seat.role ?? null,
    player_id: seat.playerId ?? null,
    game_status: seat.status ?? 1,
  });
}

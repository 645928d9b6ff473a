/**
 * Test helpers for the in-game screens: the app's providers around a MemoryRouter, a probe that
 * shows where navigation went, store set-up and a fake api client answering by method and path.
 */
import type {
  ApiSuccess,
  FirstPlayer,
  GameSettings,
  Portfolio,
  PublicPlayer,
  RankingEntry,
  StockEntry,
} from '@showdown/shared/api';
import {
  GAME_STATUS,
  type GameStatus,
  type OrderbookStatus,
  type Role,
} from '@showdown/shared/constants';
import type { GameSnapshot, PublicMayhem } from '@showdown/shared/protocol';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Mock } from 'vitest';
import { AppProviders } from '../../src/app/provider';
import { ApiError } from '../../src/lib/api-client';
import { resetAppStore, useAppStore, type AppState } from '../../src/stores/app-store';
import { provisionalSnapshot } from '../../src/stores/snapshot-changes';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

interface RenderOptions {
  path: string;
  state?: unknown;
  /** A page visited before, for 'back'. */
  from?: string;
}

/** Renders `ui` at `path`; any other route renders a probe naming its path. */
export function renderScreen(ui: ReactElement, { path, state, from }: RenderOptions) {
  const user = userEvent.setup();
  const entries = [...(from ? [from] : []), { pathname: path, state }];
  const result = render(
    <AppProviders>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { user, ...result };
}

/** The path the screen navigated to, once it has left. */
export async function findLocation(): Promise<string> {
  return (await screen.findByTestId('location')).textContent ?? '';
}

export interface GameSetup {
  /** The game id; 7 unless given. */
  id?: number;
  role?: Role | null;
  playerId?: number;
  status?: GameStatus;
  seq?: number;
  players?: PublicPlayer[];
  stocks?: StockEntry[];
  settings?: Partial<GameSettings>;
  orderbook_status?: OrderbookStatus;
  ends_at?: string | null;
  portfolio?: Portfolio | null;
  mayhem?: PublicMayhem | null;
  mayhemResponded?: boolean;
  ranking?: RankingEntry[] | null;
  firstPlayer?: FirstPlayer | null;
}

/** An open mayhem list of game 7 over Tandoor Motors, with no response yet. */
export const OPEN_MAYHEM: PublicMayhem = {
  id: 4,
  game_id: 7,
  status: 'open',
  stock_ids: [{ stock_id: 1, name: 'Tandoor Motors', image: '/logos/t.svg' }],
  percentage: [5, -3],
  responses_count: 0,
  investors_count: 2,
};

/** A game snapshot (game id 7, running) as the store holds it, shaped by `setup`. */
export function gameSnapshot(setup: GameSetup = {}): GameSnapshot {
  const base = provisionalSnapshot(setup.id ?? 7, 'AB12');
  const role = setup.role === undefined ? null : setup.role;
  return {
    ...base,
    seq: setup.seq ?? 0,
    game: {
      ...base.game,
      status: setup.status ?? GAME_STATUS.RUNNING,
      settings: {
        ...base.game.settings,
        ...setup.settings,
        orderbook_status: setup.orderbook_status ?? setup.settings?.orderbook_status ?? 0,
        ends_at: setup.ends_at ?? setup.settings?.ends_at ?? null,
      },
      first_player: setup.firstPlayer ?? null,
    },
    players: setup.players ?? [],
    stocks: setup.stocks ?? [],
    mayhem: setup.mayhem ?? null,
    ranking: setup.ranking ?? null,
    me:
      role === null
        ? null
        : {
            player_id: setup.playerId ?? 2,
            role,
            portfolio: setup.portfolio ?? null,
            mayhem_responded: setup.mayhemResponded ?? false,
          },
  };
}

/** A fresh store holding a running game (id 7) shaped by `setup`, plus other state. */
export function setGame(setup: GameSetup = {}, state: Partial<AppState> = {}): void {
  resetAppStore();
  useAppStore.setState({ game: gameSnapshot(setup), ...state });
}

export type Handler = (body: unknown) => unknown;

/** Success answer body. */
export function ok<T>(data: T, message?: string): ApiSuccess<T> {
  return { success: true, data, ...(message && { message }) };
}

/** What the api client throws for a failed call. */
export function failure(message: string, status = 400, code = 'VALIDATION'): ApiError {
  return new ApiError(message, status, code, { success: false, error: { code, message } });
}

export interface FakeApi {
  get: Mock;
  post: Mock;
  put: Mock;
}

/**
 * Points the mocked api client at handlers keyed 'METHOD /path'. A handler returns the answer
 * body or throws; an unknown route fails the call like a 404.
 */
export function serve(fake: FakeApi, routes: Record<string, Handler>): void {
  for (const method of ['get', 'post', 'put'] as const) {
    fake[method].mockImplementation(async (path: string, body?: unknown) => {
      const handler = routes[`${method.toUpperCase()} ${path}`];
      if (!handler) throw failure(`No route ${method.toUpperCase()} ${path}`, 404, 'NOT_FOUND');
      return handler(body);
    });
  }
}

import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RouteErrorBoundary } from './route-error';
import { Loader } from '../components/ui/loader';
import { loadOrReload } from '../lib/chunk-reload';

/** Each route element's screen module loader (preloadScreens). */
const loaders = new Map<ReactElement, () => Promise<unknown>>();

/**
 * Loads one screen module on first visit and renders its named component (the shell's
 * Suspense shows the Loader meanwhile, and its error boundary a failed load).
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ReactElement {
  const Screen = lazy(async () => ({ default: pick(await loadOrReload(load)) }));
  const element = <Screen />;
  loaders.set(element, load);
  return element;
}

/** A screen outside the app shell (no sign-in): its own error boundary and Suspense. */
function outsideShell(screenElement: ReactElement): ReactElement {
  const element = (
    <RouteErrorBoundary>
      <Suspense fallback={<Loader />}>{screenElement}</Suspense>
    </RouteErrorBoundary>
  );
  const load = loaders.get(screenElement);
  if (load) loaders.set(element, load);
  return element;
}

const spectatorScreen = screen(
  () => import('../features/spectator/components/spectator-screen'),
  (m) => m.SpectatorScreen,
);

const sharedReportScreen = screen(
  () => import('../features/report/components/shared-report-screen'),
  (m) => m.SharedReportScreen,
);

/** The 21 routes of the players' screens, and the table's big screen. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppShell />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: '/',
        element: screen(
          () => import('../features/auth/components/splash-screen'),
          (m) => m.SplashScreen,
        ),
      },
      {
        path: '/login',
        element: screen(
          () => import('../features/auth/components/login-screen'),
          (m) => m.LoginScreen,
        ),
      },
      {
        path: '/profile',
        element: screen(
          () => import('../features/profile/components/profile-screen'),
          (m) => m.ProfileScreen,
        ),
      },
      {
        path: '/account-details',
        element: screen(
          () => import('../features/profile/components/account-details-screen'),
          (m) => m.AccountDetailsScreen,
        ),
      },
      {
        path: '/landing',
        element: screen(
          () => import('../features/profile/components/landing-screen'),
          (m) => m.LandingScreen,
        ),
      },
      {
        path: '/home',
        element: screen(
          () => import('../features/profile/components/home-screen'),
          (m) => m.HomeScreen,
        ),
      },
      {
        path: '/showDown',
        element: screen(
          () => import('../features/board/components/board-code-screen'),
          (m) => m.BoardCodeScreen,
        ),
      },
      {
        path: '/join-game/:update',
        element: screen(
          () => import('../features/board/components/join-game-screen'),
          (m) => m.JoinGameScreen,
        ),
      },
      {
        path: '/choose-avatar/:update',
        element: screen(
          () => import('../features/board/components/choose-avatar-screen'),
          (m) => m.ChooseAvatarScreen,
        ),
      },
      {
        path: '/showdown-lobby',
        element: screen(
          () => import('../features/lobby/components/lobby-screen'),
          (m) => m.LobbyScreen,
        ),
      },
      {
        path: '/game-setup',
        element: screen(
          () => import('../features/lobby/components/game-setup-screen'),
          (m) => m.GameSetupScreen,
        ),
      },
      {
        path: '/first-player',
        element: screen(
          () => import('../features/lobby/components/first-player-screen'),
          (m) => m.FirstPlayerScreen,
        ),
      },
      {
        path: '/stock-prices',
        element: screen(
          () => import('../features/market/components/stock-prices-screen'),
          (m) => m.StockPricesScreen,
        ),
      },
      {
        path: '/price-updates',
        element: screen(
          () => import('../features/market/components/price-updates-screen'),
          (m) => m.PriceUpdatesScreen,
        ),
      },
      {
        path: '/portfolio',
        element: screen(
          () => import('../features/portfolio/components/portfolio-screen'),
          (m) => m.PortfolioScreen,
        ),
      },
      {
        path: '/trade',
        element: screen(
          () => import('../features/portfolio/components/trade-screen'),
          (m) => m.TradeScreen,
        ),
      },
      {
        path: '/transaction',
        element: screen(
          () => import('../features/portfolio/components/transaction-screen'),
          (m) => m.TransactionScreen,
        ),
      },
      {
        path: '/portfolio-showdown',
        element: screen(
          () => import('../features/showdown/components/showdown-screen'),
          (m) => m.ShowdownScreen,
        ),
      },
      {
        path: '/market-mayhem',
        element: screen(
          () => import('../features/mayhem/components/market-mayhem-screen'),
          (m) => m.MarketMayhemScreen,
        ),
      },
      {
        path: '/role',
        element: screen(
          () => import('../features/help/components/role-screen'),
          (m) => m.RoleScreen,
        ),
      },
      {
        path: '/leaderboard',
        element: screen(
          () => import('../features/showdown/components/leaderboard-screen'),
          (m) => m.LeaderboardScreen,
        ),
      },
      {
        path: '/game-report/:id',
        element: screen(
          () => import('../features/report/components/report-screen'),
          (m) => m.ReportScreen,
        ),
      },
      {
        path: '*',
        element: screen(
          () => import('./not-found'),
          (m) => m.NotFound,
        ),
      },
    ],
  },
  {
    // The TV at the table: no sign-in, so outside the app shell (no guard, no player socket).
    path: '/spectate/:code',
    element: outsideShell(spectatorScreen),
  },
  {
    // A shared game report: no sign-in, so outside the app shell.
    path: '/report/:token',
    element: outsideShell(sharedReportScreen),
  },
];

/**
 * Loads the screen modules `pathname` renders before the first render, so that render draws the
 * screen (and a prerendered page's markup is hydrated at once) instead of a Loader first.
 */
export async function preloadScreens(pathname: string): Promise<void> {
  const matched = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matched.map(({ route }) => loaders.get(route.element as ReactElement)?.()));
}

/** The app's routes (react-router-dom), under a BrowserRouter (or a MemoryRouter in tests). */
export function AppRoutes() {
  return useRoutes(routes);
}

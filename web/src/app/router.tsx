import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { RouteError } from './route-error';
import { Loader } from '../components/ui/loader';

/** Loads one screen module on first visit and renders its named component. */
function screen<M>(load: () => Promise<M>, pick: (module: M) => React.ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The 21 routes of SPEC §2, and the table's big screen. */
export const routes: RouteObject[] = [
  {
    // The TV at the table: no sign-in, so outside the app shell (no guard, no player socket).
    path: '/spectate/:code',
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loader />,
    lazy: screen(
      () => import('../features/spectator/components/spectator-screen'),
      (m) => m.SpectatorScreen,
    ),
  },
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown while the first screen's module loads.
    hydrateFallbackElement: <Loader />,
    children: [
      {
        path: '/',
        lazy: screen(
          () => import('../features/auth/components/splash-screen'),
          (m) => m.SplashScreen,
        ),
      },
      {
        path: '/login',
        lazy: screen(
          () => import('../features/auth/components/login-screen'),
          (m) => m.LoginScreen,
        ),
      },
      {
        path: '/profile',
        lazy: screen(
          () => import('../features/profile/components/profile-screen'),
          (m) => m.ProfileScreen,
        ),
      },
      {
        path: '/account-details',
        lazy: screen(
          () => import('../features/profile/components/account-details-screen'),
          (m) => m.AccountDetailsScreen,
        ),
      },
      {
        path: '/landing',
        lazy: screen(
          () => import('../features/profile/components/landing-screen'),
          (m) => m.LandingScreen,
        ),
      },
      {
        path: '/home',
        lazy: screen(
          () => import('../features/profile/components/home-screen'),
          (m) => m.HomeScreen,
        ),
      },
      {
        path: '/showDown',
        lazy: screen(
          () => import('../features/board/components/board-code-screen'),
          (m) => m.BoardCodeScreen,
        ),
      },
      {
        path: '/join-game/:update',
        lazy: screen(
          () => import('../features/board/components/join-game-screen'),
          (m) => m.JoinGameScreen,
        ),
      },
      {
        path: '/choose-avatar/:update',
        lazy: screen(
          () => import('../features/board/components/choose-avatar-screen'),
          (m) => m.ChooseAvatarScreen,
        ),
      },
      {
        path: '/showdown-lobby',
        lazy: screen(
          () => import('../features/lobby/components/lobby-screen'),
          (m) => m.LobbyScreen,
        ),
      },
      {
        path: '/game-setup',
        lazy: screen(
          () => import('../features/lobby/components/game-setup-screen'),
          (m) => m.GameSetupScreen,
        ),
      },
      {
        path: '/first-player',
        lazy: screen(
          () => import('../features/lobby/components/first-player-screen'),
          (m) => m.FirstPlayerScreen,
        ),
      },
      {
        path: '/stock-prices',
        lazy: screen(
          () => import('../features/market/components/stock-prices-screen'),
          (m) => m.StockPricesScreen,
        ),
      },
      {
        path: '/price-updates',
        lazy: screen(
          () => import('../features/market/components/price-updates-screen'),
          (m) => m.PriceUpdatesScreen,
        ),
      },
      {
        path: '/portfolio',
        lazy: screen(
          () => import('../features/portfolio/components/portfolio-screen'),
          (m) => m.PortfolioScreen,
        ),
      },
      {
        path: '/trade',
        lazy: screen(
          () => import('../features/portfolio/components/trade-screen'),
          (m) => m.TradeScreen,
        ),
      },
      {
        path: '/transaction',
        lazy: screen(
          () => import('../features/portfolio/components/transaction-screen'),
          (m) => m.TransactionScreen,
        ),
      },
      {
        path: '/portfolio-showdown',
        lazy: screen(
          () => import('../features/showdown/components/showdown-screen'),
          (m) => m.ShowdownScreen,
        ),
      },
      {
        path: '/market-mayhem',
        lazy: screen(
          () => import('../features/mayhem/components/market-mayhem-screen'),
          (m) => m.MarketMayhemScreen,
        ),
      },
      {
        path: '/role',
        lazy: screen(
          () => import('../features/help/components/role-screen'),
          (m) => m.RoleScreen,
        ),
      },
      {
        path: '/leaderboard',
        lazy: screen(
          () => import('../features/showdown/components/leaderboard-screen'),
          (m) => m.LeaderboardScreen,
        ),
      },
      {
        path: '*',
        lazy: screen(
          () => import('./not-found'),
          (m) => m.NotFound,
        ),
      },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}

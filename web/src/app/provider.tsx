import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { PageSlotsProvider } from '../components/ui/page-slots';
import { Toaster } from '../components/ui/toasts';
import { HelpMenu } from '../features/help/components/help-menu';
import { configureApiClient } from '../lib/api-client';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { createAppRouter, type AppRouter } from './router';
import { theme } from './theme';

const slots = { helpMenu: <HelpMenu /> };

/** Theme, toasts and the help-menu slot: everything a screen needs, also in tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PageSlotsProvider slots={slots}>{children}</PageSlotsProvider>
      <Toaster />
    </ThemeProvider>
  );
}

/** Connects the api client's sign-out and redirects to the store and the router. */
export function wireApiClient(router: Pick<AppRouter, 'navigate'>): void {
  configureApiClient({
    onUnauthorized: () => {
      resetAppStore();
      void router.navigate('/', { replace: true });
    },
    onRefreshFailed: () => {
      resetAppStore();
      void router.navigate('/login', { replace: true });
    },
    onTokensRefreshed: (accessToken, refreshToken) =>
      useAppStore.getState().tokensRefreshed(accessToken, refreshToken),
    onGameCompleted: () => {
      // The finished game stays readable (its leaderboard) until the player joins another.
      void router.navigate('/profile', { replace: true });
    },
  });
}

export function AppProvider() {
  const [router] = useState(() => {
    const created = createAppRouter();
    wireApiClient(created);
    return created;
  });
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

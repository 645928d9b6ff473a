import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { styled, ThemeProvider } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@showdown/shared/constants';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { PageSlotsProvider } from '../components/ui/page-slots';
import { HelpMenu } from '../features/help/components/help-menu';
import { configureApiClient } from '../lib/api-client';
import { resetAppStore, useAppStore } from '../stores/app-store';
import { createAppRouter, type AppRouter } from './router';
import { theme } from './theme';

const slots = { helpMenu: <HelpMenu /> };

/**
 * notistack's own success, warning and info colours give white text under 4.5:1 contrast
 * (WCAG AA, axe 'color-contrast'); these keep the hues and reach it.
 */
const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#1b7a43' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#b45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#2f6fde' },
});
const toastComponents = {
  default: Toast,
  success: Toast,
  error: Toast,
  warning: Toast,
  info: Toast,
};

const snackbarPlacement = {
  '.notistack-SnackbarContainer': { bottom: 'calc(72px + env(safe-area-inset-bottom))' },
};

/** Theme, toasts and the help-menu slot: everything a screen needs, also in tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={snackbarPlacement} />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_DURATION_MS}
        // At the bottom, above the tab bar: a snackbar never covers the top bar's controls or
        // the countdown chip.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
      >
        <PageSlotsProvider slots={slots}>{children}</PageSlotsProvider>
      </SnackbarProvider>
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

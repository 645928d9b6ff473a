import CssBaseline from '@mui/material/CssBaseline';
// The theme has no CSS variables, so MUI's ThemeProvider would hand it to this one at run time
// anyway; importing it directly leaves the CSS-variables provider out of every page's JavaScript
// (2.9 KiB gzip of /login, room for the languages).
import ThemeProvider from '@mui/system/ThemeProvider';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { OfflineBanner } from '../components/ui/offline-banner';
import { PageSlotsProvider } from '../components/ui/page-slots';
import { Toaster } from '../components/ui/toasts';
import { LanguageRoot } from '../i18n/language-root';
import { configureApiClient } from '../lib/api-client';
import { endedHere, leavesForProfile, forgetSignedInUser } from '../stores/app-store';
import { AppRoutes } from './router';
import { theme } from './theme';

// The help button shows on in-game pages only: its module is not part of /login's JavaScript.
const HelpMenu = lazy(async () => ({
  default: (await import('../features/help/components/help-menu')).HelpMenu,
}));
const slots = {
  helpMenu: (
    <Suspense fallback={null}>
      <HelpMenu />
    </Suspense>
  ),
};

/** Theme, toasts and the help-menu slot: everything a screen needs, also in tests. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <PageSlotsProvider slots={slots}>
        <LanguageRoot>
          <OfflineBanner />
          {children}
        </LanguageRoot>
      </PageSlotsProvider>
      <Toaster />
    </ThemeProvider>
  );
}

/** Connects the api client's sign-out and redirects to the store and the router. */
export function wireApiClient(router: {
  navigate: (to: string, options: { replace: boolean }) => void | Promise<void>;
}): void {
  configureApiClient({
    onUnauthorized: () => {
      forgetSignedInUser();
      void router.navigate('/', { replace: true });
    },
    onRefreshFailed: () => {
      forgetSignedInUser();
      void router.navigate('/login', { replace: true });
    },
    endedHere,
    onGameCompleted: (knownWhenSent) => {
      // The finished game stays readable (its leaderboard) until the player joins another.
      if (leavesForProfile(knownWhenSent)) void router.navigate('/profile', { replace: true });
    },
  });
}

/** Gives the api client the router's navigate (it redirects on sign-out). */
function ApiClientWiring() {
  const navigate = useNavigate();
  useEffect(() => wireApiClient({ navigate }), [navigate]);
  return null;
}

/**
 * Registers the service worker after the first render, from its own chunk (lib/pwa-register.ts):
 * in the production build only (the dev server serves no worker).
 */
function ServiceWorkerRegistration() {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    void import('../lib/pwa-register').then((m) => m.registerServiceWorker());
  }, []);
  return null;
}

/** The app inside its router: the page's BrowserRouter, or the build's StaticRouter (prerender). */
export function AppContent() {
  return (
    <>
      <ApiClientWiring />
      <AppRoutes />
    </>
  );
}

export function AppProvider() {
  return (
    <AppProviders>
      <ServiceWorkerRegistration />
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProviders>
  );
}

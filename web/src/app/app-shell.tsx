import { STATE_RESTORE_TIMEOUT_MS } from '@showdown/shared/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Loader } from '../components/ui/loader';
import { fetchProfile } from '../features/profile/api/profile-api';
import { useAppStore } from '../stores/app-store';
import { rememberReturnTo } from '../lib/return-to';
import { useAccessToken } from '../lib/tokens';
import { selectGameId } from '../stores/game-selectors';
import { t } from '../i18n';

/** Routes anyone may see without a user or a token. */
const PUBLIC_PATHS = new Set(['/', '/login']);

/** Waits for the persisted state, at most STATE_RESTORE_TIMEOUT_MS. */
function useRestoredState(): boolean {
  const [restored, setRestored] = useState(() => useAppStore.persist.hasHydrated());
  useEffect(() => {
    if (restored) return;
    const unsubscribe = useAppStore.persist.onFinishHydration(() => setRestored(true));
    const timer = window.setTimeout(() => setRestored(true), STATE_RESTORE_TIMEOUT_MS);
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [restored]);
  return restored;
}

/**
 * What a signed-out visitor sees on a page that needs a sign-in (a scanned board QR code): the
 * splash, in place, which goes on to /login. In place rather than a redirect to /, so the page's
 * prerendered HTML (docs/performance.md) is what the first render draws.
 */
const SignedOutSplash = lazy(async () => ({
  default: (await import('../features/auth/components/splash-screen')).SplashScreen,
}));

/**
 * Keeps the game live, its alerts felt, the screen awake and waiting orders sent; loaded only once there is a game, so
 * socket.io-client is not part of the first screens' JavaScript (/login).
 */
const GameSocket = lazy(async () => {
  const [{ useGameSocket }, { useGameAlerts }, { useGameWakeLock }, { useOrderQueue }] =
    await Promise.all([
      import('../hooks/use-game-socket'),
      import('../features/alerts/use-game-alerts'),
      import('../hooks/use-wake-lock'),
      import('../hooks/use-order-queue'),
    ]);
  return {
    default: function GameSocket({ pathname }: { pathname: string }) {
      useGameSocket(useGameAlerts());
      useGameWakeLock(pathname);
      useOrderQueue();
      return null;
    },
  };
});

/** Every route renders inside: restores state, guards, loads the user, keeps the game live. */
export function AppShell() {
  const restored = useRestoredState();
  const { pathname, search } = useLocation();
  const user = useAppStore((s) => s.user);
  const token = useAccessToken();
  const gameId = useAppStore(selectGameId);
  const signedOut = restored && !user && !token && !PUBLIC_PATHS.has(pathname);

  useEffect(() => {
    // A scanned board QR code (/showDown?code=AB12) comes back here after the sign-in.
    if (signedOut) rememberReturnTo(pathname + search);
  }, [signedOut, pathname, search]);

  useEffect(() => {
    if (restored && token) fetchProfile().catch(() => undefined);
    // Once per sign-in: a new token after a refresh does not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, token === null]);

  if (!restored) return <Loader label={t('Restoring your game')} />;
  if (!user && !token && !PUBLIC_PATHS.has(pathname)) {
    return (
      <Suspense fallback={<Loader />}>
        <SignedOutSplash />
      </Suspense>
    );
  }

  return (
    <>
      {gameId !== null && token && (
        <Suspense fallback={null}>
          <GameSocket pathname={pathname} />
        </Suspense>
      )}
      <Suspense fallback={<Loader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

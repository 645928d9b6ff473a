import { STATE_RESTORE_TIMEOUT_MS } from '@showdown/shared/constants';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loader } from '../components/ui/loader';
import { useGameAlerts } from '../features/alerts/use-game-alerts';
import { fetchProfile } from '../features/profile/api/profile-api';
import { useGameSocket } from '../hooks/use-game-socket';
import { useAppStore } from '../stores/app-store';
import { selectGameId } from '../stores/game-selectors';

/** Routes anyone may see without a user or a token. */
const PUBLIC_PATHS = new Set(['/', '/login']);

/** Waits for the persisted state, at most STATE_RESTORE_TIMEOUT_MS (SPEC §4). */
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

function GameSocket() {
  useGameSocket(useGameAlerts());
  return null;
}

/** Every route renders inside: restores state, guards, loads the user, keeps the game live. */
export function AppShell() {
  const restored = useRestoredState();
  const { pathname } = useLocation();
  const user = useAppStore((s) => s.user);
  const token = useAppStore((s) => s.access_token);
  const gameId = useAppStore(selectGameId);

  useEffect(() => {
    if (restored && token) fetchProfile().catch(() => undefined);
    // Once per sign-in: a new token after a refresh does not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restored, token === null]);

  if (!restored) return <Loader label="Restoring your game" />;
  if (!user && !token && !PUBLIC_PATHS.has(pathname)) return <Navigate to="/" replace />;

  return (
    <>
      {gameId !== null && token && <GameSocket />}
      <Suspense fallback={<Loader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * Registers the service worker (web/build/pwa.ts), loaded by a dynamic import after the first
 * render so none of it weighs on the first screen's JavaScript (/login's budget). A waiting new
 * build shows "Update available" (lib/update-prompt.tsx). An open phone rarely navigates, so the
 * worker is also checked for a new build when the page comes back to the foreground and every
 * 10 minutes (a game lasts an hour or two; the check is a conditional GET of sw.js).
 */
import { registerSW } from 'virtual:pwa-register';
import { showUpdatePrompt } from './update-prompt';

/** How often an open page asks the server whether a new build is out. */
export const UPDATE_CHECK_MS = 10 * 60 * 1000;

export function registerServiceWorker(): void {
  const updateServiceWorker = registerSW({
    onNeedRefresh: () => showUpdatePrompt(() => updateServiceWorker()),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      const check = () => {
        // Offline, or a worker already installing: nothing to ask now.
        if (!navigator.onLine || registration.installing) return;
        registration.update().catch(() => undefined);
      };
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    },
  });
}

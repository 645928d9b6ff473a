import { ToastAction } from '../components/ui/toast-action';
import { closeSnackbar, enqueueSnackbar } from '../components/ui/toasts';
import { msg, t } from '../i18n';

export const UPDATE_AVAILABLE = msg('Update available');
export const UPDATE_RELOAD = msg('Reload');
const KEY = 'showdown:update-available';

/**
 * A new build's service worker is installed and waiting: a toast like the
 * app's others that stays until the player taps "Reload". `apply` activates the waiting worker;
 * once it controls the page the page reloads onto the new build, on the same route and still
 * signed in (the session is persisted, as for lib/chunk-reload.ts).
 */
export function showUpdatePrompt(apply: () => Promise<void> | void): void {
  enqueueSnackbar(t(UPDATE_AVAILABLE), {
    key: KEY,
    variant: 'info',
    persist: true,
    preventDuplicate: true,
    action: () => (
      <ToastAction
        onClick={() => {
          closeSnackbar(KEY);
          void apply();
        }}
      >
        {t(UPDATE_RELOAD)}
      </ToastAction>
    ),
  });
}

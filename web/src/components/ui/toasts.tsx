import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { lazy, Suspense } from 'react';

/** The part of notistack the app calls, once its provider is mounted. */
export interface ToastApi {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
}

/**
 * The key of the one toast that tells a trade phase ended: the alert's "Trade phase closed", or
 * the broker's Market Monitor's "Trade ended.", whichever comes first.
 */
export const PHASE_ENDED_KEY = 'trade-phase-ended';

let mounted: ToastApi | null = null;
const waiting: Array<(api: ToastApi) => void> = [];

function whenMounted(run: (api: ToastApi) => void): void {
  if (mounted) run(mounted);
  else waiting.push(run);
}

/** Shows a toast now, or as soon as the toasts have loaded (nothing is lost before that). */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  whenMounted((api) => api.enqueueSnackbar(message, options));
}

export function closeSnackbar(key?: SnackbarKey): void {
  whenMounted((api) => api.closeSnackbar(key));
}

const toasts = { enqueueSnackbar, closeSnackbar };

/** notistack's useSnackbar, without notistack in the screen's own JavaScript. */
export function useSnackbar(): typeof toasts {
  return toasts;
}

/**
 * notistack (and goober, its styling) load after the first render instead of before it: the
 * provider mounts beside the page, not around it, and screens reach it through this module.
 */
const ToastHost = lazy(() => import('./toast-host'));

/** Mounts the toasts; call sites may enqueue before that, and are shown once it is done. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <ToastHost onMount={onHostMount} />
    </Suspense>
  );
}

function onHostMount(api: ToastApi): () => void {
  mounted = api;
  for (const run of waiting.splice(0)) run(api);
  return () => {
    if (mounted === api) mounted = null;
  };
}

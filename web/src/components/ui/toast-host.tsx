import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@showdown/shared/constants';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { TAB_BAR_HEIGHT_VAR } from './tab-bar-height';
import type { ToastApi } from './toasts';

/**
 * notistack's own success, warning and info colours give white text under 4.5:1 contrast
 * (WCAG AA, axe 'color-contrast'); these keep the hues and reach it. The message and its action
 * share one row: the text wraps beside the button, which never shrinks or wraps below it (a
 * button wrapping after notistack measured the toast's height overlapped the toast above and
 * was half hidden).
 */
const Toast = styled(MaterialDesignContent)({
  // Doubled: notistack's own flex-wrap has the same specificity and may load later.
  '&&': { flexWrap: 'nowrap' },
  '&& #notistack-snackbar': { flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' },
  '&& #notistack-snackbar + div': { flexShrink: 0, paddingLeft: 8, marginRight: 0 },
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

/**
 * Above the bottom tab bar when a screen shows one (it publishes its height, see
 * bottom-tab-bar.tsx), else above the phone's safe area. The class is doubled to outrank
 * notistack's own `bottom`, which has the same specificity and may load later.
 */
const snackbarPlacement = {
  '.notistack-SnackbarContainer.notistack-SnackbarContainer': {
    bottom: `calc(max(var(${TAB_BAR_HEIGHT_VAR}, 0px), env(safe-area-inset-bottom)) + 8px)`,
  },
};

/** notistack's functions reach the provider mounted last: this one. */
const api: ToastApi = {
  enqueueSnackbar: (message, options) => enqueueSnackbar(message, options),
  closeSnackbar: (key) => closeSnackbar(key),
};

/** notistack's provider, loaded by Toaster (toasts.tsx). */
export default function ToastHost({ onMount }: { onMount: (api: ToastApi) => () => void }) {
  useEffect(() => onMount(api), [onMount]);
  return (
    <>
      <GlobalStyles styles={snackbarPlacement} />
      <SnackbarProvider
        maxSnack={3}
        // A message already on screen is not shown a second time.
        preventDuplicate
        autoHideDuration={TOAST_DURATION_MS}
        // At the bottom, above the tab bar: a snackbar never covers the top bar's controls or
        // the countdown chip.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
      />
    </>
  );
}

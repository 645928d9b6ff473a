import GlobalStyles from '@mui/material/GlobalStyles';
import { styled } from '@mui/material/styles';
import { TOAST_DURATION_MS } from '@showdown/shared/constants';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import type { ToastApi } from './toasts';

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
        autoHideDuration={TOAST_DURATION_MS}
        // At the bottom, above the tab bar: a snackbar never covers the top bar's controls or
        // the countdown chip.
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        Components={toastComponents}
      />
    </>
  );
}

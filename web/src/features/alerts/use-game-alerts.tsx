import Button from '@mui/material/Button';
import type { GameEventName, GameEventPayload } from '@showdown/shared/protocol';
import { useSnackbar } from '../../components/ui/toasts';
import { useCallback } from 'react';
import { useNavigate } from '../../lib/router';
import { useAppStore } from '../../stores/app-store';
import { selectRole } from '../../stores/game-selectors';
import { playTone, showInTitle, vibrate } from './alert-effects';
import { alertFor } from './game-alerts';

/** How long an alert stays: long enough to read and tap its action. */
export const ALERT_MS = 6000;

export type AlertHandler = <E extends GameEventName>(name: E, event: GameEventPayload<E>) => void;

/**
 * Tells the player about an applied game event on whatever screen they are: a snackbar with an
 * action to the right screen, a vibration, the tone when sound is on, the tab title when hidden.
 */
export function useGameAlerts(): AlertHandler {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  return useCallback<AlertHandler>(
    (name, event) => {
      const { soundOn } = useAppStore.getState();
      const alert = alertFor(name, event, selectRole(useAppStore.getState()));
      if (!alert) return;
      const { action } = alert;
      enqueueSnackbar(alert.message, {
        variant: 'info',
        autoHideDuration: ALERT_MS,
        action: action
          ? (key) => (
              <Button
                size="small"
                variant="contained"
                color="primary"
                onClick={() => {
                  closeSnackbar(key);
                  void navigate(action.to);
                }}
              >
                {action.label}
              </Button>
            )
          : undefined,
      });
      vibrate();
      if (soundOn) playTone();
      showInTitle(alert.title);
    },
    [enqueueSnackbar, closeSnackbar, navigate],
  );
}

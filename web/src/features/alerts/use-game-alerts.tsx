import { ToastAction } from '../../components/ui/toast-action';
import { useSnackbar } from '../../components/ui/toasts';
import type { SnackbarKey } from 'notistack';
import { useMemo } from 'react';
import type { GameListener } from '../../hooks/use-game-socket';
import { useNavigate } from 'react-router-dom';
import { useAppStore } from '../../stores/app-store';
import { selectRole } from '../../stores/game-selectors';
import { vibrate } from '../../lib/haptics';
import { playCue } from '../../lib/sound/sound';
import { showInTitle } from './alert-effects';
import { usePhaseClosingAlert, useBrokerOfflineAlert, type DeviceCues } from './table-cues';
import {
  alertFor,
  alertsForSnapshot,
  withdrawnBy,
  withdrawnBySnapshot,
  type AlertTopic,
  type GameAlert,
} from './game-alerts';

/** How long an alert stays: long enough to read and tap its action. */
export const ALERT_MS = 6000;

/** Sound and vibration as this device's switches (Profile) allow. */
const deviceCues: DeviceCues = {
  play: (cue) => {
    if (useAppStore.getState().soundOn) playCue(cue);
  },
  buzz: (buzz) => {
    if (useAppStore.getState().vibrationOn) vibrate(buzz);
  },
};

/**
 * Tells the player about the game's moves on whatever screen they are: a snackbar with an action
 * to the right screen, a sound and a vibration as the device's switches allow, the tab title when
 * hidden. Each applied event is told, and so is what a join or resync snapshot shows was missed;
 * so are the last seconds of an investor's phase and a broker gone offline.
 */
export function useGameAlerts(): GameListener {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const navigate = useNavigate();
  usePhaseClosingAlert(deviceCues);
  useBrokerOfflineAlert(deviceCues);
  return useMemo<GameListener>(() => {
    // The toast on screen for each topic, taken away when the topic stops being true.
    const onTopic = new Map<AlertTopic, SnackbarKey>();
    let told = 0;
    const withdraw = (topic: AlertTopic | null) => {
      const key = topic === null ? undefined : onTopic.get(topic);
      if (topic === null || key === undefined) return;
      closeSnackbar(key);
      onTopic.delete(topic);
    };
    const keyFor = ({ topic, key }: GameAlert): SnackbarKey | undefined => {
      if (!topic) return key;
      // A newer alert on the topic replaces the one showing ("Trade phase resumed").
      withdraw(topic);
      const fresh = `alert-${topic}-${++told}`;
      onTopic.set(topic, fresh);
      return fresh;
    };
    const show = (alerts: GameAlert[]) => {
      for (const alert of alerts) {
        const { action } = alert;
        enqueueSnackbar(alert.message, {
          key: keyFor(alert),
          variant: 'info',
          autoHideDuration: ALERT_MS,
          action: action
            ? (key) => (
                <ToastAction
                  onClick={() => {
                    closeSnackbar(key);
                    void navigate(action.to);
                  }}
                >
                  {action.label}
                </ToastAction>
              )
            : undefined,
        });
      }
      const last = alerts.at(-1);
      if (!last) return;
      // One sound and at most one vibration for what arrived together; the title tells the newest.
      deviceCues.play(last.cue ?? 'alert');
      const buzz = alerts.find((alert) => alert.buzz)?.buzz;
      if (buzz) deviceCues.buzz(buzz);
      showInTitle(last.title);
    };
    const role = () => selectRole(useAppStore.getState());
    return {
      applied: (name, event) => {
        withdraw(withdrawnBy(name));
        const alert = alertFor(name, event, role());
        show(alert ? [alert] : []);
      },
      loaded: (before, after) => {
        const now = Date.now();
        withdraw(withdrawnBySnapshot(after, now));
        show(alertsForSnapshot(before, after, role(), now));
      },
    };
  }, [enqueueSnackbar, closeSnackbar, navigate]);
}

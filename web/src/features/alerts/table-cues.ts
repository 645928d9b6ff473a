/**
 * Two moments no server event marks, told on the phone: an investor's trade phase about to close
 * (CLOSING_S before its end) and the broker gone offline long enough for someone to take over
 * (the moment the "Take over?" prompt shows).
 */
import { GAME_STATUS, ORDERBOOK } from '@showdown/shared/constants';
import { isBrokerRole, isInvestorRole } from '@showdown/shared/roles';
import { useEffect } from 'react';
import { useSnackbar } from '../../components/ui/toasts';
import { useBrokerId, useBrokerOffline } from '../../hooks/use-broker-offline';
import { t } from '../../i18n';
import type { Buzz } from '../../lib/haptics';
import type { Cue } from '../../lib/sound/sound';
import { useAppStore } from '../../stores/app-store';
import {
  selectEndsAt,
  selectOrderbook,
  selectRole,
  selectStatus,
} from '../../stores/game-selectors';

/** How many seconds before a phase ends an investor is told it is closing. */
export const CLOSING_S = 10;

/** Sound and vibration, as the device's switches allow. */
export interface DeviceCues {
  play(cue: Cue): void;
  buzz(buzz: Buzz): void;
}

/** "Trade phase closes in 10 s", a vibration and a tick, once per phase, for an investor. */
export function usePhaseClosingAlert(cues: DeviceCues): void {
  const { enqueueSnackbar } = useSnackbar();
  const investor = isInvestorRole(useAppStore(selectRole));
  const open = useAppStore(selectOrderbook) === ORDERBOOK.ON;
  const endsAt = useAppStore(selectEndsAt);
  const end = open && endsAt !== null ? Date.parse(endsAt) : Number.NaN;
  useEffect(() => {
    if (!investor || !Number.isFinite(end)) return;
    const tell = () => {
      const seconds = Math.round((end - Date.now()) / 1000);
      if (seconds <= 0) return;
      enqueueSnackbar(t('Trade phase closes in {seconds} s', { seconds }), {
        key: `trade-phase-closing-${end}`,
        variant: 'warning',
        autoHideDuration: Math.min(seconds, CLOSING_S) * 1000,
      });
      cues.buzz('phase-closing');
      cues.play('countdown-final');
    };
    const timer = window.setTimeout(tell, Math.max(0, end - CLOSING_S * 1000 - Date.now()));
    return () => window.clearTimeout(timer);
  }, [investor, end, enqueueSnackbar, cues]);
}

/** A vibration and a chime when the "Take over?" prompt shows on a seated player's phone. */
export function useBrokerOfflineAlert(cues: DeviceCues): void {
  const role = useAppStore(selectRole);
  const status = useAppStore(selectStatus);
  const offline = useBrokerOffline(useBrokerId());
  const live = status === GAME_STATUS.LOBBY || status === GAME_STATUS.RUNNING;
  const told = offline && live && role !== null && !isBrokerRole(role);
  useEffect(() => {
    if (!told) return;
    cues.buzz('broker-offline');
    cues.play('alert');
  }, [told, cues]);
}

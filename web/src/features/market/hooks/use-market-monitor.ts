import { ORDERBOOK } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { isBrokerRole } from '@showdown/shared/roles';
import { useCallback, useState } from 'react';
import { PHASE_ENDED_KEY, useSnackbar } from '../../../components/ui/toasts';
import { enqueueUndoable } from '../../../components/ui/undo-snackbar';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useTradeCountdown, type PhaseEnd } from '../../../hooks/use-trade-countdown';
import { t } from '../../../i18n';
import { useAppStore } from '../../../stores/app-store';
import {
  selectBoardCode,
  selectIsMmExist,
  selectOnline,
  selectPausedRemaining,
  selectPriceHistory,
  selectRole,
  selectSettings,
  selectStocks,
} from '../../../stores/game-selectors';
import { givePayday, loadStocks, setTradePhase } from '../api/market';
import { previewPayday } from '../components/payday-preview';

/**
 * The Market Monitor's data and the broker's actions on it: the prices, the trade phase's
 * countdown, starting and ending the phase, and the payday with its confirmation.
 */
export function useMarketMonitor() {
  const { enqueueSnackbar } = useSnackbar();
  const role = useAppStore(selectRole);
  const stocks = useAppStore(selectStocks);
  const isMmExist = useAppStore(selectIsMmExist);
  const settings = useAppStore(selectSettings);
  const boardCode = useAppStore(selectBoardCode);
  const history = useAppStore(selectPriceHistory);
  const online = useAppStore(selectOnline);
  const pausedRemaining = useAppStore(selectPausedRemaining);
  const { gameId, loading, refresh } = useGameLoad('screen:market', loadStocks);
  const [confirmPayday, setConfirmPayday] = useState(false);
  const [busy, setBusy] = useState(false);
  const broker = isBrokerRole(role);

  const onPhaseEnded = useCallback(
    (how: PhaseEnd) => {
      // The broker's 'Trade ended.'; an investor is told by the alert alone, and the
      // broker sees this or the alert's "Trade phase closed", whichever comes first (one key).
      if (!broker) return;
      enqueueSnackbar(t(MSG.TRADE_ENDED), { variant: 'info', key: PHASE_ENDED_KEY });
      if (how === 'expired' && gameId !== null) {
        setTradePhase(gameId, ORDERBOOK.OFF).catch(() => {
          enqueueSnackbar(t('Failed to end trade.'), { variant: 'error' });
        });
      }
    },
    [broker, gameId, enqueueSnackbar],
  );
  const secondsLeft = useTradeCountdown(onPhaseEnded);

  const startTradePhase = async () => {
    if (gameId === null) return;
    setBusy(true);
    try {
      await setTradePhase(gameId, ORDERBOOK.ON);
      enqueueSnackbar(t(MSG.TRADE_INITIATED), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('Something went wrong.'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const endTradePhase = async () => {
    if (gameId === null) return;
    setBusy(true);
    try {
      await setTradePhase(gameId, ORDERBOOK.OFF);
    } catch {
      enqueueSnackbar(t('Failed to end trade.'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const payday = async () => {
    setConfirmPayday(false);
    if (gameId === null) return;
    setBusy(true);
    try {
      await givePayday(gameId);
      enqueueUndoable(t(MSG.PAYDAY_OK), gameId);
    } catch (error) {
      // A payday error is logged only, with no toast.
      console.error('Payday failed', error);
    } finally {
      setBusy(false);
    }
  };

  return {
    role,
    broker,
    stocks,
    isMmExist,
    settings,
    boardCode,
    history,
    online,
    pausedRemaining,
    gameId,
    loading,
    refresh,
    busy,
    secondsLeft,
    // The countdown reads the shared rule: null or 0 once the phase is not open.
    phaseOn: (secondsLeft ?? 0) > 0,
    paydayPreview: settings ? previewPayday(settings) : null,
    confirmPayday,
    askPayday: () => setConfirmPayday(true),
    cancelPayday: () => setConfirmPayday(false),
    startTradePhase,
    endTradePhase,
    payday,
  };
}

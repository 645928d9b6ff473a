import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { StockEntry } from '@showdown/shared/api';
import { ORDERBOOK, ROLE, type Role } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { PHASE_ENDED_KEY, useSnackbar } from '../../../components/ui/toasts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { QueuedOrders } from '../../../components/ui/queued-orders';
import { PageLayout } from '../../../components/ui/page-layout';
import { ShowOnTvButton } from '../../../components/ui/show-on-tv-button';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useTradeCountdown, type PhaseEnd } from '../../../hooks/use-trade-countdown';
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
import { previewPayday } from './payday-preview';
import { StockList } from './stock-list';
import { enqueueUndoable } from '../../../components/ui/undo-snackbar';
import { isBrokerRole } from '@showdown/shared/roles';
import {
  PausedPhasePanel,
  PhasePanel,
  PhasePauseButton,
} from '../../../components/broker/phase-pause-controls';
import { t } from '../../../i18n';

/**
 * Market Mayhem shows for roles 1 and 3; for role 2 only while is_mm_exist is 1 (a list to answer).
 */
export function showsMarketMayhem(role: Role | null, isMmExist: 0 | 1): boolean {
  return isBrokerRole(role) || (role === ROLE.INVESTOR && isMmExist === 1);
}

/** /stock-prices: the Market Monitor, or the broker's Monitor & Action hub. */
// eslint-disable-next-line max-lines-per-function -- a screen of several jobs: its data and actions belong in hooks, its parts in components
export function StockPricesScreen() {
  const navigate = useNavigate();
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

  const openPriceUpdate = (stock: StockEntry) => {
    void navigate('/price-updates', { state: { stock } });
  };

  const paydaysLeft = settings ? settings.paydays_total - settings.paydays_given : null;
  const paydayPreview = settings ? previewPayday(settings) : null;
  // The countdown reads the shared rule: null or 0 once the phase is not open.
  const phaseOn = (secondsLeft ?? 0) > 0;

  return (
    <PageLayout
      live
      title={broker ? t('Monitor & Action') : t('Market Monitor')}
      help
      actions={
        <IconButton aria-label={t('Refresh prices')} color="primary" onClick={() => void refresh()}>
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      {phaseOn && secondsLeft !== null && (
        <PhasePanel color="success.main">
          <Box sx={{ flex: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {t('Trade phase ends in')}
            </Typography>
            {/* The top bar's chip is the announced timer; this is the big view of it. */}
            <Typography variant="h2" component="p" color="success.main" aria-hidden>
              {t('{seconds} s', { seconds: secondsLeft })}
            </Typography>
          </Box>
          {broker && gameId !== null && (
            <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
              <PhasePauseButton gameId={gameId} paused={false} disabled={busy || !online} />
              <Button
                variant="outlined"
                color="error"
                disabled={busy || !online}
                onClick={() => void endTradePhase()}
              >
                {t('End phase now')}
              </Button>
            </Box>
          )}
        </PhasePanel>
      )}
      {pausedRemaining !== null && (
        <PausedPhasePanel remainingS={pausedRemaining}>
          {broker && gameId !== null && (
            <PhasePauseButton gameId={gameId} paused disabled={busy || !online} />
          )}
        </PausedPhasePanel>
      )}

      {broker && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1, my: 1 }}
          role="group"
          aria-label={t('Broker actions')}
        >
          <Button
            variant="contained"
            onClick={() => void startTradePhase()}
            disabled={busy || phaseOn || pausedRemaining !== null || !online}
          >
            {t('Trade Phase')}
          </Button>
          <Button
            variant="contained"
            color="secondary"
            onClick={() => setConfirmPayday(true)}
            disabled={busy || paydayPreview?.refused === true || !online}
          >
            {t('Payday')}
          </Button>
          <Button variant="outlined" onClick={() => void navigate('/portfolio-showdown')}>
            {t('Showdown')}
          </Button>
          <Button variant="outlined" onClick={() => void navigate('/market-mayhem')}>
            {t('Market Mayhem')}
          </Button>
          {boardCode && <ShowOnTvButton code={boardCode} sx={{ gridColumn: '1 / -1' }} />}
        </Box>
      )}
      {!broker && showsMarketMayhem(role, isMmExist) && (
        <Button variant="contained" sx={{ my: 1 }} onClick={() => void navigate('/market-mayhem')}>
          {t('Market Mayhem')}
        </Button>
      )}
      <QueuedOrders gameId={gameId} />
      {broker && paydaysLeft !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('Paydays given: {given} of {total}', {
            given: settings?.paydays_given ?? 0,
            total: settings?.paydays_total ?? 0,
          })}
        </Typography>
      )}

      {loading && stocks.length === 0 ? (
        <Loader label={t('Loading prices')} />
      ) : (
        <StockList
          stocks={stocks}
          history={history}
          onSelect={broker ? openPriceUpdate : undefined}
        />
      )}

      <ConfirmDialog
        open={confirmPayday}
        title={t('Are you sure you want to give payday?')}
        message={paydayPreview?.text}
        onConfirm={() => void payday()}
        onCancel={() => setConfirmPayday(false)}
      />
    </PageLayout>
  );
}

import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { StockEntry } from '@showdown/shared/api';
import { ROLE, type Role } from '@showdown/shared/constants';
import { isBrokerRole } from '@showdown/shared/roles';
import { useNavigate } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { QueuedOrders } from '../../../components/ui/queued-orders';
import { t } from '../../../i18n';
import { useMarketMonitor } from '../hooks/use-market-monitor';
import { BrokerActions } from './broker-actions';
import { StockList } from './stock-list';
import { TradePhaseStatus } from './trade-phase-status';

/**
 * Market Mayhem shows for roles 1 and 3; for role 2 only while is_mm_exist is 1 (a list to answer).
 */
export function showsMarketMayhem(role: Role | null, isMmExist: 0 | 1): boolean {
  return isBrokerRole(role) || (role === ROLE.INVESTOR && isMmExist === 1);
}

/** /stock-prices: the Market Monitor, or the broker's Monitor & Action hub. */
export function StockPricesScreen() {
  const navigate = useNavigate();
  const {
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
    phaseOn,
    paydayPreview,
    confirmPayday,
    askPayday,
    cancelPayday,
    startTradePhase,
    endTradePhase,
    payday,
  } = useMarketMonitor();

  const openPriceUpdate = (stock: StockEntry) => {
    void navigate('/price-updates', { state: { stock } });
  };

  const paydaysLeft = settings ? settings.paydays_total - settings.paydays_given : null;

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
      <TradePhaseStatus
        secondsLeft={secondsLeft}
        phaseOn={phaseOn}
        pausedRemaining={pausedRemaining}
        controlsFor={broker ? gameId : null}
        disabled={busy || !online}
        onEndNow={() => void endTradePhase()}
      />

      {broker && (
        <BrokerActions
          blocked={busy || !online}
          phaseActive={phaseOn || pausedRemaining !== null}
          paydayRefused={paydayPreview?.refused === true}
          boardCode={boardCode}
          onStartTrade={() => void startTradePhase()}
          onPayday={askPayday}
        />
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
        onCancel={cancelPayday}
      />
    </PageLayout>
  );
}

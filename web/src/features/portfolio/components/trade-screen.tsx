import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import { ROLE } from '@showdown/shared/constants';
import { Navigate } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { PageLayout } from '../../../components/ui/page-layout';
import { QueuedOrders } from '../../../components/ui/queued-orders';
import { t } from '../../../i18n';
import { useTradeHub } from '../hooks/use-trade-hub';
import { CashPanel } from './cash-panel';
import { OrderDialog } from './order-dialog';
import { TradeRow } from './trade-row';
import { canBuy, canSell } from './trade-rules';

/** While the hub loads: the shape of the page, never ₹0.00 or 'closed' for a moment. */
function TradeHubSkeleton() {
  return (
    <Box aria-busy="true" aria-label={t('Loading trade hub')} role="status">
      <Skeleton variant="rounded" height={88} sx={{ my: 1 }} />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} variant="rounded" height={72} sx={{ mb: 1 }} />
      ))}
    </Box>
  );
}

/** /trade: the Trade Hub. Cash, every company with BUY and SELL, and the order form. */
export function TradeScreen() {
  const {
    role,
    gameId,
    refresh,
    ready,
    lines,
    cash,
    orderbookStatus,
    context,
    open,
    target,
    targetLine,
    busy,
    choose,
    close,
    order,
  } = useTradeHub();

  if (role === ROLE.BROKER) return <Navigate to="/stock-prices" replace />;

  return (
    <PageLayout
      live
      title={t('Trade Hub')}
      help
      actions={
        <IconButton
          aria-label={t('Refresh trade hub')}
          color="primary"
          onClick={() => void refresh()}
        >
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      {!ready ? (
        <TradeHubSkeleton />
      ) : (
        <>
          <CashPanel cash={cash} orderbookStatus={orderbookStatus} />

          <QueuedOrders gameId={gameId} />

          <List
            aria-label={t('Companies')}
            sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
          >
            {lines.map((line) => (
              <TradeRow
                key={line.stock_id}
                line={line}
                buyable={canBuy(context)}
                sellable={canSell(context, line.held)}
                onChoose={choose}
              />
            ))}
          </List>
        </>
      )}

      <OrderDialog
        target={target}
        price={targetLine?.price ?? 0}
        cash={cash}
        holding={{ quantity: targetLine?.held ?? 0, invested: targetLine?.invested ?? 0 }}
        allowed={open}
        busy={busy}
        onOrder={(quantity) => void order(quantity)}
        onClose={close}
      />
    </PageLayout>
  );
}

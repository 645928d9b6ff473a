import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ORDERBOOK, ROLE, TRADE_TYPE, type TradeType } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { useSnackbar } from '../../../components/ui/toasts';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { flashSx, PriceChange } from '../../../components/ui/price-change';
import { PageLayout } from '../../../components/ui/page-layout';
import { useFlash } from '../../../hooks/use-flash';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useTradeCountdown } from '../../../hooks/use-trade-countdown';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import {
  selectEndsAt,
  selectPortfolio,
  selectPriceMove,
  selectRole,
  selectStatus,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadTradeHub } from '../api/portfolio';
import { submitOrder, type OrderOutcome } from '../../../api/orders';
import { QueuedOrders } from '../../../components/ui/queued-orders';
import { OrderDialog, type OrderTarget } from './order-dialog';
import { canBuy, canSell, canTrade, type TradeContext } from './trade-rules';
import { t } from '../../../i18n';

interface TradeLine {
  stock_id: number;
  name: string;
  image: string;
  price: number;
  held: number;
  /** What the held shares cost (rupees). */
  invested: number;
}

interface TradeRowProps {
  line: TradeLine;
  buyable: boolean;
  sellable: boolean;
  onChoose: (line: TradeLine, tradeType: TradeType) => void;
}

/** One company: price with its change cue (the row highlights when it moves), BUY and SELL. */
function TradeRow({ line, buyable, sellable, onChoose }: TradeRowProps) {
  const move = useAppStore(selectPriceMove(line.stock_id));
  const flashing = useFlash(move?.seq);
  return (
    <ListItem
      aria-label={line.name}
      data-flash={flashing || undefined}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 2,
        gap: 1.5,
        flexWrap: 'wrap',
        ...flashSx(flashing, move?.percent ?? 0),
      }}
    >
      <CompanyLogo src={line.image} name={line.name} size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap title={line.name}>
          {line.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatINR(line.price)} · {t('Held {count}', { count: line.held })}
        </Typography>
        <PriceChange move={move} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          aria-label={t('BUY {name}', { name: line.name })}
          disabled={!buyable}
          onClick={() => onChoose(line, TRADE_TYPE.BUY)}
          sx={{ minWidth: 64, px: 1.5 }}
        >
          {t('BUY')}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="error"
          aria-label={t('SELL {name}', { name: line.name })}
          disabled={!sellable}
          onClick={() => onChoose(line, TRADE_TYPE.SELL)}
          sx={{ minWidth: 64, px: 1.5 }}
        >
          {t('SELL')}
        </Button>
      </Box>
    </ListItem>
  );
}

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

/** What the player is told of an order tap. */
function toldOf(outcome: OrderOutcome): [string, 'success' | 'info' | 'warning'] {
  if (outcome.kind === 'placed') return [outcome.message, 'success'];
  if (outcome.kind === 'refused') {
    return [
      t(
        'Your order for {company} may already have reached the server: wait for its answer before placing another.',
        { company: outcome.waiting.name },
      ),
      'warning',
    ];
  }
  return [
    outcome.replaced
      ? t('No connection: this order waits in place of your earlier one for {company}.', {
          company: outcome.order.name,
        })
      : t('No connection: your order waits and is sent when the connection is back.'),
    'info',
  ];
}

/** /trade: the Trade Hub. Cash, every company with BUY and SELL, and the order form. */
// eslint-disable-next-line max-lines-per-function -- a screen of several jobs: its data and actions belong in hooks, its parts in components
export function TradeScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const role = useAppStore(selectRole);
  const gameStatus = useAppStore(selectStatus);
  const portfolio = useAppStore(selectPortfolio);
  const stocks = useAppStore(selectStocks);
  const endsAt = useAppStore(selectEndsAt);
  const { gameId, refresh } = useGameLoad('screen:trade', loadTradeHub);
  const [target, setTarget] = useState<OrderTarget | null>(null);
  const [busy, setBusy] = useState(false);

  // The phase's end is told by the alert ("Trade phase closed", use-game-alerts), not again here.
  const secondsLeft = useTradeCountdown();

  const lines = useMemo<TradeLine[]>(() => {
    const rows = portfolio?.portfolio_data ?? [];
    const fromStocks = stocks.map((s) => {
      const row = rows.find((r) => r.stock_id === s.stock_id);
      return {
        stock_id: s.stock_id,
        name: s.name,
        image: s.image,
        price: s.current_price,
        held: row?.total_quantity ?? 0,
        invested: row?.total_invested_price ?? 0,
      };
    });
    const onlyHeld = rows
      .filter((r) => !stocks.some((s) => s.stock_id === r.stock_id))
      .map((r) => ({
        stock_id: r.stock_id,
        name: r.name,
        image: r.image,
        price: r.current_price,
        held: r.total_quantity,
        invested: r.total_invested_price,
      }));
    return [...fromStocks, ...onlyHeld];
  }, [portfolio, stocks]);

  if (role === ROLE.BROKER) return <Navigate to="/stock-prices" replace />;

  // Nothing of the hub shows until both my portfolio and the prices are in.
  const ready = portfolio !== null && lines.length > 0;
  const cash = portfolio?.current_balance ?? 0;
  // At the countdown's zero the phase is over here, even before the server's event arrives.
  const orderbookStatus = secondsLeft !== null && secondsLeft > 0 ? ORDERBOOK.ON : ORDERBOOK.OFF;
  const context: TradeContext = { orderbookStatus, gameStatus, role, cash };
  const open = canTrade(context);
  const targetLine = target ? lines.find((l) => l.stock_id === target.stock_id) : undefined;

  const choose = (line: TradeLine, tradeType: TradeType) =>
    setTarget({ stock_id: line.stock_id, name: line.name, tradeType });

  const order = async (quantity: string) => {
    if (gameId === null || !target || endsAt === null) return;
    setBusy(true);
    try {
      const outcome = await submitOrder(gameId, {
        stock_id: target.stock_id,
        trade_type: target.tradeType,
        quantity: Number(quantity),
        name: target.name,
        phaseEndsAt: endsAt,
      });
      const [message, variant] = toldOf(outcome);
      enqueueSnackbar(message, { variant });
      setTarget(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

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
          <Paper
            role="region"
            aria-label={t('Cash and trade phase')}
            sx={{ p: 2, my: 1, display: 'flex', alignItems: 'center', gap: 2 }}
          >
            <Box sx={{ flex: 1 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {t('Cash balance')}
              </Typography>
              <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatINR(cash)}
              </Typography>
            </Box>
            <Typography
              variant="body2"
              sx={{ textAlign: 'right', fontWeight: 700 }}
              color={orderbookStatus === ORDERBOOK.ON ? 'success.main' : 'text.secondary'}
            >
              {orderbookStatus === ORDERBOOK.ON
                ? t('Trade phase is on')
                : t('Trade phase is closed')}
            </Typography>
          </Paper>

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
        onClose={() => setTarget(null)}
      />
    </PageLayout>
  );
}

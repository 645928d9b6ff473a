import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ORDERBOOK, ROLE, TRADE_TYPE, type TradeType } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useTradeCountdown } from '../../../hooks/use-trade-countdown';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import {
  selectPortfolio,
  selectRole,
  selectStatus,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadTradeHub, placeOrder } from '../api/portfolio';
import { OrderDialog, type OrderTarget } from './order-dialog';
import { canBuy, canSell, canTrade, type TradeContext } from './trade-rules';

interface TradeLine {
  stock_id: number;
  name: string;
  image: string;
  price: number;
  held: number;
}

/** /trade: the Trade Hub. Cash, every company with BUY and SELL, and the order form. */
export function TradeScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const role = useAppStore(selectRole);
  const gameStatus = useAppStore(selectStatus);
  const portfolio = useAppStore(selectPortfolio);
  const stocks = useAppStore(selectStocks);
  const { gameId, loading, refresh } = useGameLoad('screen:trade', loadTradeHub);
  const [target, setTarget] = useState<OrderTarget | null>(null);
  const [busy, setBusy] = useState(false);

  const onPhaseEnded = useCallback(() => {
    enqueueSnackbar(MSG.TRADE_ENDED, { variant: 'info' });
  }, [enqueueSnackbar]);
  const secondsLeft = useTradeCountdown(onPhaseEnded);

  const lines = useMemo<TradeLine[]>(() => {
    const rows = portfolio?.portfolio_data ?? [];
    const fromStocks = stocks.map((s) => ({
      stock_id: s.stock_id,
      name: s.name,
      image: s.image,
      price: s.current_price,
      held: rows.find((r) => r.stock_id === s.stock_id)?.total_quantity ?? 0,
    }));
    const onlyHeld = rows
      .filter((r) => !stocks.some((s) => s.stock_id === r.stock_id))
      .map((r) => ({
        stock_id: r.stock_id,
        name: r.name,
        image: r.image,
        price: r.current_price,
        held: r.total_quantity,
      }));
    return [...fromStocks, ...onlyHeld];
  }, [portfolio, stocks]);

  if (role === ROLE.BROKER) return <Navigate to="/stock-prices" replace />;

  const cash = portfolio?.current_balance ?? 0;
  // At the countdown's zero the phase is over here, even before the server's event arrives.
  const orderbookStatus = secondsLeft !== null && secondsLeft > 0 ? ORDERBOOK.ON : ORDERBOOK.OFF;
  const context: TradeContext = { orderbookStatus, gameStatus, role, cash };
  const open = canTrade(context);
  const targetLine = target ? lines.find((l) => l.stock_id === target.stock_id) : undefined;

  const choose = (line: TradeLine, tradeType: TradeType) =>
    setTarget({ stock_id: line.stock_id, name: line.name, tradeType });

  const order = async (quantity: string) => {
    if (gameId === null || !target) return;
    setBusy(true);
    try {
      const message = await placeOrder(gameId, {
        stock_id: target.stock_id,
        trade_type: target.tradeType,
        quantity: Number(quantity),
      });
      enqueueSnackbar(message, { variant: 'success' });
      setTarget(null);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout
      title="Trade Hub"
      help
      actions={
        <IconButton aria-label="Refresh trade hub" color="primary" onClick={() => void refresh()}>
          <RefreshIcon />
        </IconButton>
      }
      footer={<BottomTabBar />}
    >
      <Paper
        role="region"
        aria-label="Cash and trade phase"
        sx={{ p: 2, my: 1, display: 'flex', alignItems: 'center', gap: 2 }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            Cash balance
          </Typography>
          <Typography variant="h3" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatINR(cash)}
          </Typography>
        </Box>
        {secondsLeft !== null && secondsLeft > 0 ? (
          <Box role="timer" aria-label="Trade phase countdown" sx={{ textAlign: 'right' }}>
            <Typography variant="caption" color="text.secondary" component="p">
              Trade ends in
            </Typography>
            <Typography variant="h3" component="p" color="success.main">
              {secondsLeft}s
            </Typography>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
            Trade phase is closed
          </Typography>
        )}
      </Paper>

      {loading && lines.length === 0 ? (
        <Loader label="Loading trade hub" />
      ) : (
        <List aria-label="Companies" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {lines.map((line) => (
            <ListItem
              key={line.stock_id}
              aria-label={line.name}
              sx={{ bgcolor: 'background.paper', borderRadius: 2, gap: 1.5, flexWrap: 'wrap' }}
            >
              <CompanyLogo src={line.image} name={line.name} size={40} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }} noWrap>
                  {line.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatINR(line.price)} · Held {line.held}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button
                  size="small"
                  variant="contained"
                  color="success"
                  aria-label={`BUY ${line.name}`}
                  disabled={!canBuy(context)}
                  onClick={() => choose(line, TRADE_TYPE.BUY)}
                  sx={{ minWidth: 64, px: 1.5 }}
                >
                  BUY
                </Button>
                <Button
                  size="small"
                  variant="contained"
                  color="error"
                  aria-label={`SELL ${line.name}`}
                  disabled={!canSell(context, line.held)}
                  onClick={() => choose(line, TRADE_TYPE.SELL)}
                  sx={{ minWidth: 64, px: 1.5 }}
                >
                  SELL
                </Button>
              </Box>
            </ListItem>
          ))}
        </List>
      )}

      <OrderDialog
        target={target}
        price={targetLine?.price ?? 0}
        allowed={open}
        busy={busy}
        onOrder={(quantity) => void order(quantity)}
        onClose={() => setTarget(null)}
      />
    </PageLayout>
  );
}

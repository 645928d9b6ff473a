import type { Portfolio, StockEntry } from '@showdown/shared/api';
import { ORDERBOOK, type TradeType } from '@showdown/shared/constants';
import { useMemo, useState } from 'react';
import { submitOrder, type OrderOutcome } from '../../../api/orders';
import { useSnackbar } from '../../../components/ui/toasts';
import { useGameLoad } from '../../../hooks/use-game-load';
import { useTradeCountdown } from '../../../hooks/use-trade-countdown';
import { t } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import {
  selectEndsAt,
  selectPortfolio,
  selectRole,
  selectStatus,
  selectStocks,
} from '../../../stores/game-selectors';
import { loadTradeHub } from '../api/portfolio';
import type { OrderTarget } from '../components/order-dialog';
import { canTrade, type TradeContext } from '../components/trade-rules';

export interface TradeLine {
  stock_id: number;
  name: string;
  image: string;
  price: number;
  held: number;
  /** What the held shares cost (rupees). */
  invested: number;
}

/** Every listed company with what I hold of it, then any holding of a company no longer listed. */
export function tradeLines(portfolio: Portfolio | null, stocks: StockEntry[]): TradeLine[] {
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
}

/** What the player is told of an order tap. */
export function toldOf(outcome: OrderOutcome): [string, 'success' | 'info' | 'warning'] {
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

/**
 * The Trade Hub's data and its order: my cash and holdings beside every company's price, whether
 * trading is open by the countdown, and the order form's company and its submission.
 */
export function useTradeHub() {
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

  const lines = useMemo(() => tradeLines(portfolio, stocks), [portfolio, stocks]);

  // Nothing of the hub shows until both my portfolio and the prices are in.
  const ready = portfolio !== null && lines.length > 0;
  const cash = portfolio?.current_balance ?? 0;
  // At the countdown's zero the phase is over here, even before the server's event arrives.
  const orderbookStatus = secondsLeft !== null && secondsLeft > 0 ? ORDERBOOK.ON : ORDERBOOK.OFF;
  const context: TradeContext = { orderbookStatus, gameStatus, role, cash };
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

  return {
    role,
    gameId,
    refresh,
    ready,
    lines,
    cash,
    orderbookStatus,
    context,
    open: canTrade(context),
    target,
    targetLine,
    busy,
    choose,
    close: () => setTarget(null),
    order,
  };
}

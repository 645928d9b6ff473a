import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { StockEntry } from '@showdown/shared/api';
import { ROLE } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { MSG } from '@showdown/shared/messages';
import { useSnackbar } from '../../../components/ui/toasts';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { BottomTabBar } from '../../../components/ui/bottom-tab-bar';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { PageLayout } from '../../../components/ui/page-layout';
import { useAppStore } from '../../../stores/app-store';
import { selectGameId, selectRole, selectStocks } from '../../../stores/game-selectors';
import { updateStockPrice } from '../api/market';
import { PriceKeypad, type PriceEntry } from './price-keypad';
import { previewPrice } from './price-preview';
import { enqueueUndoable } from '../../../components/ui/undo-snackbar';
import { t, msg } from '../../../i18n';

const ADD_OPERATION = msg('Please add operation');

function stockFromState(state: unknown): StockEntry | null {
  if (typeof state !== 'object' || state === null || !('stock' in state)) return null;
  const { stock } = state as { stock: unknown };
  if (typeof stock !== 'object' || stock === null) return null;
  const candidate = stock as Partial<StockEntry>;
  return typeof candidate.stock_id === 'number' && typeof candidate.name === 'string'
    ? (stock as StockEntry)
    : null;
}

/** /price-updates: the broker moves the chosen stock's price by a percentage. */
export function PriceUpdatesScreen() {
  const location = useLocation();
  const { enqueueSnackbar } = useSnackbar();
  const role = useAppStore(selectRole);
  const chosen = stockFromState(location.state);
  // The store is fed live by the socket: no extra read of the prices here.
  const live = useAppStore((s) => selectStocks(s).find((x) => x.stock_id === chosen?.stock_id));
  const gameId = useAppStore(selectGameId);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  if (!chosen || role === ROLE.INVESTOR) return <Navigate to="/stock-prices" replace />;
  const stock = live ?? chosen;

  const submit = async ({ operation, value }: PriceEntry) => {
    if (gameId === null) return;
    if (operation === null) {
      enqueueSnackbar(t(ADD_OPERATION), { variant: 'error' });
      return;
    }
    setBusy(true);
    try {
      await updateStockPrice(gameId, { stock_id: stock.stock_id, operation, value });
      enqueueUndoable(t(MSG.PRICE_UPDATED), gameId);
      setRound((r) => r + 1);
    } catch {
      enqueueSnackbar(t(ADD_OPERATION), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout live title={t('Price Update')} help footer={<BottomTabBar />}>
      <Paper
        sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, my: 1 }}
        aria-label={t('Chosen stock')}
        role="region"
      >
        <CompanyLogo src={stock.image} name={stock.name} size={56} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h2" noWrap>
            {stock.name}
          </Typography>
          <Typography sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
            {t('Current price: {price}', { price: formatINR(stock.current_price) })}
          </Typography>
        </Box>
      </Paper>
      <PriceKeypad
        key={round}
        onSubmit={(entry) => void submit(entry)}
        busy={busy}
        preview={(entry) => previewPrice(stock.current_price, entry)}
      />
    </PageLayout>
  );
}

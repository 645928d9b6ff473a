import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ORDERBOOK, type OrderbookStatus } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { t } from '../../../i18n';

/** My cash balance beside whether the trade phase is on. */
export function CashPanel({
  cash,
  orderbookStatus,
}: {
  cash: number;
  orderbookStatus: OrderbookStatus;
}) {
  return (
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
        {orderbookStatus === ORDERBOOK.ON ? t('Trade phase is on') : t('Trade phase is closed')}
      </Typography>
    </Paper>
  );
}

import CloudOffIcon from '@mui/icons-material/CloudOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { cancelQueuedOrder, orderLabel } from '../../api/order-queue';
import { tell } from '../../hooks/use-order-queue';
import { t } from '../../i18n';
import { useAppStore } from '../../stores/app-store';

/**
 * The orders of this game waiting on the device for the connection, each with its Cancel
 * (docs/architecture.md#orders-without-a-connection).
 */
export function QueuedOrders({ gameId }: { gameId: number | null }) {
  const all = useAppStore((s) => s.queuedOrders);
  const orders = useMemo(() => all.filter((o) => o.gameId === gameId), [all, gameId]);
  if (orders.length === 0) return null;
  return (
    <Paper
      role="region"
      aria-label={t('Orders waiting for connection')}
      sx={{ p: 2, my: 1, border: '2px solid', borderColor: 'warning.main' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <CloudOffIcon color="warning" aria-hidden />
        <Typography component="p" sx={{ fontWeight: 700 }}>
          {t('Waiting for connection…')}
        </Typography>
      </Box>
      <List disablePadding>
        {orders.map((order) => {
          const label = orderLabel(order);
          return (
            <ListItem key={order.key} aria-label={label} disableGutters sx={{ gap: 1 }}>
              <Typography sx={{ flex: 1, minWidth: 0 }}>{label}</Typography>
              <Button
                variant="outlined"
                size="small"
                aria-label={t('Cancel the order: {order}', { order: label })}
                onClick={() => cancelQueuedOrder(order, tell)}
              >
                {t('Cancel')}
              </Button>
            </ListItem>
          );
        })}
      </List>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('Each is sent when the connection is back, if its trade phase is still open.')}
      </Typography>
    </Paper>
  );
}

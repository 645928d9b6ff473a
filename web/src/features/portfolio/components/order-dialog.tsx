import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TRADE_TYPE, type TradeType } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { useId, useState } from 'react';
import { cleanQuantity, previewOrder } from './trade-rules';
import { t } from '../../../i18n';

export interface OrderTarget {
  stock_id: number;
  name: string;
  tradeType: TradeType;
}

interface OrderDialogProps {
  target: OrderTarget | null;
  /** The live price of the target stock in rupees. */
  price: number;
  /** Cash balance in rupees. */
  cash: number;
  /** The shares of the target held, and what they cost (rupees). */
  holding: { quantity: number; invested: number };
  /** False once the trade phase closed while the dialog was open. */
  allowed: boolean;
  busy: boolean;
  onOrder: (quantity: string) => void;
  onClose: () => void;
}

/** The order form: quantity, read-only price, total and 'Order'. */
export function OrderDialog({
  target,
  price,
  cash,
  holding,
  allowed,
  busy,
  onOrder,
  onClose,
}: OrderDialogProps) {
  const titleId = useId();
  const [quantity, setQuantity] = useState('');
  const selling = target?.tradeType === TRADE_TYPE.SELL;
  const { total, refusal } = previewOrder(selling, quantity, price, cash, holding);
  const verb = selling ? t('Sell') : t('Buy');

  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => setQuantity('') } }}
    >
      <DialogTitle id={titleId}>
        {verb} {target?.name}
      </DialogTitle>
      <DialogContent
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}
      >
        <TextField
          label={t('Quantity')}
          value={quantity}
          onChange={(event) => setQuantity(cleanQuantity(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          error={refusal !== null}
          helperText={refusal && t(refusal)}
          autoFocus
        />
        <TextField
          label={t('Price')}
          value={formatINR(price)}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <TextField
          label={t('Total')}
          value={formatINR(total ?? 0)}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
        <Button variant="outlined" onClick={onClose}>
          {t('Cancel')}
        </Button>
        <Button
          variant="contained"
          color={target?.tradeType === TRADE_TYPE.SELL ? 'error' : 'success'}
          disabled={!allowed || busy || total === null || refusal !== null}
          onClick={() => onOrder(quantity)}
        >
          {t('Order')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

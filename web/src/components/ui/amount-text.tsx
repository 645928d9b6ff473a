import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatINR } from '@showdown/shared/format';

interface AmountTextProps extends Omit<TypographyProps, 'children'> {
  /** Rupees. */
  amount: number;
  decimals?: 0 | 2;
  /** Colours profit green and loss red. */
  signed?: boolean;
}

/** An INR amount in Indian grouping (₹5,00,000.00). */
export function AmountText({ amount, decimals = 2, signed = false, sx, ...rest }: AmountTextProps) {
  const color = signed
    ? amount < 0
      ? 'error.main'
      : amount > 0
        ? 'success.main'
        : undefined
    : undefined;
  const text = formatINR(amount, { decimals });
  return (
    <Typography
      component="span"
      sx={[{ color, fontVariantNumeric: 'tabular-nums' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    >
      {signed && amount > 0 ? `+${text}` : text}
    </Typography>
  );
}

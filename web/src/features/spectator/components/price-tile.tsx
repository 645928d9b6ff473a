import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import { lastMove, pointsOf } from '@showdown/shared/price-history';
import type { PricePoint } from '@showdown/shared/protocol';
import type { StockEntry } from '@showdown/shared/api';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { t } from '../../../i18n';

const flash = keyframes`
  0% { box-shadow: 0 0 0 0.4vw var(--flash); }
  100% { box-shadow: 0 0 0 0 transparent; }
`;

const UP = '#2ecc71';
const DOWN = '#ff5a5f';

interface PriceTileProps {
  stock: StockEntry;
  history: readonly PricePoint[];
}

/**
 * One company on the big screen: logo, name, price, its last move and its price line. Give it a
 * key that changes with the company's last point, so each move replays the highlight.
 */
export function PriceTile({ stock, history }: PriceTileProps) {
  const move = lastMove(history, stock.stock_id);
  const prices = pointsOf(history, stock.stock_id).map((p) => p.price);
  const up = move ? move.percent >= 0 : true;
  // Scale each line to its own range, so a 3 % move is visible on a ₹1,500 share.
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const pad = Math.max((high - low) * 0.1, high * 0.01);
  const colour = move ? (up ? UP : DOWN) : '#b7c3dc';
  return (
    <Box
      data-testid={`tile-${stock.stock_id}`}
      sx={{
        '--flash': colour,
        bgcolor: 'background.paper',
        borderRadius: '1vw',
        p: '1vw',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.4vw',
        minWidth: 0,
        animation: move ? `${flash} 2.5s ease-out` : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.8vw', minWidth: 0 }}>
        <CompanyLogo src={stock.image} name={stock.name} size={56} />
        <Typography
          sx={{ fontSize: 'max(20px, 1.35vw)', fontWeight: 700, lineHeight: 1.15 }}
          noWrap
          title={stock.name}
        >
          {stock.name}
        </Typography>
      </Box>
      <Typography
        data-testid={`price-${stock.stock_id}`}
        sx={{ fontSize: 'max(32px, 2.6vw)', fontWeight: 800, lineHeight: 1.1 }}
      >
        {formatINR(stock.current_price)}
      </Typography>
      <Typography
        data-testid={`move-${stock.stock_id}`}
        sx={{ fontSize: 'max(18px, 1.3vw)', fontWeight: 700, color: colour }}
      >
        {move ? `${up ? '▲' : '▼'} ${formatSignedPercent(move.percent)}` : t('Opening price')}
      </Typography>
      {/* The line repeats what the text says: out of the tab order and the accessibility tree. */}
      <Box sx={{ height: '4.5vw', minHeight: 40 }} inert>
        <SparkLineChart
          // One point (the opening) draws as a flat line.
          data={prices.length === 1 ? [prices[0]!, prices[0]!] : prices}
          curve="linear"
          color={colour}
          margin={6}
          yAxis={{ min: low - pad, max: high + pad }}
          slotProps={{ line: { strokeWidth: 4 } as object }}
        />
      </Box>
    </Box>
  );
}

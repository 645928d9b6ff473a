import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { keyframes } from '@mui/material/styles';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import { lastMove, pointsOf } from '@showdown/shared/price-history';
import type { PricePoint } from '@showdown/shared/protocol';
import type { StockEntry } from '@showdown/shared/api';
import { CompanyLogo } from '../../../components/ui/company-logo';

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
        {move ? `${up ? '▲' : '▼'} ${formatSignedPercent(move.percent)}` : 'Opening price'}
      </Typography>
      <Box sx={{ height: '5vw', minHeight: 48 }} aria-hidden>
        {prices.length > 1 && (
          <SparkLineChart
            data={prices}
            height={undefined}
            curve="linear"
            area
            color={colour}
            margin={4}
          />
        )}
      </Box>
    </Box>
  );
}

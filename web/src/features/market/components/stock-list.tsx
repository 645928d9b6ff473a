import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { StockEntry } from '@showdown/shared/api';
import { formatINR } from '@showdown/shared/format';
import type { PricePoint } from '@showdown/shared/protocol';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { PriceSparkline } from '../../../components/ui/price-sparkline';

interface StockListProps {
  stocks: readonly StockEntry[];
  /** The game's price points: each company gets a sparkline of its own. */
  history?: readonly PricePoint[];
  /** When given, each stock is a button (brokers open the price update). */
  onSelect?: (stock: StockEntry) => void;
}

function StockLine({
  stock,
  action,
  history,
}: {
  stock: StockEntry;
  action: boolean;
  history: readonly PricePoint[];
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', minWidth: 0 }}>
      <CompanyLogo src={stock.image} name={stock.name} />
      <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap>
        {stock.name}
      </Typography>
      <PriceSparkline history={history} stockId={stock.stock_id} width={52} height={28} />
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatINR(stock.current_price)}
      </Typography>
      {action && <ChevronRightIcon color="primary" aria-hidden />}
    </Box>
  );
}

/** Every listed company with its logo, name and current price. */
export function StockList({ stocks, history = [], onSelect }: StockListProps) {
  return (
    <List aria-label="Stock prices" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {stocks.map((stock) => (
        <ListItem
          key={stock.stock_id}
          disablePadding
          sx={{ bgcolor: 'background.paper', borderRadius: 2, overflow: 'hidden' }}
        >
          {onSelect ? (
            <ListItemButton
              onClick={() => onSelect(stock)}
              // The name holds the visible text (name, price) as it reads, for voice control (WCAG 2.5.3).
              aria-label={`Update price of ${stock.name} ${formatINR(stock.current_price)}`}
              sx={{ py: 1.25 }}
            >
              <StockLine stock={stock} action history={history} />
            </ListItemButton>
          ) : (
            <Box sx={{ px: 2, py: 1.25, width: '100%' }}>
              <StockLine stock={stock} action={false} history={history} />
            </Box>
          )}
        </ListItem>
      ))}
    </List>
  );
}

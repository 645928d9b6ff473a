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
import { flashSx, PriceChange } from '../../../components/ui/price-change';
import { useFlash } from '../../../hooks/use-flash';
import { useAppStore } from '../../../stores/app-store';
import type { PriceMove } from '../../../stores/game-data';
import { selectPriceMove } from '../../../stores/game-selectors';
import { changeText } from '@showdown/shared/price-change';
import { t } from '../../../i18n';

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
  const move = useAppStore(selectPriceMove(stock.stock_id));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', minWidth: 0 }}>
      <CompanyLogo src={stock.image} name={stock.name} />
      <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap title={stock.name}>
        {stock.name}
      </Typography>
      <PriceSparkline history={history} stockId={stock.stock_id} width={52} height={28} />
      <Box sx={{ textAlign: 'right' }}>
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {formatINR(stock.current_price)}
        </Typography>
        <PriceChange move={move} />
      </Box>
      {action && <ChevronRightIcon color="primary" aria-hidden />}
    </Box>
  );
}

/** The cue's visible text, for a name that contains what the button shows (WCAG 2.5.3). */
function cueText(move: PriceMove | undefined): string {
  if (!move) return '';
  return ` ${move.cause === 'mayhem' ? t('Mayhem') + ' ' : ''}${changeText(move.percent)}`;
}

/** One company's row: it highlights for a moment when its price moves. */
function StockRow({
  stock,
  history,
  onSelect,
}: {
  stock: StockEntry;
  history: readonly PricePoint[];
  onSelect?: StockListProps['onSelect'];
}) {
  const move = useAppStore(selectPriceMove(stock.stock_id));
  const flashing = useFlash(move?.seq);
  return (
    <ListItem
      disablePadding
      aria-label={stock.name}
      data-flash={flashing || undefined}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 2,
        overflow: 'hidden',
        ...flashSx(flashing, move?.percent ?? 0),
      }}
    >
      {onSelect ? (
        <ListItemButton
          onClick={() => onSelect(stock)}
          // The name holds the visible text (name, price) as it reads, for voice control (WCAG 2.5.3).
          aria-label={`${t('Update price of {name} {price}', { name: stock.name, price: formatINR(stock.current_price) })}${cueText(move)}`}
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
  );
}

/** Every listed company with its logo, name and current price. */
export function StockList({ stocks, history = [], onSelect }: StockListProps) {
  return (
    <List aria-label={t('Stock prices')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {stocks.map((stock) => (
        <StockRow key={stock.stock_id} stock={stock} history={history} onSelect={onSelect} />
      ))}
    </List>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { TRADE_TYPE, type TradeType } from '@showdown/shared/constants';
import { formatINR } from '@showdown/shared/format';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { flashSx, PriceChange } from '../../../components/ui/price-change';
import { useFlash } from '../../../hooks/use-flash';
import { t } from '../../../i18n';
import { useAppStore } from '../../../stores/app-store';
import { selectPriceMove } from '../../../stores/game-selectors';
import type { TradeLine } from '../hooks/use-trade-hub';

interface TradeRowProps {
  line: TradeLine;
  buyable: boolean;
  sellable: boolean;
  onChoose: (line: TradeLine, tradeType: TradeType) => void;
}

/** One company: price with its change cue (the row highlights when it moves), BUY and SELL. */
export function TradeRow({ line, buyable, sellable, onChoose }: TradeRowProps) {
  const move = useAppStore(selectPriceMove(line.stock_id));
  const flashing = useFlash(move?.seq);
  return (
    <ListItem
      aria-label={line.name}
      data-flash={flashing || undefined}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 2,
        gap: 1.5,
        flexWrap: 'wrap',
        ...flashSx(flashing, move?.percent ?? 0),
      }}
    >
      <CompanyLogo src={line.image} name={line.name} size={40} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700 }} noWrap title={line.name}>
          {line.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatINR(line.price)} · {t('Held {count}', { count: line.held })}
        </Typography>
        <PriceChange move={move} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          size="small"
          variant="contained"
          color="success"
          aria-label={t('BUY {name}', { name: line.name })}
          disabled={!buyable}
          onClick={() => onChoose(line, TRADE_TYPE.BUY)}
          sx={{ minWidth: 64, px: 1.5 }}
        >
          {t('BUY')}
        </Button>
        <Button
          size="small"
          variant="contained"
          color="error"
          aria-label={t('SELL {name}', { name: line.name })}
          disabled={!sellable}
          onClick={() => onChoose(line, TRADE_TYPE.SELL)}
          sx={{ minWidth: 64, px: 1.5 }}
        >
          {t('SELL')}
        </Button>
      </Box>
    </ListItem>
  );
}

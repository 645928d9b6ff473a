import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatSignedPercent } from '@showdown/shared/format';
import { t } from '../../../i18n';

export interface Pair {
  stock_id: number;
  name: string;
  percentage: number;
}

interface PairListProps {
  label: string;
  pairs: readonly Pair[];
  /** When given, each pair has a remove button. */
  onRemove?: (stockId: number) => void;
}

/** Company and percentage pairs. */
export function PairList({ label, pairs, onRemove }: PairListProps) {
  return (
    <List aria-label={label} dense sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {pairs.map((pair) => (
        <ListItem
          key={pair.stock_id}
          sx={{ bgcolor: 'background.paper', borderRadius: 2 }}
          secondaryAction={
            onRemove && (
              <IconButton
                edge="end"
                aria-label={t('Remove {name}', { name: pair.name })}
                onClick={() => onRemove(pair.stock_id)}
              >
                <DeleteOutlineIcon />
              </IconButton>
            )
          }
        >
          <Typography sx={{ flex: 1, fontWeight: 600 }}>{pair.name}</Typography>
          <Typography
            sx={{
              fontWeight: 700,
              mr: onRemove ? 4 : 0,
              color: pair.percentage < 0 ? 'error.main' : 'success.main',
            }}
          >
            {formatSignedPercent(pair.percentage)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

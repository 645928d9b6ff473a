import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportPlayer } from '@showdown/shared/api';
import { formatINR } from '@showdown/shared/format';
import { BotTag } from '../../../components/ui/bot-mark';
import { msg, rankText, t } from '../../../i18n';

/** The player's best trade as a sentence, with its gain at the final price. */
function bestTradeText(trade: ReportPlayer['best_trade']): string {
  if (!trade) return t('no trades');
  return t(
    trade.trade_type === 0
      ? msg('bought {quantity} {name} at {price} ({gain} at the final price)')
      : msg('sold {quantity} {name} at {price} ({gain} at the final price)'),
    {
      quantity: trade.quantity,
      name: trade.name,
      price: formatINR(trade.price),
      gain: `${trade.gain >= 0 ? '+' : ''}${formatINR(trade.gain)}`,
    },
  );
}

/** One player's game: rank and name, final cash, holdings, trade count and best trade. */
function PlayerGameCard({ player: p }: { player: ReportPlayer }) {
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={t("{name}'s game", { name: p.username })}
    >
      <CardContent>
        <Typography
          component="div"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 0.75 }}
        >
          {rankText(p.rank, p.rank_label)} {p.username}
          {p.bot && <BotTag />}
        </Typography>
        <Typography variant="body2">
          {t('Cash: {amount}', { amount: formatINR(p.final_cash) })}
        </Typography>
        <Typography variant="body2">
          {t('Holdings:')}{' '}
          {p.holdings.length === 0
            ? t('none')
            : p.holdings.map((h) => `${h.quantity} ${h.name} (${formatINR(h.value)})`).join(', ')}
        </Typography>
        <Typography variant="body2">{t('Trades: {count}', { count: p.trades_count })}</Typography>
        <Typography variant="body2">
          {t('Best trade:')} {bestTradeText(p.best_trade)}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Every player's game, one card each, in rank order. */
export function ReportPlayerCards({ players }: { players: ReportPlayer[] }) {
  return (
    <Stack spacing={1.5}>
      {players.map((p) => (
        <PlayerGameCard key={p.player_id} player={p} />
      ))}
    </Stack>
  );
}

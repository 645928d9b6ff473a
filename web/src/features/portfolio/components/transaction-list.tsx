import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import PaymentsIcon from '@mui/icons-material/Payments';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { TransactionEntry } from '@showdown/shared/api';
import { TRADE_TYPE } from '@showdown/shared/constants';
import { formatINR, formatSignedPercent } from '@showdown/shared/format';
import type { ReactNode } from 'react';
import { CompanyLogo } from '../../../components/ui/company-logo';
import { clockOptions, msg, t } from '../../../i18n';

export const EMPTY_HISTORY = msg('Oops! No transaction found');

function amountOf(price: string): number {
  const n = Number(price);
  return Number.isFinite(n) ? n : 0;
}

function when(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString('en-IN', { hour: '2-digit', minute: '2-digit', ...clockOptions() });
}

interface EntryView {
  title: string;
  icon: ReactNode;
  detail: ReactNode;
}

/** A game-wide entry's icon, in the place a company's logo takes. */
function EntryIcon({ icon, color }: { icon: ReactNode; color: string }) {
  return <Box sx={{ width: 40, display: 'grid', placeItems: 'center', color }}>{icon}</Box>;
}

/** An undo's title, one whole message each (Hindi names what was undone first). */
const UNDONE_TITLE = {
  PAYDAY: msg('Undone: PAYDAY'),
  'Market mayhem': msg('Undone: Market Mayhem'),
  'Price update': msg('Undone: Price Update'),
} as const;

/** The broker's undo: a payday's credit taken back, or a price brought back. */
function undoneView(entry: TransactionEntry, logo: ReactNode): EntryView {
  const title = t(UNDONE_TITLE[entry.undone_type ?? 'Price update']);
  if (entry.stock_id === null) {
    return {
      title,
      icon: <EntryIcon color="text.secondary" icon={<UndoIcon aria-hidden />} />,
      detail: (
        <Typography sx={{ color: 'error.main', fontWeight: 700 }}>
          -{formatINR(amountOf(entry.price))}
        </Typography>
      ),
    };
  }
  return {
    title,
    icon: logo,
    detail: (
      <Typography sx={{ fontWeight: 700 }}>{formatSignedPercent(amountOf(entry.price))}</Typography>
    ),
  };
}

function viewOf(entry: TransactionEntry): EntryView {
  const logo = <CompanyLogo src={entry.image} name={entry.name ?? t('Company')} size={40} />;
  if (entry.type === 'PAYDAY') {
    return {
      title: t('PAYDAY'),
      icon: <EntryIcon color="primary.main" icon={<PaymentsIcon aria-hidden />} />,
      detail: (
        <Typography sx={{ color: 'success.main', fontWeight: 700 }}>
          +{formatINR(amountOf(entry.price))}
        </Typography>
      ),
    };
  }
  if (entry.type === 'Undone') return undoneView(entry, logo);
  if (entry.type === 'Price update' || entry.type === 'Market mayhem') {
    const percent = amountOf(entry.price);
    const up = percent >= 0;
    return {
      // A mayhem list's average moved it, not the broker's price update.
      title: entry.type === 'Market mayhem' ? t('Market Mayhem') : t('Price Update'),
      icon: logo,
      detail: (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.5,
            color: up ? 'success.main' : 'error.main',
            fontWeight: 700,
          }}
        >
          {up ? (
            <ArrowUpwardIcon fontSize="small" titleAccess={t('Up')} />
          ) : (
            <ArrowDownwardIcon fontSize="small" titleAccess={t('Down')} />
          )}
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {formatSignedPercent(percent)}
          </Typography>
        </Box>
      ),
    };
  }
  const sold = entry.trade_type === TRADE_TYPE.SELL;
  return {
    title: sold ? t('Shares Sold') : t('Shares Bought'),
    icon: logo,
    detail: (
      <Box sx={{ textAlign: 'right' }}>
        <Typography variant="body2">{t('Qty {count}', { count: entry.quantity ?? 0 })}</Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {formatINR(amountOf(entry.price))}
        </Typography>
      </Box>
    ),
  };
}

/** The history: price updates, paydays and own trades, newest as the server orders them. */
export function TransactionList({ entries }: { entries: readonly TransactionEntry[] }) {
  if (entries.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 6 }}>
        {t(EMPTY_HISTORY)}
      </Typography>
    );
  }
  return (
    <List aria-label={t('Transactions')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {entries.map((entry) => {
        const view = viewOf(entry);
        return (
          <ListItem key={entry.id} sx={{ bgcolor: 'background.paper', borderRadius: 2, gap: 1.5 }}>
            {view.icon}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700 }}>{view.title}</Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {[entry.name, when(entry.created_at)].filter(Boolean).join(' · ')}
              </Typography>
            </Box>
            {view.detail}
          </ListItem>
        );
      })}
    </List>
  );
}

import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatINR } from '@showdown/shared/format';
import type { ReactNode } from 'react';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PlayerName } from '../../../components/ui/bot-mark';

export interface StandingView {
  player_id: number;
  username: string;
  avatar_id: number | null;
  balance: number;
  bot?: boolean;
  /** Shown before the avatar, e.g. the ordinal rank. */
  lead?: ReactNode;
  /** Shown under the name, e.g. the rank name. */
  note?: string;
}

/** Players with avatar, username and balance. */
export function StandingsList({ rows, label }: { rows: readonly StandingView[]; label: string }) {
  return (
    <List aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {rows.map((row) => (
        <ListItem
          key={row.player_id}
          aria-label={row.username}
          sx={{ bgcolor: 'background.paper', borderRadius: 2, gap: 1.5 }}
        >
          {row.lead}
          <AvatarImage avatarId={row.avatar_id} name={row.username} bot={row.bot} size={44} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <PlayerName name={row.username} bot={row.bot} />
            {row.note && (
              <Typography variant="body2" color="primary.main" noWrap>
                {row.note}
              </Typography>
            )}
          </Box>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatINR(row.balance)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

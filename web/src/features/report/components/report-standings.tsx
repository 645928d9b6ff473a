import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportPlayer } from '@showdown/shared/api';
import { formatINR } from '@showdown/shared/format';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PlayerName } from '../../../components/ui/bot-mark';
import { rankText, t } from '../../../i18n';

/** The final standings in rank order: each player's rank, avatar, name, rank title and net worth. */
export function ReportStandings({ players }: { players: ReportPlayer[] }) {
  return (
    <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {players.map((p) => (
        <Box
          component="li"
          key={p.player_id}
          data-testid={`standing-${p.rank}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}
        >
          <Typography sx={{ width: 40, fontWeight: 800 }}>
            {rankText(p.rank, p.rank_label)}
          </Typography>
          <AvatarImage avatarId={p.avatar_id} name={p.username} bot={p.bot} size={40} />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <PlayerName name={p.username} bot={p.bot} />
            <Typography variant="body2" color="text.secondary">
              {t(p.rank_name)}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 700 }}>{formatINR(p.final_net_worth)}</Typography>
        </Box>
      ))}
    </Stack>
  );
}

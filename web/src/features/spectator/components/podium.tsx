import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatINR } from '@showdown/shared/format';
import type { SpectatorRankingEntry } from '@showdown/shared/spectator';
import { AvatarImage } from '../../../components/ui/avatar-image';

const big = (vw: number, min: number) => `max(${min}px, ${vw}vw)`;

/** Podium order: 2nd on the left, 1st in the middle (tallest), 3rd on the right. */
const STEPS = [
  { place: 1, height: '12vw', colour: '#c0c7d6' },
  { place: 0, height: '17vw', colour: '#f5c542' },
  { place: 2, height: '8vw', colour: '#cd7f32' },
];

/** The end of the game: the top three on a podium, then the full ranking. */
export function Podium({ ranking }: { ranking: SpectatorRankingEntry[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2vw' }}>
      <Typography component="h1" sx={{ fontSize: big(3.5, 44), fontWeight: 800 }}>
        The Showdown results
      </Typography>
      <Box
        aria-label="Podium"
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '1.5vw', width: '60vw' }}
      >
        {STEPS.map(({ place, height, colour }) => {
          const entry = ranking[place];
          return (
            <Box
              key={place}
              data-testid={entry ? `podium-${place + 1}` : undefined}
              sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
            >
              {entry && (
                <>
                  <AvatarImage avatarId={entry.avatar_id} name={entry.username} size={96} />
                  <Typography sx={{ fontSize: big(2, 26), fontWeight: 800, mt: '0.5vw' }}>
                    {entry.username}
                  </Typography>
                  <Typography sx={{ fontSize: big(1.3, 18), color: 'primary.light' }}>
                    {entry.rank_name}
                  </Typography>
                </>
              )}
              <Box
                sx={{
                  mt: '0.8vw',
                  width: '100%',
                  height,
                  bgcolor: colour,
                  borderRadius: '1vw 1vw 0 0',
                  display: 'grid',
                  placeItems: 'center',
                  color: '#0b1f3a',
                  fontSize: big(4, 52),
                  fontWeight: 800,
                }}
              >
                {entry ? entry.rank_label : ''}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box
        component="ol"
        aria-label="Final ranking"
        sx={{ listStyle: 'none', p: 0, m: 0, width: '60vw' }}
      >
        {ranking.map((r) => (
          <Box
            component="li"
            key={r.player_id}
            sx={{
              display: 'grid',
              gridTemplateColumns: '6vw auto 1fr auto',
              alignItems: 'center',
              gap: '1.5vw',
              py: '0.5vw',
              borderBottom: '1px solid',
              borderColor: 'divider',
              fontSize: big(1.6, 22),
            }}
          >
            <Typography sx={{ fontSize: 'inherit', fontWeight: 800 }}>{r.rank_label}</Typography>
            <AvatarImage avatarId={r.avatar_id} name={r.username} size={48} />
            <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>
              {r.username}{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {r.rank_name}
              </Box>
            </Typography>
            <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>
              {formatINR(r.balance)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

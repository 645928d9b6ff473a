import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatINR } from '@showdown/shared/format';
import type { SpectatorRankingEntry } from '@showdown/shared/spectator';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { BotTag } from '../../../components/ui/bot-mark';
import { t, rankText } from '../../../i18n';

const big = (vw: number, min: number) => `max(${min}px, ${vw}vw)`;

/** Podium order: 2nd on the left, 1st in the middle, 3rd on the right. */
const PLACES = [1, 0, 2];
/** Step height and colour by rank (ties share a rank, so two players may both stand on 1st). */
const STEP_OF_RANK = [
  { height: '20vh', colour: '#f5c542' },
  { height: '14vh', colour: '#c0c7d6' },
  { height: '9vh', colour: '#cd7f32' },
];

/** The end of the game: the top three on a podium, then the full ranking. */
export function Podium({ ranking }: { ranking: SpectatorRankingEntry[] }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1.2vw' }}>
      <Typography component="h1" sx={{ fontSize: big(3.5, 44), fontWeight: 800 }}>
        {t('The Showdown results')}
      </Typography>
      <Box
        aria-label={t('Podium')}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '1.5vw', width: '60vw' }}
      >
        {PLACES.map((place) => {
          const entry = ranking[place];
          const { height, colour } = STEP_OF_RANK[Math.min((entry?.rank ?? 3) - 1, 2)]!;
          return (
            <Box
              key={place}
              data-testid={entry ? `podium-${place + 1}` : undefined}
              sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center' }}
            >
              {entry && (
                <>
                  <AvatarImage
                    avatarId={entry.avatar_id}
                    name={entry.username}
                    bot={entry.bot}
                    size={80}
                  />
                  <Typography sx={{ fontSize: big(2, 26), fontWeight: 800, mt: '0.5vw' }}>
                    {entry.username}
                  </Typography>
                  {entry.bot && <BotTag size="medium" />}
                  <Typography sx={{ fontSize: big(1.3, 18), color: 'primary.light' }}>
                    {t(entry.rank_name)}
                  </Typography>
                </>
              )}
              <Box
                sx={{
                  mt: '0.8vw',
                  width: '100%',
                  height,
                  visibility: entry ? 'visible' : 'hidden',
                  bgcolor: colour,
                  borderRadius: '1vw 1vw 0 0',
                  display: 'grid',
                  placeItems: 'center',
                  color: '#0b1f3a',
                  fontSize: big(4, 52),
                  fontWeight: 800,
                }}
              >
                {entry ? rankText(entry.rank, entry.rank_label) : ''}
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box
        component="ol"
        aria-label={t('Final ranking')}
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
            <Typography sx={{ fontSize: 'inherit', fontWeight: 800 }}>
              {rankText(r.rank, r.rank_label)}
            </Typography>
            <AvatarImage avatarId={r.avatar_id} name={r.username} bot={r.bot} size={48} />
            <Typography sx={{ fontSize: 'inherit', fontWeight: 700 }}>
              {r.username} {r.bot && <BotTag />}{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                {t(r.rank_name)}
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

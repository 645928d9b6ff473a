import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatINR } from '@showdown/shared/format';
import type { RecapRound } from '../../lib/recap/recap-story';
import { t } from '../../i18n';
import { AvatarImage } from '../ui/avatar-image';
import { PlayerName } from '../ui/bot-mark';

/** Bar colours, by the player's place in the final ranking (the leader gold). */
const COLOURS = ['#f5c542', '#4fc3f7', '#81c784', '#ba68c8', '#ff8a65', '#90a4ae'];
const ROW_EM = 2.6;
const GAP_EM = 0.5;

export const roundTitle = (round: number) =>
  round === 0 ? t('At the start') : t('After round {number}', { number: round });

/**
 * The net-worth race at one round: a bar a player, richest on top. Moving from round to round,
 * each bar slides to its new place and grows or shrinks to its new length (CSS transitions), so
 * the race plays as the recap steps through its rounds; `still` draws it without motion.
 * `colourOrder` is the players' final order (each keeps a colour through the race); `most`, the
 * largest net worth of the whole race (the full bar).
 */
export function RecapRace({
  round,
  colourOrder,
  most,
  still = false,
}: {
  round: RecapRound;
  colourOrder: readonly number[];
  most: number;
  still?: boolean;
}) {
  const motion = still ? 'none' : 'transform 900ms ease-in-out, width 900ms ease-in-out';
  const leader = round.standings[0];
  return (
    <Box
      component="figure"
      aria-label={roundTitle(round.round)}
      data-testid={`recap-round-${round.round}`}
      sx={{ m: 0 }}
    >
      <Box
        component="figcaption"
        sx={{ display: 'flex', justifyContent: 'space-between', gap: '1em', mb: '0.6em' }}
      >
        <Typography sx={{ fontSize: '1.3em', fontWeight: 800 }}>
          {roundTitle(round.round)}
        </Typography>
        {leader && round.round > 0 && (
          <Typography sx={{ fontSize: '1.1em', color: 'primary.light', fontWeight: 700 }}>
            {t('{name} leads', { name: leader.username })}
          </Typography>
        )}
      </Box>
      <Box
        component="ol"
        sx={{
          position: 'relative',
          listStyle: 'none',
          p: 0,
          m: 0,
          height: `${round.standings.length * (ROW_EM + GAP_EM)}em`,
        }}
      >
        {[...round.standings]
          .sort((a, b) => a.player_id - b.player_id)
          .map((s) => {
            const place = round.standings.indexOf(s);
            const colour = COLOURS[Math.max(colourOrder.indexOf(s.player_id), 0) % COLOURS.length];
            return (
              <Box
                component="li"
                key={s.player_id}
                data-testid={`recap-bar-${s.player_id}`}
                aria-label={`${s.username} ${formatINR(s.net_worth, { decimals: 0 })}`}
                sx={{
                  position: 'absolute',
                  inset: '0 0 auto 0',
                  height: `${ROW_EM}em`,
                  display: 'grid',
                  gridTemplateColumns: '9em 1fr',
                  alignItems: 'center',
                  gap: '0.6em',
                  transform: `translateY(${place * (ROW_EM + GAP_EM)}em)`,
                  transition: motion,
                }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.4em', minWidth: 0 }}>
                  <AvatarImage avatarId={s.avatar_id} size={28} decorative bot={s.bot} />
                  <PlayerName name={s.username} bot={s.bot} sx={{ fontSize: '1em' }} />
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.5em', minWidth: 0 }}>
                  <Box
                    sx={{
                      height: `${ROW_EM * 0.75}em`,
                      width: `${most > 0 ? Math.max((s.net_worth / most) * 75, 1) : 1}%`,
                      bgcolor: colour,
                      borderRadius: '0.3em',
                      transition: motion,
                    }}
                  />
                  <Typography
                    sx={{ fontSize: '0.95em', fontWeight: 700, whiteSpace: 'nowrap' }}
                    aria-hidden
                  >
                    {formatINR(s.net_worth, { decimals: 0 })}
                  </Typography>
                </Box>
              </Box>
            );
          })}
      </Box>
    </Box>
  );
}

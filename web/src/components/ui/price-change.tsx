import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { changeText, spokenChange } from '@showdown/shared/price-change';
import type { PriceMove } from '../../stores/game-data';
import { msg, t } from '../../i18n';

/** The colour of a move: green up, red down, muted unchanged. */
export function moveColor(percent: number): string {
  if (percent > 0) return 'success.main';
  if (percent < 0) return 'error.main';
  return 'text.secondary';
}

/** What a screen reader says for each direction, plain and when market mayhem moved it. */
const SPOKEN = {
  up: {
    plain: msg('up {magnitude} percent'),
    mayhem: msg('up {magnitude} percent by market mayhem'),
  },
  down: {
    plain: msg('down {magnitude} percent'),
    mayhem: msg('down {magnitude} percent by market mayhem'),
  },
  unchanged: { plain: msg('unchanged'), mayhem: msg('unchanged by market mayhem') },
} as const;

/** The spoken change ('up 12.5 percent', 'down 8 percent by market mayhem'), one whole message. */
function spokenText(percent: number, mayhem: boolean): string {
  const { direction, magnitude } = spokenChange(percent);
  return t(SPOKEN[direction][mayhem ? 'mayhem' : 'plain'], { magnitude });
}

/**
 * A price's change since its previous update: '▲ +12.5 %' in green or '▼ −8 %' in red, read out
 * as 'up 12.5 percent'; a move made by market mayhem says so.
 */
export function PriceChange({ move }: { move: PriceMove | undefined }) {
  if (!move) return null;
  const mayhem = move.cause === 'mayhem';
  const label = spokenText(move.percent, mayhem);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      {mayhem && (
        <Box
          component="span"
          aria-hidden
          sx={{
            px: 0.75,
            borderRadius: 1,
            fontSize: '0.7rem',
            fontWeight: 700,
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        >
          {t('Mayhem')}
        </Box>
      )}
      <Typography
        component="span"
        aria-hidden
        variant="body2"
        sx={{ color: moveColor(move.percent), fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
      >
        {changeText(move.percent)}
      </Typography>
    </Box>
  );
}

/** The highlight of a row or figure that just moved (see useFlash), as sx. */
export function flashSx(flashing: boolean, percent: number) {
  return {
    transition: 'background-color 300ms ease-out, box-shadow 300ms ease-out',
    ...(flashing && {
      bgcolor: percent < 0 ? 'rgba(255, 90, 95, 0.22)' : 'rgba(46, 204, 113, 0.22)',
      boxShadow: `inset 0 0 0 2px ${percent < 0 ? '#ff5a5f' : '#2ecc71'}`,
    }),
  };
}

import SmartToyIcon from '@mui/icons-material/SmartToy';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { t } from '../../i18n';

/**
 * "Bot" beside a bot's name: every screen that names a player says when it is a bot. Small on a
 * phone (the avatar's badge carries the robot), with the robot on the TV.
 */
export function BotTag({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return (
    <Chip
      icon={size === 'medium' ? <SmartToyIcon /> : undefined}
      label={t('Bot')}
      size={size}
      // White on the secondary blue: 4.8:1 (WCAG AA).
      color="secondary"
      data-testid="bot-tag"
      sx={[
        { flexShrink: 0, fontWeight: 700 },
        size === 'small' && { height: 20, '& .MuiChip-label': { px: 0.75 } },
      ]}
    />
  );
}

interface PlayerNameProps extends Pick<TypographyProps, 'variant' | 'sx' | 'component'> {
  name: string;
  bot?: boolean;
  /** What the name reads as, when not just the name (e.g. '{name} (You)'). */
  text?: string;
}

/** A player's name on one line (cut with the whole name as its tooltip), "Bot" after a bot's. */
export function PlayerName({ name, bot = false, text, variant, sx, component }: PlayerNameProps) {
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
      <Typography
        component={component ?? 'span'}
        variant={variant}
        noWrap
        title={name}
        sx={[{ fontWeight: 700, minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {text ?? name}
      </Typography>
      {bot && <BotTag />}
    </Box>
  );
}

/** A practice game's mark: in the game's top bar, My games and the report. */
export function PracticeTag() {
  return (
    <Chip
      icon={<SmartToyIcon />}
      label={t('Practice game')}
      size="small"
      color="secondary"
      data-testid="practice-tag"
      sx={{ fontWeight: 700 }}
    />
  );
}

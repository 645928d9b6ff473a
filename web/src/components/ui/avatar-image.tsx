import SmartToyIcon from '@mui/icons-material/SmartToy';
import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import { avatarById } from '@showdown/shared/catalogue';
import { t } from '../../i18n';

/** The default investor avatar, shown whenever a user has none. */
export const DEFAULT_AVATAR_SRC = '/avatars/default.svg';

export function avatarSrc(avatarId: number | null | undefined): string {
  const avatar = avatarId ? avatarById(avatarId) : undefined;
  return avatar ? `/avatars/${avatar.id}.svg` : DEFAULT_AVATAR_SRC;
}

interface AvatarImageProps extends Omit<AvatarProps, 'src' | 'alt'> {
  avatarId: number | null | undefined;
  /** Whose avatar this is, for the alt text. */
  name?: string;
  size?: number;
  /** Inside a control that already names it: no alt text. */
  decorative?: boolean;
  /** A bot's avatar: a robot badge on it, and its alt text says so. */
  bot?: boolean;
}

export function AvatarImage({
  avatarId,
  name,
  size = 56,
  decorative = false,
  bot = false,
  sx,
  ...rest
}: AvatarImageProps) {
  const avatar = avatarId ? avatarById(avatarId) : undefined;
  const alt = name
    ? bot
      ? t("{name}'s avatar, a bot", { name })
      : t("{name}'s avatar", { name })
    : avatar
      ? t(avatar.name)
      : t('Investor avatar');
  const image = (
    <Avatar
      src={avatarSrc(avatarId)}
      alt={decorative ? '' : alt}
      sx={[
        {
          width: size,
          height: size,
          bgcolor: 'background.paper',
          border: '2px solid',
          borderColor: 'primary.main',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      {...rest}
    />
  );
  if (!bot) return image;
  const badge = Math.max(18, Math.round(size * 0.4));
  return (
    <Badge
      overlap="circular"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      data-testid="bot-avatar"
      badgeContent={
        <SmartToyIcon
          aria-hidden
          sx={{
            width: badge,
            height: badge,
            p: 0.25,
            borderRadius: '50%',
            bgcolor: 'secondary.main',
            color: 'secondary.contrastText',
          }}
        />
      }
    >
      {image}
    </Badge>
  );
}

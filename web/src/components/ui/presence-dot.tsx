import Box from '@mui/material/Box';
import { t } from '../../i18n';

/** A small dot on an avatar: green while the player has the game open on a device. */
export function PresenceDot({ online, name }: { online: boolean; name: string }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={online ? t('{name} is online', { name }) : t('{name} is offline', { name })}
      sx={{
        position: 'absolute',
        right: -2,
        bottom: -2,
        width: 14,
        height: 14,
        borderRadius: '50%',
        border: '2px solid',
        borderColor: 'background.paper',
        bgcolor: online ? 'success.main' : 'grey.600',
      }}
    />
  );
}

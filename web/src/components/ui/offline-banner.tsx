import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useOnline } from '../../hooks/use-online';
import { msg, t } from '../../i18n';
import { isWaitingForServer, onWaitingForServer } from '../../lib/chunk-reload';

export const NO_CONNECTION = msg('No connection');
export const NO_CONNECTION_DETAIL = msg(
  'What you see may be out of date until the phone is back online.',
);
export const WAITING_FOR_SERVER = msg('Waiting for the server…');
export const WAITING_FOR_SERVER_DETAIL = msg('The screen opens as soon as it answers.');

/**
 * Honest offline: while the device has no network, every screen says so at
 * its top, instead of the browser's error page (the service worker serves the app) or silently
 * stale numbers. So does a page waiting for the server to come back before it opens the next
 * screen (lib/chunk-reload.ts: a restart for a deploy). Plain Box and Typography: it is part of
 * the first screen's JavaScript.
 */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useSyncExternalStore(onWaitingForServer, isWaitingForServer, () => false);
  if (online && !waiting) return null;
  return (
    <Box
      role="status"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        px: 2,
        py: 0.75,
        bgcolor: '#b45309',
        color: '#ffffff',
        textAlign: 'center',
      }}
    >
      <Typography component="p" variant="body2" sx={{ fontWeight: 700 }}>
        {t(online ? WAITING_FOR_SERVER : NO_CONNECTION)}
      </Typography>
      <Typography component="p" variant="caption">
        {t(online ? WAITING_FOR_SERVER_DETAIL : NO_CONNECTION_DETAIL)}
      </Typography>
    </Box>
  );
}

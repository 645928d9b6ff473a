import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useOnline } from '../../hooks/use-online';
import { msg, t } from '../../i18n';
import { isWaitingForServer, onWaitingForServer } from '../../lib/chunk-reload';
import { isRetryingUnavailable, onRetryingUnavailable } from '../../lib/unavailable';

export const NO_CONNECTION = msg('No connection');
export const NO_CONNECTION_DETAIL = msg(
  'What you see may be out of date until the phone is back online.',
);
export const WAITING_FOR_SERVER = msg('Waiting for the server…');
export const WAITING_FOR_SERVER_DETAIL = msg('The screen opens as soon as it answers.');
export const BRIEFLY_UNAVAILABLE = msg('The game is briefly unavailable — retrying…');
export const BRIEFLY_UNAVAILABLE_DETAIL = msg(
  'What you just did is sent again by itself as soon as the server answers.',
);

/** The banner's heading and detail, the cause the device can do something about first. */
function bannerText(online: boolean, waiting: boolean) {
  if (!online) return [NO_CONNECTION, NO_CONNECTION_DETAIL] as const;
  if (waiting) return [WAITING_FOR_SERVER, WAITING_FOR_SERVER_DETAIL] as const;
  return [BRIEFLY_UNAVAILABLE, BRIEFLY_UNAVAILABLE_DETAIL] as const;
}

/**
 * Honest offline: while the device has no network, every screen says so at
 * its top, instead of the browser's error page (the service worker serves the app) or silently
 * stale numbers. So does a page waiting for the server to come back before it opens the next
 * screen (lib/chunk-reload.ts: a restart for a deploy), and a call waiting to be sent again while
 * the server's database is briefly away (lib/unavailable.ts). Plain Box and Typography: it is part of
 * the first screen's JavaScript.
 */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useSyncExternalStore(onWaitingForServer, isWaitingForServer, () => false);
  const retrying = useSyncExternalStore(onRetryingUnavailable, isRetryingUnavailable, () => false);
  if (online && !waiting && !retrying) return null;
  const [heading, detail] = bannerText(online, waiting);
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
        {t(heading)}
      </Typography>
      <Typography component="p" variant="caption">
        {t(detail)}
      </Typography>
    </Box>
  );
}

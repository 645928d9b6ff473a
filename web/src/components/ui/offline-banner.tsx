import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useOnline } from '../../hooks/use-online';
import { msg, t } from '../../i18n';

export const NO_CONNECTION = msg('No connection');
export const NO_CONNECTION_DETAIL = msg(
  'What you see may be out of date until the phone is back online.',
);

/**
 * Honest offline: while the device has no network, every screen says so at
 * its top, instead of the browser's error page (the service worker serves the app) or silently
 * stale numbers. Plain Box and Typography: it is part of the first screen's JavaScript.
 */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
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
        {t(NO_CONNECTION)}
      </Typography>
      <Typography component="p" variant="caption">
        {t(NO_CONNECTION_DETAIL)}
      </Typography>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import { useAppStore } from '../../stores/app-store';
import { t, msg } from '../../i18n';

export const RECONNECTING = msg('Reconnecting…');
export const BACK_ONLINE = msg('Back online');

/**
 * The live connection's state under the top bar: 'Reconnecting…' while the socket is down,
 * 'Back online' briefly once the game has been resynced; nothing otherwise.
 */
export function ConnectionBanner() {
  const connection = useAppStore((s) => s.connection);
  if (connection !== 'reconnecting' && connection !== 'back') return null;
  const back = connection === 'back';
  return (
    <Alert
      role="status"
      severity={back ? 'success' : 'warning'}
      variant="filled"
      sx={{
        mx: 2,
        mb: 1,
        py: 0,
        fontWeight: 700,
        ...(back
          ? { bgcolor: '#1b7a43', color: '#ffffff' }
          : { bgcolor: '#b45309', color: '#ffffff' }),
      }}
    >
      {t(back ? BACK_ONLINE : RECONNECTING)}
    </Alert>
  );
}

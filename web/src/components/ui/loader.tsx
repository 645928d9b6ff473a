import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { t } from '../../i18n';

interface LoaderProps {
  /** Accessible name of the progress indicator. */
  label?: string;
  /** Covers the whole screen (e.g. while a call runs). */
  overlay?: boolean;
}

export function Loader({ label = t('Loading'), overlay = false }: LoaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 4,
        ...(overlay && {
          position: 'fixed',
          inset: 0,
          zIndex: (t) => t.zIndex.modal + 1,
          bgcolor: 'rgba(7, 21, 42, 0.6)',
        }),
      }}
    >
      <CircularProgress aria-label={label} color="primary" />
    </Box>
  );
}

import Box from '@mui/material/Box';
import { SPLASH_DELAY_MS } from '@showdown/shared/constants';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Img } from '../../../components/ui/img';
import { getAccessToken } from '../../../lib/api-client';

/** Logo only; after 1.5 s: /profile when signed in (a token), else /login. */
export function SplashScreen() {
  const navigate = useNavigate();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void navigate(getAccessToken() ? '/profile' : '/login', { replace: true });
    }, SPLASH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 4 }}>
      <Img
        src="/brand/logo.svg"
        alt="The Showdown"
        width={320}
        height={320}
        fetchPriority="high"
        sx={{ width: '70%', maxWidth: 320, height: 'auto' }}
      />
    </Box>
  );
}

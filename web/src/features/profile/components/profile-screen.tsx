import LogoutIcon from '@mui/icons-material/Logout';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { WIDE_WINDOW_BREAKPOINT_PX } from '@showdown/shared/constants';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { Img } from '../../../components/ui/img';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loader } from '../../../components/ui/loader';
import { env } from '../../../config/env';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import { logoutUser } from '../api/logout';
import { fetchProfile } from '../api/profile-api';
import { DeviceSwitches } from './device-switches';
import { LanguageSwitch } from './language-switch';
import { MyGames } from './my-games';
import { PracticeDialog } from './practice-dialog';
import { t } from '../../../i18n';

/** The signed-in landing: welcome, profile block, play and shop. */
export function ProfileScreen() {
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const { status } = useAppStore(selectRequest('profile'));
  const wide = useMediaQuery(`(min-width:${WIDE_WINDOW_BREAKPOINT_PX + 1}px)`);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [practiceOpen, setPracticeOpen] = useState(false);

  useEffect(() => {
    fetchProfile().catch(() => undefined);
  }, []);

  const loading = status === 'loading' || (status === 'idle' && !user);

  const confirmLogout = async () => {
    setConfirmOpen(false);
    await logoutUser();
    void navigate('/login', { replace: true });
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        maxWidth: 480,
        mx: 'auto',
        px: 3,
        pb: 4,
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Img
        src={wide ? '/brand/logo-wide.svg' : '/brand/logo.svg'}
        alt=""
        aria-hidden
        data-testid="background-logo"
        // Each logo's own proportions (square, or 640 × 200 wide), scaled by the width below.
        width={wide ? 640 : 240}
        height={wide ? 200 : 240}
        sx={{
          height: 'auto',
          position: 'absolute',
          inset: 0,
          m: 'auto',
          width: '90%',
          opacity: 0.08,
          pointerEvents: 'none',
        }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', pt: 1 }}>
        <IconButton aria-label={t('Logout')} color="primary" onClick={() => setConfirmOpen(true)}>
          <LogoutIcon />
        </IconButton>
      </Box>
      {loading ? (
        <Loader label={t('Loading profile')} />
      ) : (
        <Stack spacing={4} sx={{ alignItems: 'center', position: 'relative', pt: 2 }}>
          <ButtonBase
            onClick={() => void navigate('/account-details')}
            // The name starts with the visible 'Welcome <name>!' (the space between the two
            // lines keeps them two words), so voice control finds it (WCAG 2.5.3).
            aria-label={t('Welcome {name}! Open profile details', { name: user?.username ?? '' })}
            sx={{ flexDirection: 'column', gap: 1.5, p: 2, borderRadius: 4 }}
          >
            <Typography variant="h1" component="h1" color="primary">
              {t('Welcome')}
            </Typography>{' '}
            <Typography variant="h3" component="p">
              {user?.username}!
            </Typography>
            <AvatarImage avatarId={user?.avatar_id} name={user?.username} size={120} />
          </ButtonBase>
          <Button
            variant="contained"
            size="large"
            fullWidth
            onClick={() => void navigate('/landing')}
          >
            {t("Play 'The Showdown'")}
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            startIcon={<SmartToyOutlinedIcon />}
            onClick={() => setPracticeOpen(true)}
          >
            {t('Practice')}
          </Button>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            href={env.VITE_SHOP_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('Shop Now')}
          </Button>
          <DeviceSwitches />
          <LanguageSwitch />
          <MyGames />
        </Stack>
      )}
      {practiceOpen && <PracticeDialog open onClose={() => setPracticeOpen(false)} />}
      <ConfirmDialog
        open={confirmOpen}
        title={t('Do you want to logout?')}
        onConfirm={() => void confirmLogout()}
        onCancel={() => setConfirmOpen(false)}
      />
    </Box>
  );
}

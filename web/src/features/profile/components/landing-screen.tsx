import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { AvatarImage } from '../../../components/ui/avatar-image';
import { PageLayout } from '../../../components/ui/page-layout';
import { env } from '../../../config/env';
import { useAppStore } from '../../../stores/app-store';
import { t } from '../../../i18n';

/** Welcome before joining a board. */
export function LandingScreen() {
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  return (
    <PageLayout>
      <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center', pt: 2 }}>
        <AvatarImage avatarId={user?.avatar_id} name={user?.username} size={112} />
        <Typography variant="h2" component="h1" color="primary">
          {user
            ? t('Welcome to The Showdown, {name}!', { name: user.username })
            : t('Welcome to The Showdown!')}
        </Typography>
        <Typography color="text.secondary">
          {t(
            'Set up your board, gather your friends and get ready to trade. Bulls, bears and market mayhem await.',
          )}
        </Typography>
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => void navigate('/showDown')}
        >
          {t('Continue')}
        </Button>
        <Button
          variant="outlined"
          size="large"
          fullWidth
          href={env.VITE_SHOP_URL}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('Buy The Showdown')}
        </Button>
      </Stack>
    </PageLayout>
  );
}

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router-dom';
import { Img } from '../../../components/ui/img';
import { t } from '../../../i18n';

/** 'Play The Showdown' and an inert 'Shop' button. */
export function HomeScreen() {
  const navigate = useNavigate();
  return (
    <Stack
      component="main"
      spacing={3}
      sx={{ minHeight: '100dvh', maxWidth: 420, mx: 'auto', px: 3, justifyContent: 'center' }}
    >
      <Img
        src="/brand/logo.svg"
        alt="The Showdown"
        width={200}
        height={200}
        // The Stack resets its children's margins: alignSelf (not mx) centres the logo.
        sx={{ alignSelf: 'center' }}
      />
      <Button variant="contained" size="large" onClick={() => void navigate('/showDown')}>
        {t('Play The Showdown')}
      </Button>
      <Button variant="outlined" size="large">
        {t('Shop')}
      </Button>
    </Stack>
  );
}

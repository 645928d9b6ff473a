import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router-dom';
import { t } from '../i18n';

export function NotFound() {
  const navigate = useNavigate();
  return (
    <Stack component="main" spacing={3} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h2" component="h1" color="primary">
        {t('Page not found')}
      </Typography>
      <Button variant="contained" onClick={() => void navigate('/profile')}>
        {t('Home')}
      </Button>
    </Stack>
  );
}

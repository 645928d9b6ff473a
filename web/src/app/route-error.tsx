import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Shown when a screen fails to load or throws while rendering. */
export function RouteError() {
  return (
    <Stack spacing={3} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h3" component="h1" color="primary">
        Something went wrong. Please try again.
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Stack>
  );
}

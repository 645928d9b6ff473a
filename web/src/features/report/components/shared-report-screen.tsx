import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { fetchSharedReport } from '../api/report-api';
import { useReport } from '../../../hooks/use-report';
import { ReportView } from './report-view';
import { t } from '../../../i18n';

/** A link revoked by whoever shared it, or one that never was (the server answered 404). */
function NoLongerShared() {
  return (
    <Box role="alert" sx={{ mt: 6, textAlign: 'center' }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
        {t('This report is no longer shared')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('Whoever shared it has turned the link off. Ask them for a new one.')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t("Play 'The Showdown'")}
      </Button>
    </Box>
  );
}

/** /report/:token — a shared game report: no sign-in, usernames and avatars only. */
export function SharedReportScreen() {
  const { token = '' } = useParams();
  const { report, error, gone } = useReport(token, fetchSharedReport);

  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 3 }}>
      <Typography variant="h4" component="h1" color="primary">
        {t('The Showdown: game report')}
      </Typography>
      {gone ? (
        <NoLongerShared />
      ) : error ? (
        <Typography role="alert" color="error" sx={{ mt: 4 }}>
          {error}
        </Typography>
      ) : report === null ? (
        <Loader label={t('Loading the report')} />
      ) : (
        <ReportView report={report} />
      )}
    </Box>
  );
}

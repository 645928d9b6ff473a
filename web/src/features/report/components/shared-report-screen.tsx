import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { fetchSharedReport } from '../api/report-api';
import { useReport } from '../hooks/use-report';
import { ReportView } from './report-view';
import { t } from '../../../i18n';

/** /report/:token — a shared game report: no sign-in, usernames and avatars only. */
export function SharedReportScreen() {
  const { token = '' } = useParams();
  const { report, error } = useReport(token, fetchSharedReport);

  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 3 }}>
      <Typography variant="h4" component="h1" color="primary">
        {t('The Showdown: game report')}
      </Typography>
      {error ? (
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

import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GameReport } from '@showdown/shared/api';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { errorMessage } from '../../../lib/api-client';
import { fetchSharedReport } from '../api/report-api';
import { ReportView } from './report-view';
import { t } from '../../../i18n';

/** /report/:token — a shared game report: no sign-in, usernames and avatars only. */
export function SharedReportScreen() {
  const { token = '' } = useParams();
  const [report, setReport] = useState<GameReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchSharedReport(token).then(
      (answer) => live && setReport(answer),
      (e: unknown) => live && setError(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [token]);

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

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { errorMessage } from '../../../lib/api-client';
import { downloadReportCsv, fetchReport, revokeReportLinks, shareReport } from '../api/report-api';
import { useReport } from '../../../hooks/use-report';
import { ReportView } from './report-view';
import { t } from '../../../i18n';

/** /game-report/:id — a completed game's report, its CSV and its share link. */
export function ReportScreen() {
  const { id = '' } = useParams();
  const gameId = /^\d+$/.test(id) ? Number(id) : null;
  const { report, error } = useReport(gameId, fetchReport);
  const [shareUrl, setShareUrl] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setNote(null);
    try {
      await work();
    } catch (e) {
      setNote(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageLayout title={t('Game report')}>
      <Box sx={{ px: 2, pb: 4 }}>
        {gameId === null || error ? (
          <Typography role="alert" color="error" sx={{ mt: 4, textAlign: 'center' }}>
            {error ?? t('Game not found.')}
          </Typography>
        ) : report === null ? (
          <Loader label={t('Loading the report')} />
        ) : (
          <>
            <ReportView report={report} />
            <Stack spacing={1.5} sx={{ mt: 3 }}>
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => void act(() => downloadReportCsv(gameId))}
              >
                {t('Download CSV')}
              </Button>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    setShareUrl(await shareReport(gameId));
                  })
                }
              >
                {t('Share a link')}
              </Button>
              {shareUrl && (
                <TextField
                  label={t('Link to this report (no sign-in needed)')}
                  value={shareUrl}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                />
              )}
              <Button
                color="error"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    const revoked = await revokeReportLinks(gameId);
                    setShareUrl(null);
                    setNote(
                      revoked === 0
                        ? t('You have no link to revoke.')
                        : revoked === 1
                          ? t('Revoked {count} link: they no longer open.', { count: revoked })
                          : t('Revoked {count} links: they no longer open.', { count: revoked }),
                    );
                  })
                }
              >
                {t('Revoke my links')}
              </Button>
              {note && (
                <Typography role="status" color="text.secondary">
                  {note}
                </Typography>
              )}
            </Stack>
          </>
        )}
      </Box>
    </PageLayout>
  );
}

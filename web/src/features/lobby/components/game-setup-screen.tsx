import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PAYDAYS_PER_GAME } from '@showdown/shared/constants';
import { Navigate } from 'react-router-dom';
import { Loader } from '../../../components/ui/loader';
import { PageLayout } from '../../../components/ui/page-layout';
import { t } from '../../../i18n';
import { useGameSetup } from '../hooks/use-game-setup';
import { SettingsForm } from './settings-form';
import { SettingsSummary } from './settings-summary';

export const PAYDAY_HELP = `Payday is given ${PAYDAYS_PER_GAME} times in total: each time, every investor receives the payday increment.`;

/** Game settings: read-only with 'Edit Settings', or dropdowns with 'Confirm Settings'. */
export function GameSetupScreen() {
  const setup = useGameSetup();
  const { settings, isBroker, editing, saving, starting } = setup;

  if (setup.gameId === null) return <Navigate to="/showDown" replace />;

  return (
    <PageLayout title={t('Game Setup')} help onBack={setup.back}>
      {(saving || starting) && <Loader overlay label={t('Please wait')} />}
      {setup.loading && !settings ? (
        <Loader label={t('Loading settings')} />
      ) : (
        <Stack spacing={3} sx={{ pt: 2 }}>
          {editing ? (
            <SettingsForm
              draft={setup.draft}
              onChange={setup.setDraft}
              saving={saving}
              onConfirm={() => void setup.confirm()}
            />
          ) : (
            <>
              <SettingsSummary settings={settings} />
              {isBroker && (
                <Button variant="outlined" size="large" onClick={setup.beginEdit}>
                  {t('Edit Settings')}
                </Button>
              )}
            </>
          )}
          <Alert severity="info" variant="outlined">
            {t(
              'Payday is given {count} times in total: each time, every investor receives the payday increment.',
              { count: PAYDAYS_PER_GAME },
            )}
          </Alert>
          {!editing && isBroker && (
            <Button
              variant="contained"
              size="large"
              disabled={starting}
              onClick={() => void setup.start()}
            >
              {t('Start Game')}
            </Button>
          )}
        </Stack>
      )}
    </PageLayout>
  );
}

import type { SettingsInput } from '@showdown/shared/api';
import {
  GAME_STATUS,
  PAYDAY_INCREMENT_DEFAULT,
  STARTING_FUNDS_DEFAULT,
  TRADE_PHASE_DURATION_DEFAULT,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { isBrokerRole } from '@showdown/shared/roles';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnackbar } from '../../../components/ui/toasts';
import { t } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { selectRequest, useAppStore } from '../../../stores/app-store';
import {
  selectGameId,
  selectRole,
  selectSettings,
  selectStatus,
} from '../../../stores/game-selectors';
import { fetchSettings, saveSettings, startGame } from '../api/lobby-api';

/** The game setup's settings, its edit draft and the calls that save them and start the game. */
export function useGameSetup() {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const gameId = useAppStore(selectGameId);
  const settings = useAppStore(selectSettings);
  const status = useAppStore(selectStatus);
  // Only the broker edits and starts (docs/rules.md); an investor who opens the page only reads it.
  const isBroker = useAppStore((s) => isBrokerRole(selectRole(s)));
  const loading = useAppStore(selectRequest('settings')).status === 'loading';
  const saving = useAppStore(selectRequest('saveSettings')).status === 'loading';
  const starting = useAppStore(selectRequest('start')).status === 'loading';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<SettingsInput>({
    starting_funds: STARTING_FUNDS_DEFAULT,
    payday_increment: PAYDAY_INCREMENT_DEFAULT,
    trade_phase_duration: TRADE_PHASE_DURATION_DEFAULT,
  });

  useEffect(() => {
    if (gameId === null) return;
    fetchSettings(gameId).catch((error: unknown) =>
      enqueueSnackbar(errorMessage(error), { variant: 'error' }),
    );
  }, [gameId, enqueueSnackbar]);

  const beginEdit = () => {
    if (settings) {
      setDraft({
        starting_funds: settings.starting_funds,
        payday_increment: settings.payday_increment,
        trade_phase_duration: settings.trade_phase_duration,
      });
    }
    setEditing(true);
  };

  const confirm = async () => {
    if (gameId === null) return;
    try {
      const message = await saveSettings(gameId, draft);
      enqueueSnackbar(t(message ?? MSG.SETTINGS_UPDATED), { variant: 'success' });
      setEditing(false);
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  const start = async () => {
    if (gameId === null) return;
    try {
      if (status !== GAME_STATUS.RUNNING) {
        const message = await startGame(gameId);
        enqueueSnackbar(t(message ?? MSG.GAME_STARTED), { variant: 'success' });
      }
      void navigate('/first-player');
    } catch (error) {
      enqueueSnackbar(errorMessage(error), { variant: 'error' });
    }
  };

  /** Back leaves the edit first, the page after. */
  const back = () => (editing ? setEditing(false) : void navigate(-1));

  return {
    gameId,
    settings,
    isBroker,
    loading,
    saving,
    starting,
    editing,
    draft,
    setDraft,
    beginEdit,
    confirm,
    start,
    back,
  };
}

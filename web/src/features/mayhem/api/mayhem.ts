import { API } from '@showdown/shared/api-paths';
import type {
  MayhemAverageData,
  MayhemCreateInput,
  MayhemData,
  MayhemResponseItem,
} from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { ApiError, api } from '../../../lib/api-client';
import { sendCommand } from '../../../lib/socket-commands';
import { useAppStore } from '../../../stores/app-store';
import { averagedInto, mayhemInto, respondedInto } from '../../../stores/game-answers';
import { runRequest } from '../../../stores/run-request';
import { t } from '../../../i18n';
import { applyAnswer, runGameRequest } from '../../../stores/game-updates';

/**
 * The game's current market mayhem list, or null when the server answers that none exists yet
 * ('Market mayhem history not found, create first.').
 */
export async function loadMayhem(gameId: number): Promise<MayhemData | null> {
  const sentAt = useAppStore.getState().seqFor(gameId);
  try {
    const { data } = await runGameRequest(
      'mayhem',
      gameId,
      () => api.get<MayhemData>(API.mayhem(gameId)),
      mayhemInto,
    );
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.message === MSG.MAYHEM_NOT_FOUND) {
      const store = useAppStore.getState();
      applyAnswer(gameId, sentAt, mayhemInto(null));
      store.requestSucceeded('mayhem');
      return null;
    }
    throw error;
  }
}

/** Broker: saves a list of companies and percentages (paired by position), then reloads it. */
export async function createMayhem(
  gameId: number,
  input: MayhemCreateInput,
): Promise<MayhemData | null> {
  await runRequest('mayhemCreate', () =>
    sendCommand('mayhem:create', { game_id: gameId, ...input }, () =>
      api.post<MayhemData>(API.mayhem(gameId), input),
    ),
  );
  return loadMayhem(gameId);
}

/** Investor: answers the open list with one percentage per chosen company. */
export async function respondToMayhem(
  gameId: number,
  mayhemId: number,
  stocks: MayhemResponseItem[],
): Promise<void> {
  await runGameRequest(
    'mayhemRespond',
    gameId,
    () =>
      sendCommand('mayhem:respond', { mayhem_id: mayhemId, stocks }, () =>
        api.post<{ mayhem_id: number; responses_count: number }>(API.mayhemRespond(mayhemId), {
          stocks,
        }),
      ),
    () => respondedInto(mayhemId),
  );
}

/** Broker: applies the investors' average percentages and closes the list. */
export async function averageMayhem(gameId: number, mayhemId: number): Promise<string> {
  // The list closes and its prices move here; the averaged event brings them to every device.
  const answer = await runGameRequest(
    'mayhemAverage',
    gameId,
    () =>
      sendCommand('mayhem:average', { mayhem_id: mayhemId }, () =>
        api.post<MayhemAverageData>(API.mayhemAverage(mayhemId)),
      ),
    averagedInto,
  );
  return t(answer.message ?? MSG.MAYHEM_AVERAGED);
}

/** The text shown for a failed mayhem call: two server messages are reworded for players. */
export function mayhemErrorText(message: string): string {
  const names = (text: string) => message.includes(text) || message.includes(t(text));
  if (names(MSG.MAYHEM_LENGTH_MISMATCH)) {
    return t('Please select both the company and percentage');
  }
  if (names(MSG.MAYHEM_PERCENTAGE_REQUIRED)) return t('Please select a percentage');
  return message;
}

import {
  API,
  type MayhemCreateInput,
  type MayhemData,
  type MayhemResponseItem,
} from '@showdown/shared/api';
import { MSG } from '@showdown/shared/messages';
import { ApiError, api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

function storeMayhem(data: MayhemData | null): void {
  if (data === null) {
    useAppStore.getState().setMayhem(null, false);
    return;
  }
  const { responded, my_response: _mine, ...publicMayhem } = data;
  useAppStore.getState().setMayhem(publicMayhem, responded);
}

/**
 * The game's current market mayhem list, or null when the server answers that none exists yet
 * ('Market mayhem history not found, create first.').
 */
export async function loadMayhem(gameId: number): Promise<MayhemData | null> {
  try {
    const { data } = await runRequest('mayhem', () => api.get<MayhemData>(API.mayhem(gameId)));
    storeMayhem(data);
    return data;
  } catch (error) {
    if (error instanceof ApiError && error.message === MSG.MAYHEM_NOT_FOUND) {
      storeMayhem(null);
      useAppStore.getState().requestSucceeded('mayhem');
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
  await runRequest('mayhemCreate', () => api.post<unknown>(API.mayhem(gameId), input));
  return loadMayhem(gameId);
}

/** Investor: answers the open list with one percentage per chosen company. */
export async function respondToMayhem(
  mayhemId: number,
  stocks: MayhemResponseItem[],
): Promise<void> {
  await runRequest('mayhemRespond', () =>
    api.post<unknown>(API.mayhemRespond(mayhemId), { stocks }),
  );
  const { mayhem, setMayhem } = useAppStore.getState();
  if (mayhem?.id === mayhemId) setMayhem(mayhem, true);
}

/** Broker: applies the investors' average percentages and closes the list. */
export async function averageMayhem(mayhemId: number): Promise<string> {
  const answer = await runRequest('mayhemAverage', () =>
    api.post<unknown>(API.mayhemAverage(mayhemId)),
  );
  const { mayhem, mayhemResponded, setMayhem } = useAppStore.getState();
  if (mayhem?.id === mayhemId) setMayhem({ ...mayhem, status: 'closed' }, mayhemResponded);
  return answer.message ?? MSG.MAYHEM_AVERAGED;
}

/** The text shown for a failed mayhem call (SPEC §5): two server messages are reworded. */
export function mayhemErrorText(message: string): string {
  if (message.includes(MSG.MAYHEM_LENGTH_MISMATCH)) {
    return 'Please select both the company and percentage';
  }
  if (message.includes(MSG.MAYHEM_PERCENTAGE_REQUIRED)) return 'Please select a percentage';
  return message;
}

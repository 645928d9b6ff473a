import { API } from '@showdown/shared/api-paths';
import type { FirstPlayer, GameSettings, SettingsInput } from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { firstPlayerInto, settingsInto, statusInto } from '../../../stores/game-answers';
import { runRequest } from '../../../stores/run-request';
import { runGameRequest } from '../../../stores/game-updates';

/** Broker: POST remove-player; returns the server's message. */
export async function removePlayer(gameId: number, playerId: number): Promise<string | undefined> {
  const answer = await runRequest('removePlayer', () =>
    api.post<unknown>(API.removePlayer(gameId, playerId)),
  );
  return answer.message;
}

/** Broker: POST start; the game is running afterwards. */
export async function startGame(gameId: number): Promise<string | undefined> {
  const answer = await runGameRequest(
    'start',
    gameId,
    () => api.post<unknown>(API.start(gameId)),
    () => statusInto(GAME_STATUS.RUNNING),
  );
  return answer.message;
}

export async function fetchSettings(gameId: number): Promise<GameSettings> {
  const { data } = await runGameRequest(
    'settings',
    gameId,
    () => api.get<GameSettings>(API.settings(gameId)),
    settingsInto,
  );
  return data;
}

/** Broker: POST settings; returns the server's message. */
export async function saveSettings(
  gameId: number,
  input: SettingsInput,
): Promise<string | undefined> {
  const answer = await runGameRequest(
    'saveSettings',
    gameId,
    () => api.post<GameSettings>(API.settings(gameId), input),
    settingsInto,
  );
  return answer.message;
}

/** Broker's spin: the server picks the first player and tells every device. */
export async function pickFirstPlayer(gameId: number): Promise<FirstPlayer> {
  const { data } = await runGameRequest(
    'firstPlayer',
    gameId,
    () => api.post<FirstPlayer>(API.firstPlayer(gameId)),
    firstPlayerInto,
  );
  return data;
}

import {
  API,
  type FirstPlayer,
  type GameSettings,
  type LobbyData,
  type SettingsInput,
} from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** GET the lobby (players, status, my seat) into the store. */
export async function fetchLobby(gameId: number): Promise<LobbyData> {
  const { data } = await runRequest('lobby', () => api.get<LobbyData>(API.lobby(gameId)));
  useAppStore.getState().setLobby(data);
  return data;
}

/** Broker: POST remove-player; returns the server's message. */
export async function removePlayer(gameId: number, playerId: number): Promise<string | undefined> {
  const answer = await runRequest('removePlayer', () =>
    api.post<unknown>(API.removePlayer(gameId, playerId)),
  );
  return answer.message;
}

/** Broker: POST start; the game is running afterwards. */
export async function startGame(gameId: number): Promise<string | undefined> {
  const answer = await runRequest('start', () => api.post<unknown>(API.start(gameId)));
  useAppStore.getState().setGameStatus(GAME_STATUS.RUNNING);
  return answer.message;
}

export async function fetchSettings(gameId: number): Promise<GameSettings> {
  const { data } = await runRequest('settings', () => api.get<GameSettings>(API.settings(gameId)));
  useAppStore.getState().setSettings(data);
  return data;
}

/** Broker: POST settings; returns the server's message. */
export async function saveSettings(
  gameId: number,
  input: SettingsInput,
): Promise<string | undefined> {
  const answer = await runRequest('saveSettings', () =>
    api.post<GameSettings>(API.settings(gameId), input),
  );
  useAppStore.getState().setSettings(answer.data);
  return answer.message;
}

/** Broker's spin: the server picks the first player and tells every device. */
export async function pickFirstPlayer(gameId: number): Promise<FirstPlayer> {
  const { data } = await runRequest('firstPlayer', () =>
    api.post<FirstPlayer>(API.firstPlayer(gameId)),
  );
  useAppStore.getState().setFirstPlayer(data);
  return data;
}

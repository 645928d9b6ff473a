import { API, type LobbyData } from '@showdown/shared/api';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** GET the game's players (the lobby answer) into the store. */
export async function loadPlayers(gameId: number): Promise<LobbyData> {
  const { data } = await runRequest('lobby', () => api.get<LobbyData>(API.lobby(gameId)));
  useAppStore.getState().setLobby(data);
  return data;
}

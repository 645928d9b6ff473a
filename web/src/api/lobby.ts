import { API } from '@showdown/shared/api-paths';
import type { LobbyData } from '@showdown/shared/api';
import { api } from '../lib/api-client';
import { lobbyInto } from '../stores/game-answers';
import { runGameRequest } from '../stores/game-updates';

/**
 * GET the lobby (players, status, first player, my seat) into the game: the one players read,
 * shared by the lobby, the role choice and the help menu's role list.
 */
export async function loadLobby(gameId: number): Promise<LobbyData> {
  const { data } = await runGameRequest(
    'lobby',
    gameId,
    () => api.get<LobbyData>(API.lobby(gameId)),
    lobbyInto,
  );
  return data;
}

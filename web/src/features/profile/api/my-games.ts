import { API } from '@showdown/shared/api-paths';
import type { UserGames } from '@showdown/shared/api';
import { api } from '../../../lib/api-client';

/** One page of the signed-in user's games, newest first; `before` is the last page's cursor. */
export async function fetchMyGames(before?: number): Promise<UserGames> {
  const query = before === undefined ? '' : `?before=${before}`;
  return (await api.get<UserGames>(`${API.userGames}${query}`)).data;
}

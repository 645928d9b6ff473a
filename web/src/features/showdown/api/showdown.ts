import { API } from '@showdown/shared/api-paths';
import type { RankingEntry } from '@showdown/shared/api';
import { api } from '../../../lib/api-client';
import { endedInto } from '../../../stores/game-answers';
import { runRequest } from '../../../stores/run-request';
import { runGameRequest } from '../../../stores/game-updates';

/** GET every player's net worth and rank (allowed on a completed game too). */
export async function loadShowdown(gameId: number): Promise<RankingEntry[]> {
  const { data } = await runRequest('showdown', () =>
    api.get<RankingEntry[]>(API.showdown(gameId)),
  );
  return data;
}

/** Broker: ends the game; the answer is the final ranking. */
export async function endGame(gameId: number): Promise<RankingEntry[]> {
  const { data } = await runGameRequest(
    'endGame',
    gameId,
    () => api.post<RankingEntry[]>(API.end(gameId)),
    endedInto,
  );
  return data;
}

import { API, type RankingEntry } from '@showdown/shared/api';
import { GAME_STATUS, ORDERBOOK } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** GET every player's net worth and rank (allowed on a completed game too). */
export async function loadShowdown(gameId: number): Promise<RankingEntry[]> {
  const { data } = await runRequest('showdown', () =>
    api.get<RankingEntry[]>(API.showdown(gameId)),
  );
  return data;
}

/** Broker: ends the game; the answer is the final ranking. */
export async function endGame(gameId: number): Promise<RankingEntry[]> {
  const { data } = await runRequest('endGame', () => api.post<RankingEntry[]>(API.end(gameId)));
  const { setGameStatus, setOrderbook, setRanking } = useAppStore.getState();
  setGameStatus(GAME_STATUS.COMPLETED);
  setOrderbook(ORDERBOOK.OFF, null);
  setRanking(data);
  return data;
}

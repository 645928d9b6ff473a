import { API } from '@showdown/shared/api-paths';
import type { JoinGameData } from '@showdown/shared/api';
import type { Role } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { selectGameId, selectPlayerId } from '../../../stores/game-selectors';
import { runRequest } from '../../../stores/run-request';
import { chooseSeat, joinBoard } from '../../../api/board';
import { joinedBoard } from '../../../stores/game-updates';

/**
 * Broker: POST /api/game/{id}/rematch opens the new lobby on the board code (same settings) with
 * the broker seated in it as before; the device moves to it.
 */
export async function playAgain(gameId: number): Promise<string | undefined> {
  const answer = await runRequest('rematch', () => api.post<JoinGameData>(API.rematch(gameId)));
  joinedBoard(answer.data);
  return answer.message;
}

/**
 * "Join the rematch": the board's usual join, then the seat with the same role and avatar as in
 * the finished game (the usual rules: a taken avatar or role is refused). Returns where to go.
 */
export async function joinRematch(code: string, role: Role, avatarId: number): Promise<string> {
  const route = await joinBoard(code);
  const state = useAppStore.getState();
  const gameId = selectGameId(state);
  if (gameId === null || selectPlayerId(state) !== null) return route;
  await chooseSeat(gameId, role, avatarId, false);
  return '/showdown-lobby';
}

/**
 * Broker: POST /api/game/{id}/recap/skip. A TV playing the finished game's recap goes to the
 * podium; returns the server's message.
 */
export async function skipTvRecap(gameId: number): Promise<string | undefined> {
  const answer = await api.post<{ game_id: number }>(API.skipRecap(gameId));
  return answer.message;
}

import { API } from '@showdown/shared/api-paths';
import type { PracticeCreateInput, PracticeData } from '@showdown/shared/api';
import { GAME_STATUS } from '@showdown/shared/constants';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';
import { joinedBoard } from '../../../stores/game-updates';

/** The practice game's first screen: its lobby, or the market once the bot broker started it. */
export function routeAfterPractice(data: Pick<PracticeData, 'game_status'>): string {
  return data.game_status === GAME_STATUS.RUNNING ? '/stock-prices' : '/showdown-lobby';
}

/**
 * POST /api/practice: opens a practice game against bots and seats this device in it as a join
 * does (the game socket follows the game id); returns the route to go to next.
 */
export async function startPractice(
  input: Pick<PracticeCreateInput, 'mode' | 'bots' | 'trade_phase_duration' | 'rounds'>,
): Promise<string> {
  const { data } = await runRequest('practice', () => api.post<PracticeData>(API.practice, input));
  joinedBoard({
    game_id: data.game_id,
    board_code: data.board_code,
    broker_exists: true,
    role: data.role,
    player_id: data.player_id,
    game_status: data.game_status,
  });
  // Known before the game's first snapshot: the lobby sends a practising investor past the
  // wheel (a bot broker never spins it) even when the start overtakes the snapshot.
  useAppStore.setState((state) => {
    if (state.game?.game.id === data.game_id) state.game.game.practice = true;
  });
  return routeAfterPractice(data);
}

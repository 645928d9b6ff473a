import { API } from '@showdown/shared/api-paths';
import type { ApiSuccess } from '@showdown/shared/api';
import { applyGameChange } from '@showdown/shared/game-state';
import type { UndoneAction } from '@showdown/shared/protocol';
import { api } from '../lib/api-client';
import { runGameRequest } from '../stores/game-updates';

/**
 * Broker: POST /api/game/{id}/undo reverses the last price update, payday or averaged mayhem
 * list; the answer reads into the store by `action:undone`'s rule (the event follows it).
 */
export function undoLastAction(gameId: number): Promise<ApiSuccess<UndoneAction>> {
  return runGameRequest(
    'undo',
    gameId,
    () => api.post<UndoneAction>(API.undo(gameId)),
    (undone) => (game) => applyGameChange(game, 'action:undone', undone),
  );
}

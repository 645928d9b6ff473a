/** Hand the broker's powers over, claim them, pause and resume a phase (docs/rules.md). */
import { API } from '@showdown/shared/api-paths';
import type { BrokerChange, PhasePauseData } from '@showdown/shared/api';
import { applyGameChange } from '@showdown/shared/game-state';
import { api } from '../lib/api-client';
import type { GameRecipe } from '../stores/game-slice';
import { runGameRequest } from '../stores/game-updates';

const brokerInto =
  (change: BrokerChange): GameRecipe =>
  (game) =>
    applyGameChange(game, 'broker:changed', change);

/** The broker gives the powers to a seated player. */
export async function handOverBroker(gameId: number, playerId: number): Promise<BrokerChange> {
  const { data } = await runGameRequest(
    'brokerHandover',
    gameId,
    () => api.post<BrokerChange>(API.brokerHandover(gameId), { player_id: playerId }),
    brokerInto,
  );
  return data;
}

/** A seated player takes the powers of a broker offline for 60 s (409 with the time left before). */
export async function claimBroker(gameId: number): Promise<BrokerChange> {
  const { data } = await runGameRequest(
    'brokerClaim',
    gameId,
    () => api.post<BrokerChange>(API.brokerClaim(gameId)),
    brokerInto,
  );
  return data;
}

/** The broker stops or restarts the trade phase's clock. */
export async function setPhasePaused(gameId: number, paused: boolean): Promise<PhasePauseData> {
  const { data } = await runGameRequest(
    paused ? 'phasePause' : 'phaseResume',
    gameId,
    () => api.post<PhasePauseData>(paused ? API.phasePause(gameId) : API.phaseResume(gameId)),
    (answer) => (game) =>
      answer.paused_remaining_s !== null
        ? applyGameChange(game, 'phase:paused', { remaining_s: answer.paused_remaining_s })
        : answer.ends_at !== null
          ? applyGameChange(game, 'phase:resumed', { ends_at: answer.ends_at })
          : game,
  );
  return data;
}

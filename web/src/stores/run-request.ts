import type { ApiSuccess } from '@showdown/shared/api';
import { errorMessage } from '../lib/api-client';
import { useAppStore } from './app-store';
import type { GameRecipe } from './game-slice';

/**
 * Runs one call through the request states under `key`: loading (error cleared), then
 * succeeded or failed with the error message. Rethrows so callers can react. Every screen's
 * loading and error state comes from here (`selectRequest(key)`).
 */
export async function runRequest<T>(key: string, call: () => Promise<T>): Promise<T> {
  const { requestStarted, requestSucceeded, requestFailed } = useAppStore.getState();
  requestStarted(key);
  try {
    const result = await call();
    requestSucceeded(key);
    return result;
  } catch (error) {
    requestFailed(key, errorMessage(error));
    throw error;
  }
}

/**
 * A call whose answer describes the game: it reaches the snapshot through `into` only if no newer
 * socket state arrived while it was in flight (the store's `applyAnswer`); otherwise `late` gets
 * the answer, for what of it is still news.
 */
export async function runGameRequest<T>(
  key: string,
  gameId: number,
  call: () => Promise<ApiSuccess<T>>,
  into: (data: T) => GameRecipe,
  late?: (data: T) => void,
): Promise<ApiSuccess<T>> {
  const sentAt = useAppStore.getState().seqFor(gameId);
  const answer = await runRequest(key, call);
  if (!useAppStore.getState().applyAnswer(gameId, sentAt, into(answer.data))) late?.(answer.data);
  return answer;
}

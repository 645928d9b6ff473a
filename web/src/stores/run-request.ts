import { errorMessage } from '../lib/api-client';
import { useAppStore } from './app-store';

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

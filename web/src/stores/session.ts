import { STORAGE_KEYS } from '@showdown/shared/constants';
import { clearTokens } from '../lib/api-client';
import { forgetSignedInUser } from './app-store';

/** Forgets the signed-in user on this device: tokens, trade timer and every slice. */
export function signOutLocally(): void {
  clearTokens();
  localStorage.removeItem(STORAGE_KEYS.TIMER_EXPIRY);
  forgetSignedInUser();
}

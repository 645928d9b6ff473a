import { API } from '@showdown/shared/api-paths';
import { api } from '../../../lib/api-client';
import { signOutLocally } from '../../../stores/session';

/** GET /api/auth/logout (revokes the refresh token), then signs out locally whatever happens. */
export async function logoutUser(): Promise<void> {
  try {
    await api.get<unknown>(API.logout);
  } catch {
    // Signing out on this device never depends on the server.
  } finally {
    signOutLocally();
  }
}

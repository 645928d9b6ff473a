import { API } from '@showdown/shared/api-paths';
import type { ProfileUpdateInput, UserDetails } from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import { api } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { runRequest } from '../../../stores/run-request';

/** GET /api/user/profile into the store. */
export async function fetchProfile(): Promise<UserDetails> {
  const { data } = await runRequest('profile', () => api.get<UserDetails>(API.profile));
  useAppStore.getState().setUser(data);
  return data;
}

/** PUT /api/user/profile, then refresh the stored profile. Returns the server's message. */
export async function updateProfile(input: ProfileUpdateInput): Promise<string | undefined> {
  const answer = await runRequest('profileUpdate', () =>
    api.put<UserDetails | null>(API.profile, input),
  );
  if (answer.data) useAppStore.getState().setUser(answer.data);
  await fetchProfile().catch(() => undefined);
  return answer.message;
}

/** GET /api/avatars: the whole avatar catalogue. */
export async function fetchAllAvatars(): Promise<AvatarOption[]> {
  const { data } = await runRequest('avatars', () => api.get<AvatarOption[]>(API.avatars));
  return data;
}

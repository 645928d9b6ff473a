import type { UserDetails } from '@showdown/shared/api';
import { avatarById } from '@showdown/shared/catalogue';
import type { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The wire form of a user (docs/api.md); profile_image is the avatar's picture. */
export function toUserDetails(
  row: Pick<UserRow, 'id' | 'username' | 'countryCode' | 'phoneNumber' | 'email' | 'avatarId'>,
): UserDetails {
  return {
    id: row.id,
    username: row.username,
    country_code: row.countryCode,
    phone_number: row.phoneNumber,
    email: row.email ?? null,
    avatar_id: row.avatarId ?? null,
    profile_image: row.avatarId ? (avatarById(row.avatarId)?.image ?? null) : null,
  };
}

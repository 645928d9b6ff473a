import { eq } from 'drizzle-orm';
import type { ProfileUpdateInput } from '@showdown/shared/api';
import type { Clock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { UserRow } from './user-details.ts';

/** The caller's user row is gone (deleted while their token was still valid). */
export class UserGone extends Error {
  override name = 'UserGone';
  constructor() {
    super('user not found');
  }
}

/** The signed-in user's own row: read and update. Routes choose the HTTP answers. */
export class UserService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  async profile(userId: number): Promise<UserRow> {
    const [user] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new UserGone();
    return user;
  }

  /** Applies the given fields (an empty email clears it); nothing given reads the row. */
  async updateProfile(userId: number, input: ProfileUpdateInput): Promise<UserRow> {
    const changes: Partial<Pick<UserRow, 'username' | 'email' | 'avatarId'>> = {};
    if (input.username !== undefined) changes.username = input.username;
    if (input.email !== undefined) changes.email = input.email === '' ? null : input.email;
    if (input.avatar_id !== undefined) changes.avatarId = input.avatar_id;
    if (Object.keys(changes).length === 0) return this.profile(userId);
    const [user] = await this.db
      .update(users)
      .set({ ...changes, updatedAt: this.clock.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new UserGone();
    return user;
  }
}

import { Router } from 'express';
import { eq } from 'drizzle-orm';
import { profileUpdateSchema, type ApiSuccess, type UserDetails } from '@showdown/shared/api';
import { AVATARS, type AvatarOption } from '@showdown/shared/catalogue';
import { MSG } from '@showdown/shared/messages';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { parseInput, unauthorized } from '../http/errors.ts';
import { toUserDetails, type UserRow } from './user-details.ts';

/** SPEC §7: the signed-in user's own profile, and the avatar catalogue. Mounted at /api. */
export function userRouter(ctx: AppContext): Router {
  const { db, clock } = ctx;
  const router = Router();
  const auth = requireAuth(ctx.tokens);

  router.get('/user/profile', auth, async (_req, res) => {
    const user = await findUser(db, authOf(res).userId);
    res.json({ success: true, data: toUserDetails(user) } satisfies ApiSuccess<UserDetails>);
  });

  router.put('/user/profile', auth, async (req, res) => {
    const input = parseInput(profileUpdateSchema, req.body);
    const { userId } = authOf(res);
    const changes: Partial<Pick<UserRow, 'username' | 'email' | 'avatarId' | 'updatedAt'>> = {};
    if (input.username !== undefined) changes.username = input.username;
    // An empty email clears it.
    if (input.email !== undefined) changes.email = input.email === '' ? null : input.email;
    if (input.avatar_id !== undefined) changes.avatarId = input.avatar_id;

    let user: UserRow | undefined;
    if (Object.keys(changes).length === 0) {
      user = await findUser(db, userId);
    } else {
      [user] = await db
        .update(users)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(users.id, userId))
        .returning();
    }
    if (!user) throw unauthorized(MSG.INVALID_TOKEN);
    res.json({
      success: true,
      message: MSG.PROFILE_UPDATED,
      data: toUserDetails(user),
    } satisfies ApiSuccess<UserDetails>);
  });

  router.get('/avatars', auth, (_req, res) => {
    res.json({ success: true, data: AVATARS } satisfies ApiSuccess<readonly AvatarOption[]>);
  });

  return router;
}

/** The caller's row; a token whose user no longer exists is treated as invalid (401). */
async function findUser(db: Executor, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized(MSG.INVALID_TOKEN);
  return user;
}

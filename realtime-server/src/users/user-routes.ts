import { Router } from 'express';
import { profileUpdateSchema, type ApiSuccess, type UserDetails } from '@showdown/shared/api';
import { AVATARS, type AvatarOption } from '@showdown/shared/catalogue';
import { MSG } from '@showdown/shared/messages';
import { authOf, requireAuth } from '../auth/require-auth.ts';
import type { AppContext } from '../context.ts';
import { parseInput, unauthorized } from '../http/errors.ts';
import { toUserDetails } from './user-details.ts';
import { UserGone, UserService } from './user-service.ts';

/** The signed-in user's own profile, and the avatar catalogue. Mounted at /api. */
export function userRouter(ctx: AppContext): Router {
  const service = new UserService(ctx.db, ctx.clock);
  const router = Router();
  const auth = requireAuth(ctx.tokens);

  router.get('/user/profile', auth, async (_req, res) => {
    const user = await service.profile(authOf(res).userId).catch(toHttpError);
    res.json({ success: true, data: toUserDetails(user) } satisfies ApiSuccess<UserDetails>);
  });

  router.put('/user/profile', auth, async (req, res) => {
    const input = parseInput(profileUpdateSchema, req.body);
    const user = await service.updateProfile(authOf(res).userId, input).catch(toHttpError);
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

/** A token whose user no longer exists is treated as invalid (401). */
function toHttpError(err: unknown): never {
  if (err instanceof UserGone) throw unauthorized(MSG.INVALID_TOKEN);
  throw err;
}

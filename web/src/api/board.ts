import { API } from '@showdown/shared/api-paths';
import type { BoardStatusData, JoinGameData, PublicPlayer } from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import { GAME_STATUS, type Role } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { api } from '../lib/api-client';
import { resyncGame } from '../lib/socket';
import { useAppStore } from '../stores/app-store';
import { seatInto } from '../stores/game-answers';
import { selectPlayerId } from '../stores/game-selectors';
import { runRequest } from '../stores/run-request';
import { joinedBoard, runGameRequest } from '../stores/game-updates';

/** Where a join answer sends the player, by the game's status. */
export function routeAfterJoin(data: JoinGameData, message: string | undefined): string {
  if (message === MSG.ALREADY_IN_BOARD || data.player_id !== null) {
    return data.game_status === GAME_STATUS.RUNNING ? '/stock-prices' : '/showdown-lobby';
  }
  // Not seated yet: a role comes first (the server only lets newcomers into a lobby).
  return '/join-game/false';
}

const normalized = (code: string) => code.trim().toUpperCase();

/**
 * GET /api/board/{code}: whether the board has an open game. It only reads, so the screen can
 * ask before a mistyped code opens a lobby.
 */
export async function readBoard(code: string): Promise<BoardStatusData> {
  const { data } = await runRequest('board', () =>
    api.get<BoardStatusData>(API.board(normalized(code))),
  );
  return data;
}

/**
 * POST /api/game/join { code }: joins the board's open game, or opens one when there is
 * none; returns the route to go to next.
 */
export async function joinBoard(code: string): Promise<string> {
  const answer = await runRequest('join', () =>
    api.post<JoinGameData>(API.join, { code: normalized(code) }),
  );
  joinedBoard(answer.data);
  return routeAfterJoin(answer.data, answer.message);
}

/** GET /api/game/{id}/avatars: the avatars still free in this game. */
export async function loadGameAvatars(gameId: number): Promise<AvatarOption[]> {
  const { data } = await runRequest('gameAvatars', () =>
    api.get<AvatarOption[]>(API.gameAvatars(gameId)),
  );
  useAppStore.getState().setAvatars(data);
  return data;
}

/** POST select-role (first seat) or change-role (update); stores my new role. */
export async function chooseSeat(
  gameId: number,
  role: Role,
  avatarId: number | null,
  update: boolean,
): Promise<string | undefined> {
  const playerId = selectPlayerId(useAppStore.getState());
  const answer = update
    ? await runGameRequest(
        'changeRole',
        gameId,
        () =>
          api.post<PublicPlayer>(API.changeRole(gameId), {
            role,
            avatar_id: avatarId,
            player_id: playerId,
          }),
        (player) => seatInto(player, true),
      )
    : await runGameRequest(
        'selectRole',
        gameId,
        () => api.post<PublicPlayer>(API.selectRole(gameId), { role, avatar_id: avatarId }),
        (player) => seatInto(player, true),
      );
  // The game socket connected at the join, before this seat existed, so the server kept it out
  // of the game room: enter it now, or no live update (a player joining, the start) arrives.
  if (!update) void resyncGame();
  return answer.message;
}

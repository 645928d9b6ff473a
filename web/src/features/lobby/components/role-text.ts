import { msg } from '../../../i18n';

export const LOBBY_HELP = msg(
  'Share the board code with your friends. Players appear here as they join. Keep your board ready!',
);
export const REMOVE_PLAYER_QUESTION = msg('Do you want to remove this player?');
export const FULL_BOARD_PLAYERS = 7;

/** 'Update Role' goes straight to the avatars on a full board of 7, else to the role choice. */
export function updateRoleTarget(playerCount: number): string {
  return playerCount === FULL_BOARD_PLAYERS ? '/choose-avatar/true' : '/join-game/true';
}

import { ROLE } from '@showdown/shared/constants';

/** SPEC §4: in the lobby any value other than 1 or 2 reads as both. */
export function roleText(role: number | null | undefined): string {
  if (role === ROLE.BROKER) return 'Broker';
  if (role === ROLE.INVESTOR) return 'Investor';
  return 'Broker & Investor';
}

export const LOBBY_HELP =
  'Share the board code with your friends. Players appear here as they join. Keep your board ready!';
export const REMOVE_PLAYER_QUESTION = 'Do you want to remove this player?';
export const FULL_BOARD_PLAYERS = 7;

/** 'Update Role' goes straight to the avatars on a full board of 7, else to the role choice. */
export function updateRoleTarget(playerCount: number): string {
  return playerCount === FULL_BOARD_PLAYERS ? '/choose-avatar/true' : '/join-game/true';
}

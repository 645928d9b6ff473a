/**
 * The game's screens (lobby and in-game), in the order the router lists them: where the screen
 * stays awake (hooks/use-wake-lock.ts), and the block of routes the router test expects.
 */
export { GAME_PAGE_PATHS as GAME_SCREEN_PATHS } from '@showdown/shared/pages';

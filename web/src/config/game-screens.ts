/**
 * The game's screens (lobby and in-game), in the order the router lists them: where the screen
 * stays awake (hooks/use-wake-lock.ts), and the block of routes the router test expects.
 */
export const GAME_SCREEN_PATHS = [
  '/showdown-lobby',
  '/game-setup',
  '/first-player',
  '/stock-prices',
  '/price-updates',
  '/portfolio',
  '/trade',
  '/transaction',
  '/portfolio-showdown',
  '/market-mayhem',
  '/role',
  '/leaderboard',
] as const;

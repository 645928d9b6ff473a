/**
 * Every page of the web app, as react-router path patterns (`:name` is one path segment). The
 * web router declares exactly these (web/src/app/router.tsx, checked by a test), and the server
 * answers these paths, and only these, with the app's HTML: anything else (robots.txt,
 * favicon.ico, /metrics when it is off, a mistyped path) is its file or a 404.
 */
/** The game's screens (lobby and in-game), in the router's order. */
export const GAME_PAGE_PATHS = [
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

export const PAGE_PATHS = [
  '/',
  '/login',
  '/profile',
  '/account-details',
  '/landing',
  '/home',
  '/showDown',
  '/join-game/:update',
  '/choose-avatar/:update',
  ...GAME_PAGE_PATHS,
  '/game-report/:id',
  '/spectate/:code',
  '/report/:token',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern as a RegExp over a URL's path and query (`/showDown?code=AB12`), or its path alone:
 * case-insensitive and with an optional trailing slash, as react-router matches.
 */
export function pagePattern(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '[^/?]+' : escape(segment)));
  const slash = segments.length > 0 ? '/?' : '';
  return new RegExp(`^/${segments.join('/')}${slash}(?:\\?.*)?$`, 'i');
}

const PATTERNS = PAGE_PATHS.map((path) => ({ path, pattern: pagePattern(path) }));

/** The page pattern a URL path belongs to, if it is a page of the app. */
export function matchPage(pathname: string): PagePath | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(pathname))?.path;
}

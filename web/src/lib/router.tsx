/**
 * The app's router: the part of react-router's API the app uses (BrowserRouter, MemoryRouter,
 * useRoutes, Outlet, Navigate, useNavigate, useLocation, useParams, useSearchParams), with
 * react-router's matching rules for the routes it has. react-router itself was a third of the
 * JavaScript /login needs before it renders (issue 13).
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` passed; null when none. */
  state: unknown;
  /** Unique per history entry. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** Moves through the history: -1 is back. */
  (delta: number): void;
}

/** Where a router keeps its entries: the browser's history, or a list in memory (tests). */
export interface History {
  readonly location: Location;
  /** How the current entry was reached: 'POP' at the start and after go(). */
  readonly action: 'POP' | 'PUSH' | 'REPLACE';
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change of location; returns the unsubscribe. */
  listen(listener: (location: Location) => void): () => void;
}

export interface RouteObject {
  /** Absolute, with `:name` segments and a final `*`; none for a layout around its children. */
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` (absolute, or relative to `from`) as a location's pathname, search and hash. */
export function parsePath(to: string, from = '/'): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const url = new URL(to, new URL(from, 'http://app'));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function notifier() {
  const listeners = new Set<(location: Location) => void>();
  return {
    listen(listener: (location: Location) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(location: Location) {
      for (const listener of listeners) listener(location);
    },
  };
}

interface BrowserEntryState {
  usr: unknown;
  key: string;
}

/** The browser's history; each entry's state and key live in history.state. */
export function createBrowserHistory(): History {
  const { listen, notify } = notifier();
  const read = (): Location => {
    const entry = window.history.state as Partial<BrowserEntryState> | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  let action: History['action'] = 'POP';
  const write = (to: string, state: unknown, replace: boolean) => {
    action = replace ? 'REPLACE' : 'PUSH';
    const target = parsePath(to, location.pathname);
    const entry: BrowserEntryState = { usr: state ?? null, key: newKey() };
    const url = target.pathname + target.search + target.hash;
    if (replace) window.history.replaceState(entry, '', url);
    else window.history.pushState(entry, '', url);
    location = read();
    notify(location);
  };
  window.addEventListener('popstate', () => {
    action = 'POP';
    location = read();
    notify(location);
  });
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => write(to, state, false),
    replace: (to, state) => write(to, state, true),
    go: (delta) => window.history.go(delta),
    listen,
  };
}

export type InitialEntry = string | { pathname: string; search?: string; state?: unknown };

/** A history in memory, for tests: starts at `initialIndex` (default: the last entry). */
export function createMemoryHistory(
  initialEntries: readonly InitialEntry[] = ['/'],
  initialIndex = initialEntries.length - 1,
): History {
  const { listen, notify } = notifier();
  const entries: Location[] = initialEntries.map((entry) => {
    const {
      pathname,
      search = '',
      state = null,
    } = typeof entry === 'string' ? { ...parsePath(entry), state: null } : entry;
    return { pathname, search, hash: '', state, key: newKey() };
  });
  let index = Math.max(0, Math.min(initialIndex, entries.length - 1));
  let action: History['action'] = 'POP';
  const write = (to: string, state: unknown, replace: boolean) => {
    action = replace ? 'REPLACE' : 'PUSH';
    const next = {
      ...parsePath(to, entries[index]!.pathname),
      state: state ?? null,
      key: newKey(),
    };
    if (replace) entries[index] = next;
    else entries.splice(++index, entries.length, next);
    notify(next);
  };
  return {
    get location() {
      return entries[index]!;
    },
    get action() {
      return action;
    },
    push: (to, state) => write(to, state, false),
    replace: (to, state) => write(to, state, true),
    go(delta) {
      const next = Math.max(0, Math.min(index + delta, entries.length - 1));
      if (next === index) return;
      index = next;
      action = 'POP';
      notify(entries[index]!);
    },
    listen,
  };
}

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);

interface RouteState {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}

const RouteContext = createContext<RouteState>({ params: {}, outlet: null });

/** Renders `children` at `history`'s location; a change of location is a transition. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useLayoutEffect(() => {
    const unlisten = history.listen((next) => startTransition(() => setLocation(next)));
    // A navigation between the first render and this subscription is not missed.
    setLocation(history.location);
    return unlisten;
  }, [history]);
  const navigate = useMemo<NavigateFunction>(
    () =>
      (to: string | number, options: NavigateOptions = {}) => {
        if (typeof to === 'number') history.go(to);
        else if (options.replace) history.replace(to, options.state);
        else history.push(to, options.state);
      },
    [history],
  );
  const state = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={state}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  initialIndex,
  children,
}: {
  initialEntries?: readonly InitialEntry[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a router`);
  return router;
}

export const useLocation = (): Location => useRouter('useLocation').location;

/** Stable for the router's lifetime. */
export const useNavigate = (): NavigateFunction => useRouter('useNavigate').navigate;

export const useParams = (): Readonly<Record<string, string | undefined>> =>
  useContext(RouteContext).params;

export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}

/** Goes to `to` once rendered. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/** Where a layout route renders its matched child. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/**
 * The params when `pattern` matches the whole of `pathname`, else null. Like react-router:
 * not case-sensitive, a trailing slash does not matter, `:name` takes one (decoded) segment,
 * a final `*` takes the rest.
 */
export function matchPath(
  pattern: string,
  pathname: string,
): Readonly<Record<string, string>> | null {
  const wanted = segmentsOf(pattern);
  const actual = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (let i = 0; i < wanted.length; i++) {
    const segment = wanted[i]!;
    if (segment === '*' && i === wanted.length - 1) {
      params['*'] = actual.slice(i).map(decodeURIComponent).join('/');
      return params;
    }
    const value = actual[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return wanted.length === actual.length ? params : null;
}

interface Match {
  /** The routes from the top down to the matched leaf. */
  branch: RouteObject[];
  params: Readonly<Record<string, string>>;
}

const isSplat = (route: RouteObject) =>
  route.path !== undefined && segmentsOf(route.path).at(-1) === '*';

function findMatch(
  routes: readonly RouteObject[],
  pathname: string,
  splats: boolean,
): Match | null {
  for (const route of routes) {
    if (route.children) {
      const inner = findMatch(route.children, pathname, splats);
      if (inner) return { branch: [route, ...inner.branch], params: inner.params };
    } else if (route.path !== undefined && isSplat(route) === splats) {
      const params = matchPath(route.path, pathname);
      if (params) return { branch: [route], params };
    }
  }
  return null;
}

/**
 * The route `pathname` leads to: a path without `*` before one with it (react-router ranks
 * them so too), else the first in order. Layout routes (no path) wrap their matched child.
 */
export function matchRoutes(routes: readonly RouteObject[], pathname: string): Match | null {
  return findMatch(routes, pathname, false) ?? findMatch(routes, pathname, true);
}

/** Renders the route the location leads to, each layout around its child; null for none. */
export function useRoutes(routes: readonly RouteObject[]): ReactElement | null {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  return match.branch.reduceRight<ReactElement | null>(
    (outlet, route) => (
      <RouteContext.Provider value={{ params: match.params, outlet }}>
        {route.element ?? outlet}
      </RouteContext.Provider>
    ),
    null,
  );
}

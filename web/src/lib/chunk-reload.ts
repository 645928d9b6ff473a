/**
 * Open phones survive a deploy. A page loaded before a new build still names the old build's
 * hashed chunks; once the server restarts they are gone (404), and the next screen's import
 * fails. Reloading once fetches the new index.html and its chunks: the URL (the route) and the
 * persisted session (the user stays signed in) survive a reload. A second failure on the same
 * route soon after is a real fault, not a deploy: it is shown, never looped on.
 *
 * While the server is down (restarting, rebuilding) an import fails too, and a reload then would
 * land on the browser's own error page ("This site can't be reached") and stay there. So the
 * reload waits until the server answers for the app (a HEAD of index.html, asked every
 * PROBE_MS and as soon as the browser says the network is back), and happens only then.
 */

/** How long after a reload a new chunk failure on the same route counts as the same one. */
export const RELOAD_GUARD_MS = 30_000;
const STORAGE_KEY = 'showdown:chunk-reload';
/** How often a page waiting to reload asks whether the server answers again. */
export const PROBE_MS = 1000;
/** Set once a reload is under way: imports settling meanwhile must not render or fail. */
let reloading = false;

/** Whether an error is a failed load of a script chunk (each browser words it its own way). */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return (
    err.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Outdated Optimize Dep/i.test(
      err.message,
    )
  );
}

export interface ReloadEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The route the page is on (pathname and search). */
  route: () => string;
  reload: () => void;
  now: () => number;
  /** Whether the server answers for the app now, so that a reload lands on a page. */
  appAnswers: () => Promise<boolean>;
  /** Resolves after `ms`, or sooner when the browser says the network is back. */
  wait: (ms: number) => Promise<void>;
}

const browser = (): ReloadEnvironment => ({
  storage: window.sessionStorage,
  route: () => window.location.pathname + window.location.search,
  reload: () => window.location.reload(),
  now: () => Date.now(),
  // Not a cached copy: the network's answer (a service worker passes a HEAD through).
  appAnswers: () =>
    fetch('/index.html', { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.ok,
      () => false,
    ),
  wait: (ms) =>
    new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      };
      const timer = window.setTimeout(done, ms);
      window.addEventListener('online', done);
    }),
});

let waiting = false;
const waitingListeners = new Set<() => void>();

/** Whether this page is waiting for the server to answer before it reloads (the banner says so). */
export function isWaitingForServer(): boolean {
  return waiting;
}

/** Calls `listener` when the page starts waiting for the server; returns the unsubscribe. */
export function onWaitingForServer(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

/** Reloads once the server answers for the app (at once when it does now). */
async function reloadWhenTheAppAnswers(env: ReloadEnvironment, route: string): Promise<void> {
  while (!(await env.appAnswers())) {
    if (!waiting) {
      waiting = true;
      for (const listener of waitingListeners) listener();
    }
    await env.wait(PROBE_MS);
  }
  try {
    // The guard counts from the reload itself, however long the wait was.
    env.storage.setItem(STORAGE_KEY, JSON.stringify({ route, at: env.now() }));
  } catch {
    // It was writable a moment ago; the mark from then still guards.
  }
  env.reload();
}

/**
 * Reloads the page for a chunk-load error, once the server answers for the app, unless this
 * route was already reloaded for one within RELOAD_GUARD_MS. Returns whether it will reload (the
 * caller then waits instead of failing).
 */
export function reloadForChunkError(err: unknown, env: ReloadEnvironment = browser()): boolean {
  if (!isChunkLoadError(err)) return false;
  // Another import failed while the page waits to reload: that reload serves it too.
  if (reloading) return true;
  const route = env.route();
  let last: { route?: string; at?: number } = {};
  try {
    last = JSON.parse(env.storage.getItem(STORAGE_KEY) ?? '{}') as typeof last;
  } catch {
    // an unreadable mark is no mark
  }
  if (
    last.route === route &&
    typeof last.at === 'number' &&
    env.now() - last.at < RELOAD_GUARD_MS
  ) {
    return false;
  }
  try {
    env.storage.setItem(STORAGE_KEY, JSON.stringify({ route, at: env.now() }));
  } catch {
    // Without storage there is no guard across the reload: do not risk a loop.
    return false;
  }
  reloading = true;
  void reloadWhenTheAppAnswers(env, route);
  return true;
}

/** Whether this page is reloading for a chunk-load error (see reloadForChunkError). */
export function isReloading(): boolean {
  return reloading;
}

/** Tests: forget a reload that a fake environment pretended to do. */
export function resetReloading(): void {
  reloading = false;
  waiting = false;
}

/**
 * Loads a screen's module; on a chunk-load error reloads the page once and stays pending (the
 * page goes away) instead of showing "Something went wrong".
 */
export async function loadOrReload<M>(load: () => Promise<M>, env?: ReloadEnvironment): Promise<M> {
  const pending = new Promise<M>(() => undefined);
  let module: M;
  try {
    module = await load();
  } catch (err) {
    if (reloadForChunkError(err, env)) return pending;
    throw err;
  }
  // A preload error handled by handlePreloadErrors settles the import with nothing: the page
  // is reloading, so wait for it.
  return reloading ? pending : module;
}

/**
 * Vite's `vite:preloadError`: a chunk or stylesheet a module preloads is gone. Reload once
 * instead of letting the import fail (https://vite.dev/guide/build#load-error-handling).
 */
export function handlePreloadErrors(target: Window = window, env?: ReloadEnvironment): () => void {
  const onError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadForChunkError(payload, env)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}

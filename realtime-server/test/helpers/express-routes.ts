import type { Express } from 'express';

export interface ExpressRoute {
  method: string;
  /** The full path as Express matches it (`/api/game/:id/lobby`). */
  path: string;
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: string | string[];
}

/**
 * Every route the app answers, found by walking its router stack (Express 5's router keeps each
 * layer's `rawPath`): mounted routers are followed with their mount path.
 */
export function expressRoutes(app: Express): ExpressRoute[] {
  const routes: ExpressRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          for (const method of Object.keys(layer.route.methods)) {
            if (method !== '_all') routes.push({ method, path: join(prefix, path) });
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '/';
        if (Array.isArray(layer.rawPath)) throw new Error('a router mounted at several paths');
        walk(layer.handle.stack, join(prefix, mount));
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return routes;
}

function join(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

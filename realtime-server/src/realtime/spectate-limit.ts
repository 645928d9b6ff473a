/**
 * Board-code guessing (docs/security.md): a `board:spectate` naming no game is a miss, counted
 * per client address over every socket, process and node (Redis with REDIS_URL, the cluster
 * primary with WORKERS > 1, else this process). Past the limit the address's spectates are
 * refused until the window has passed, found codes included.
 */
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** Misses allowed per address per window. */
export const SPECTATE_MISSES_PER_ADDRESS = 20;
export const SPECTATE_WINDOW_SECONDS = 10 * 60;

export interface SpectateLimit {
  /** Whether the address may spectate (it has not used up its misses). */
  allowed(address: string): Promise<boolean>;
  /** The address named a code with no game. */
  missed(address: string): Promise<void>;
}

export function createSpectateLimit(store: {
  /** A connected node-redis client, and the prefix of this deployment's keys. */
  redis?: { client: unknown; prefix: string };
  clusterWorker?: boolean;
}): SpectateLimit {
  const options = {
    keyPrefix: `${store.redis?.prefix ?? 'showdown'}:spectate-miss`,
    points: SPECTATE_MISSES_PER_ADDRESS,
    duration: SPECTATE_WINDOW_SECONDS,
  };
  const limiter: RateLimiterAbstract = store.redis
    ? new RateLimiterRedis({ ...options, storeClient: store.redis.client, useRedisPackage: true })
    : store.clusterWorker
      ? new RateLimiterCluster({ ...options, timeoutMs: 2000 })
      : new RateLimiterMemory(options);
  return {
    async allowed(address) {
      const used = await limiter.get(address);
      return (used?.consumedPoints ?? 0) < SPECTATE_MISSES_PER_ADDRESS;
    },
    async missed(address) {
      try {
        await limiter.consume(address);
      } catch (err) {
        // Used up: the next spectate is refused. Anything else is the store failing.
        if (!(err instanceof RateLimiterRes)) throw err;
      }
    },
  };
}

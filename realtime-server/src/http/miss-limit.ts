/**
 * Guessing a secret (docs/security.md), a board code to spectate or a share link's token: a
 * guess naming nothing is a miss, counted per client address over every connection, process and
 * node (Redis with REDIS_URL, the cluster primary with WORKERS > 1, else this process). Past the
 * limit the address's guesses are refused until the window has passed, right ones included.
 */
import {
  RateLimiterCluster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { DomainError } from '../games/errors.ts';
import { tooManyRequests } from './errors.ts';

/** Misses allowed per address per window. */
export const MISSES_PER_ADDRESS = 20;
export const MISS_WINDOW_SECONDS = 10 * 60;

export interface MissLimit {
  /** Whether the address may guess (it has not used up its misses). */
  allowed(address: string): Promise<boolean>;
  /** The address named nothing. */
  missed(address: string): Promise<void>;
}

export interface MissStore {
  /** A connected node-redis client, and the prefix of this deployment's keys. */
  redis?: { client: unknown; prefix: string };
  clusterWorker?: boolean;
}

/** `name` keeps each secret's misses apart (`spectate-miss`, `report-link-miss`). */
export function createMissLimit(name: string, store: MissStore): MissLimit {
  const options = {
    keyPrefix: `${store.redis?.prefix ?? 'showdown'}:${name}`,
    points: MISSES_PER_ADDRESS,
    duration: MISS_WINDOW_SECONDS,
  };
  const limiter: RateLimiterAbstract = store.redis
    ? new RateLimiterRedis({
        ...options,
        storeClient: store.redis.client,
        useRedisPackage: true,
        // While Redis is away, each process counts on its own rather than wait for it.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      })
    : store.clusterWorker
      ? new RateLimiterCluster({ ...options, timeoutMs: 2000 })
      : new RateLimiterMemory(options);
  return {
    async allowed(address) {
      const used = await limiter.get(address);
      return (used?.consumedPoints ?? 0) < MISSES_PER_ADDRESS;
    },
    async missed(address) {
      try {
        await limiter.consume(address);
      } catch (err) {
        // Used up: the next guess is refused. Anything else is the store failing.
        if (!(err instanceof RateLimiterRes)) throw err;
      }
    },
  };
}

/**
 * A lookup of a guessed secret for `address` under `limit`: refused with 429 and `message` once
 * the address's misses reach the limit, and counted as a miss when it names nothing (the lookup
 * throws a not_found domain error). The share link, the TV's report and `board:spectate` use it.
 */
export async function limitedLookup<T>(
  limit: MissLimit,
  address: string,
  message: string,
  lookup: () => Promise<T>,
): Promise<T> {
  if (!(await limit.allowed(address))) throw tooManyRequests(message);
  return lookup().catch(async (err: unknown) => {
    if (err instanceof DomainError && err.kind === 'not_found') await limit.missed(address);
    throw err;
  });
}

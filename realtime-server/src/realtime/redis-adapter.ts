import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';
import type { ShowdownServer } from './publisher.ts';

/**
 * How long a broadcast (or a room change) waits for Redis before this node applies it to its own
 * sockets anyway. Redis answers in a millisecond when it is there; while it is away its commands
 * wait in the client's queue until it is back, and a node's own rooms would wait with them.
 */
export const REDIS_PUBLISH_WAIT_MS = 300;
/** How long start-up waits for Redis before the node serves without it (and joins it later). */
export const REDIS_START_WAIT_MS = 3_000;

/** The adapter's publishing step (socket.io-adapter's ClusterAdapter, protected there). */
interface Publishing {
  publishAndReturnOffset(message: unknown): Promise<string>;
}

/**
 * The cluster adapter publishes a broadcast or a room change to Redis and only then applies it
 * here (a failed publish is applied here all the same). This node's sockets must not wait for
 * a Redis that is away: when the client is not connected, or Redis has not answered within
 * REDIS_PUBLISH_WAIT_MS, the change is applied here at once. The publish itself goes on (it
 * reaches the other nodes when Redis is back; their devices resync on a gap).
 */
function deliverLocallyWhileAway(adapter: Publishing, ready: () => boolean): void {
  const publish = adapter.publishAndReturnOffset.bind(adapter);
  adapter.publishAndReturnOffset = (message) => {
    const published = publish(message);
    if (!ready()) {
      published.catch(() => undefined);
      return Promise.reject(new Error('redis is not connected'));
    }
    let timer: NodeJS.Timeout | undefined;
    const away = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`redis did not answer in ${REDIS_PUBLISH_WAIT_MS} ms`)),
        REDIS_PUBLISH_WAIT_MS,
      );
    });
    published.catch(() => undefined);
    return Promise.race([published, away]).finally(() => clearTimeout(timer));
  };
}

/** The URL without its password, for the log. */
function shown(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/**
 * Several nodes behave as one server: rooms and broadcasts go through Redis streams, which also
 * keeps Connection State Recovery working across nodes. Redis may be away at start or later:
 * the node serves its own rooms meanwhile (readiness says Redis does not answer) and joins the
 * others when Redis answers, without a restart.
 */
export async function connectRedisAdapter(
  io: ShowdownServer,
  url: string,
  streamName: string,
  logger: Logger,
) {
  const client = createClient({ url });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  let starting = true;
  let saidAway = false;
  client.on('error', (err: unknown) => {
    if (starting || saidAway) return;
    saidAway = true;
    logger.warn({ err, redis: shown(url) }, 'Redis does not answer: serving this node only');
  });
  client.on('ready', () => {
    if (!saidAway) return;
    saidAway = false;
    logger.info({ redis: shown(url) }, 'Redis answers again: serving with the other nodes');
  });
  let timer: NodeJS.Timeout | undefined;
  const connected = await Promise.race([
    client.connect().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), REDIS_START_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  starting = false;
  if (!connected && !client.isReady) {
    saidAway = true;
    logger.warn(
      { redis: shown(url) },
      `Redis at ${shown(url)} does not answer: starting without it; this node joins the others when it does`,
    );
  }
  // The adapter sends what needs no keeping (a question to the other nodes and their answers,
  // a broadcast with acknowledgements) over pub/sub channels, and keeps recoverable sessions
  // under keys, both named by the adapter's defaults unless told otherwise: named here after
  // the stream, so another deployment on the same Redis (another stream) neither hears these
  // questions nor answers them with the sockets and users of its own database's ids.
  const adapters = createAdapter(client, {
    streamName,
    channelPrefix: streamName,
    sessionKeyPrefix: `${streamName}:session:`,
  });
  io.adapter(function (this: unknown, nsp: unknown) {
    const adapter = adapters(nsp);
    deliverLocallyWhileAway(adapter as unknown as Publishing, () => client.isReady);
    return adapter;
  } as unknown as Parameters<ShowdownServer['adapter']>[0]);
  return {
    /** For other shared counters (the miss limits); the adapter reads on its own duplicate. */
    client,
    /** Readiness: the connection is up and Redis answers. */
    async ping() {
      if (!client.isReady) throw new Error('not connected');
      await client.ping();
    },
    async close() {
      // A graceful QUIT waits for Redis: while it is unreachable that wait never ends (the
      // client keeps reconnecting), and a shutdown would hang on it.
      if (!client.isReady) {
        client.destroy();
        return;
      }
      await client.close().catch(() => client.destroy());
    },
  };
}

import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';
import type { ShowdownServer } from './publisher.ts';

/**
 * Several nodes behave as one server: rooms and broadcasts go through Redis streams, which also
 * keeps Connection State Recovery working across nodes.
 */
export async function connectRedisAdapter(
  io: ShowdownServer,
  url: string,
  streamName: string,
  logger: Logger,
) {
  const client = createClient({ url });
  client.on('error', (err: unknown) => logger.warn({ err }, 'redis error'));
  await client.connect();
  io.adapter(createAdapter(client, { streamName }));
  return {
    /** For other shared counters (the spectate limit); the adapter reads on its own duplicate. */
    client,
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

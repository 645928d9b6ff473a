/**
 * The sessions this process holds sockets of, for the periodic session recheck: kept as their
 * rooms (`session:<id>`) are created and deleted in the local adapter, so a recheck reads a set
 * instead of scanning every room of every socket (tens of thousands with 9,000 sockets) twice a
 * second. The cluster and Redis adapters extend the in-memory one and emit the same events for
 * this process's rooms.
 */
import { sessionRoom, type ShowdownServer } from './publisher.ts';

export function trackLocalSessions(io: ShowdownServer): ReadonlySet<string> {
  const prefix = sessionRoom('');
  const ids = new Set<string>();
  const adapter = io.of('/').adapter;
  adapter.on('create-room', (room: string) => {
    if (room.startsWith(prefix)) ids.add(room.slice(prefix.length));
  });
  adapter.on('delete-room', (room: string) => {
    if (room.startsWith(prefix)) ids.delete(room.slice(prefix.length));
  });
  return ids;
}

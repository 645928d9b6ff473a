/**
 * Presence refreshes of one game are coalesced (a table whose devices join or drop together costs
 * two reads, not one per device), the last broadcast always reflects the room after the last
 * change, and a stopped presence (a closing server) reads and broadcasts nothing.
 */
import { describe, expect, it } from 'vitest';
import { createPresence, type SeatedPlayer } from '../src/realtime/presence.ts';

/** A stand-in for the Socket.IO server: a room of user ids, and the broadcasts made. */
function fakeIo(room: Array<number | null>) {
  const emitted: Array<{ rooms: string[]; event: string; payload: any }> = [];
  /** The users in the room now (a spectator, null, is not one). */
  const connected = async () => room.filter((userId) => userId !== null);
  const io = {
    to(first: string) {
      const rooms = [first];
      const target = {
        to(next: string) {
          rooms.push(next);
          return target;
        },
        emit(event: string, payload: unknown) {
          emitted.push({ rooms, event, payload });
          return true;
        },
      };
      return target;
    },
  };
  return { io: io as never, connected, emitted };
}

const seated: SeatedPlayer[] = [
  { id: 11, userId: 1 },
  { id: 12, userId: 2 },
  { id: 13, userId: 3 },
];

describe('presence', () => {
  it('coalesces a burst of refreshes into one run and one more after it', async () => {
    const room: Array<number | null> = [];
    const { io, connected, emitted } = fakeIo(room);
    let reads = 0;
    const presence = createPresence(
      io,
      connected,
      async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return seated;
      },
      { warn: () => undefined },
    );
    const burst: Array<Promise<void>> = [];
    for (const userId of [1, 2, 3, null]) {
      room.push(userId); // a device joins (null: a spectator)
      burst.push(presence.refresh(7));
    }
    await Promise.all(burst);
    expect(reads).toBe(2);
    expect(emitted).toHaveLength(2);
    expect(emitted.at(-1)).toEqual({
      rooms: ['game:7', 'spectate:7'],
      event: 'presence:changed',
      payload: { game_id: 7, online: [11, 12, 13] },
    });
    // Later changes refresh again.
    room.splice(0, 2);
    await presence.refresh(7);
    expect(emitted.at(-1)?.payload.online).toEqual([13]);
  });

  it('has the last word after a slower refresh on another node wrote what it saw before a change', async () => {
    // Two nodes share one game room. Node A's look at the room is slow (another node's answer
    // on a busy machine): it sees the broker (user 1), who then leaves; node B's refresh for the
    // leave finishes first, and A's stale list would be written and broadcast last.
    const room: number[] = [1, 2];
    const observed: number[][] = [];
    const broadcasts = fakeIo([]);
    const slowLook = async () => {
      const seen = [...room];
      await new Promise((resolve) => setTimeout(resolve, 100));
      return seen;
    };
    const node = (look: () => Promise<number[]>) =>
      createPresence(
        broadcasts.io,
        look,
        async () => seated,
        { warn: () => undefined },
        async (_gameId, online) => void observed.push([...online]),
        { settleMs: 200 },
      );
    const a = node(slowLook);
    const b = node(async () => [...room]);
    const stale = a.refresh(7);
    room.splice(0, 1); // the broker's device leaves, on node B
    await b.refresh(7);
    await stale;
    expect(observed.at(-1)).toEqual([11, 12]);
    // A moment later each node looks again: the list is the room's as it is now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(observed.at(-1)).toEqual([12]);
    expect(broadcasts.emitted.at(-1)?.payload.online).toEqual([12]);
    a.stop();
    b.stop();
  });

  it('refreshes different games independently', async () => {
    const { io, connected, emitted } = fakeIo([1]);
    const presence = createPresence(io, connected, async () => seated, { warn: () => undefined });
    await Promise.all([presence.refresh(1), presence.refresh(2)]);
    expect(emitted.map((e) => e.payload.game_id).sort()).toEqual([1, 2]);
  });

  it('does nothing once stopped, and a refresh failing then is not reported', async () => {
    const { io, connected, emitted } = fakeIo([1]);
    const warnings: unknown[] = [];
    let fail = false;
    const presence = createPresence(
      io,
      connected,
      async () => {
        if (fail) throw new Error('Cannot use a pool after calling end on the pool');
        return seated;
      },
      { warn: (...args: unknown[]) => void warnings.push(args) },
    );
    const inFlight = presence.refresh(1);
    presence.stop();
    fail = true;
    await inFlight;
    await presence.refresh(1);
    expect(emitted).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('reports a failed refresh while running', async () => {
    const { io, connected } = fakeIo([1]);
    const warnings: unknown[] = [];
    const presence = createPresence(
      io,
      connected,
      async () => {
        throw new Error('database down');
      },
      { warn: (...args: unknown[]) => void warnings.push(args) },
    );
    await presence.refresh(1);
    expect(warnings).toHaveLength(1);
  });
});

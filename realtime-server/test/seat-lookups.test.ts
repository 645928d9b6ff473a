import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@showdown/shared/messages';
import { players } from '../src/db/schema.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { nextSeq, requireSeat } from '../src/games/access.ts';
import { gameRoom } from '../src/realtime/publisher.ts';
import { testDriver } from './helpers/database.ts';
import { setupTable } from './helpers/game.ts';
import { countStatements } from './helpers/round-trips.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * A seat check is one round trip, a socket's join answers its pre-check from the
 * process's seat cache, and neither weakens the checks (a removal is always seen).
 */
let server: TestServer;
let statements: ReturnType<typeof countStatements>;
beforeAll(async () => {
  server = await startTestServer();
  statements = countStatements();
});
afterAll(async () => {
  statements?.restore();
  await server?.close();
});

const db = () => server.application.context.db;

/** The user ids of the sockets in a game's room, as the server sees them. */
async function roomUsers(gameId: number): Promise<Array<number | null>> {
  const sockets = await server.application.io.in(gameRoom(gameId)).fetchSockets();
  return sockets.map((s) => s.data.userId);
}

/** The message requireSeat refuses with, or 'seated'. */
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'seated',
    (err: Error) => err.message,
  );

describe('requireSeat', () => {
  it('reads the game and the caller’s seat in one round trip, seated or refused', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const outsider = table.broker.userId + 1_000_000;
    let seat: Awaited<ReturnType<typeof requireSeat>> | undefined;
    const sent = await statements.during('t:plain', async () => {
      seat = await requireSeat(db(), table.gameId, investor.userId);
    });
    expect(sent).toBe(1);
    expect(seat?.game.id).toBe(table.gameId);
    expect(seat?.player).toMatchObject({ id: investor.playerId, userId: investor.userId, role: 2 });

    let refused = '';
    expect(
      await statements.during('t:outsider', async () => {
        refused = await outcome(requireSeat(db(), table.gameId, outsider));
      }),
    ).toBe(1);
    expect(refused).toBe(MSG.NOT_IN_GAME);
    expect(
      await statements.during('t:missing', async () => {
        refused = await outcome(requireSeat(db(), 2_000_000_000, investor.userId));
      }),
    ).toBe(1);
    expect(refused).toBe(MSG.GAME_NOT_FOUND);
    // Same precedence as before: a missing game before a missing seat, the seat before the role.
    expect(await outcome(requireSeat(db(), 2_000_000_000, outsider))).toBe(MSG.GAME_NOT_FOUND);
    expect(
      await outcome(requireSeat(db(), table.gameId, investor.userId, { roles: 'broker' })),
    ).toBe(MSG.BROKER_ONLY);

    // With a lock, in a transaction: BEGIN, the one statement, COMMIT.
    for (const lock of ['share', 'update'] as const) {
      const locked = await statements.during(`t:${lock}`, () =>
        inTransaction(db(), (tx) => requireSeat(tx, table.gameId, investor.userId, { lock })),
      );
      expect(locked).toBe(3);
    }
  });

  it.runIf(testDriver === 'pg')(
    'a lock that waited for a removal of the seat sees the removal',
    async () => {
      const table = await setupTable(server, { investors: 2 });
      const leaving = table.investors[1]!;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let removed!: () => void;
      const removedInTx = new Promise<void>((resolve) => (removed = resolve));
      // The removal service's steps, held open before its commit.
      const remover = inTransaction(db(), async (tx) => {
        await requireSeat(tx, table.gameId, table.broker.userId, { lock: 'update' });
        await nextSeq(tx, table.gameId);
        await tx.delete(players).where(eq(players.id, leaving.playerId));
        removed();
        await held;
      });
      await removedInTx;
      const checks = (['share', 'update'] as const).map((lock) =>
        outcome(
          inTransaction(db(), (tx) => requireSeat(tx, table.gameId, leaving.userId, { lock })),
        ),
      );
      // Both wait on the game row's lock before the removal commits.
      await waitUntil(
        async () => {
          const res = (await db().execute(
            sql`select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: Array<{ n: number }> };
          return res.rows[0]!.n >= 2;
        },
        5000,
        'the seat checks to wait for the lock',
      );
      release();
      await remover;
      expect(await Promise.all(checks)).toEqual([MSG.NOT_IN_GAME, MSG.NOT_IN_GAME]);
    },
  );
});

describe('a socket’s seat check answers from the seat cache', () => {
  it('a second join reads no seat before the room: the snapshot’s reads only', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const key = `user:${investor.userId}`;
    const device = await TestClient.connect(server.url, investor.token);
    const first = statements.of(key);
    await device.snapshot('game:join', table.gameId);
    await device.waitFor('presence:changed');
    // The seat check before the room, the snapshot and who is online (10, as below), the
    // presence broadcast's read, and the presence refresh's record of whether the broker is away
    // (for a claim: one conditional UPDATE that writes nothing when the row is right). The
    // record runs after the broadcast: count once it has landed.
    expect((await statements.settled(key)) - first).toBe(1 + 10 + 1 + 1);

    const second = statements.of(key);
    const snapshot = await device.snapshot('game:resync', table.gameId);
    expect(snapshot.me?.portfolio).not.toBeNull();
    // BEGIN; the seat again (in the snapshot's transaction); the open mayhem; the players; the
    // prices; the investor's holdings and contributions; the price history; COMMIT; and who is
    // online.
    expect(statements.of(key) - second).toBe(10);
    device.close();
  });

  it('a removed player whose seat this process still holds is refused, and never stays in the room', async () => {
    const table = await setupTable(server, { investors: 2 });
    const leaving = table.investors[1]!;
    const key = `user:${leaving.userId}`;
    const device = await TestClient.connect(server.url, leaving.token);
    await device.snapshot('game:join', table.gameId); // the seat is now cached
    await device.emit('game:leave', { game_id: table.gameId });
    // The join's and the leave's presence refreshes (who is online, and the record of whether the
    // broker is away, for a claim) run after their answers: let them land before counting.
    await statements.settled(key);
    // A removal this process has not heard of (as if its announcement were still on its way).
    await db().delete(players).where(eq(players.id, leaving.playerId));

    let before = statements.of(key);
    const refused = await device.emit('game:join', { game_id: table.gameId });
    expect(refused).toMatchObject({ error: { code: 'FORBIDDEN', message: MSG.NOT_IN_GAME } });
    // No seat read before the room (cached), then the snapshot's check: BEGIN, seat, ROLLBACK.
    expect(statements.of(key) - before).toBe(3);
    expect(await roomUsers(table.gameId)).not.toContain(leaving.userId);

    // The refusal dropped the stale seat: the next join is refused before the room.
    before = statements.of(key);
    expect(await device.emit('game:join', { game_id: table.gameId })).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    expect(statements.of(key) - before).toBe(1);
    device.close();
  });

  it('remove-player drops the cached seat: the re-join is refused before the room', async () => {
    const table = await setupTable(server, { investors: 2 });
    const leaving = table.investors[1]!;
    const key = `user:${leaving.userId}`;
    const device = await TestClient.connect(server.url, leaving.token);
    await device.snapshot('game:join', table.gameId);
    const removed = await table.broker.api.post(
      `/api/game/${table.gameId}/remove-player/${leaving.playerId}`,
    );
    expect(removed.status).toBe(200);
    await waitUntil(async () => !(await roomUsers(table.gameId)).includes(leaving.userId));
    const before = statements.of(key);
    expect(await device.emit('game:join', { game_id: table.gameId })).toMatchObject({
      error: { code: 'FORBIDDEN' },
    });
    expect(statements.of(key) - before).toBe(1);
    device.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_COMMAND_NAMES } from '@showdown/shared/commands';
import { dumpDatabase } from './helpers/database.ts';
import fc from 'fast-check';
import { ERROR_CODE } from '@showdown/shared/messages';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { setupTable, type TableSetup } from './helpers/game.ts';
import { TestClient } from './helpers/sockets.ts';

/**
 * Property-based fuzzing of every client socket event. Whatever arrives, the answer
 * is an acknowledgement in the protocol's shape (an error for anything a stranger may not do),
 * never an internal error; the server stays up and the database does not change.
 */
let server: TestServer;
let tables: TableSetup[];
let stranger: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  tables = [
    await setupTable(server, { investors: 1, start: true }),
    await setupTable(server, { investors: 1 }),
  ];
  stranger = await TestClient.connect(server.url, (await signUp(server, 'Fuzzy')).token);
});
afterAll(async () => {
  stranger?.close();
  await server?.close();
});

function dump(): Promise<string> {
  return dumpDatabase(server.application.context.db);
}

const errorCodes = new Set<string>(Object.values(ERROR_CODE));

const weirdText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    '\u0000',
    'A\u0000BC',
    '🎲🎲🎲🎲',
    'ＡＢＣＤ',
    "'; drop table games; --",
    '../../',
  ),
  fc.string({ minLength: 2000, maxLength: 8000 }),
);
const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 3e9, 2 ** 31, 2 ** 53, 1e300, -0, Number.MAX_VALUE),
);
const gameIdLike = () =>
  fc.oneof(
    weirdNumber,
    weirdText,
    fc.constantFrom(...tables.map((t) => t.gameId)), // games the stranger is not seated in
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
const payload = () =>
  fc.oneof(
    fc.anything(),
    fc.record({ game_id: gameIdLike() }),
    fc.record({ game_id: gameIdLike(), extra: fc.anything() }),
    fc.record({ code: fc.oneof(weirdText, weirdNumber) }),
    fc.record({ code: fc.constantFrom(...tables.map((t) => t.code)), extra: weirdText }),
    fc.constant(undefined),
    // The game commands' fields, well-formed or not, on games the stranger is not in.
    fc.record(
      {
        game_id: gameIdLike(),
        mayhem_id: fc.oneof(weirdNumber, fc.integer({ min: 1, max: 50 })),
        stock_id: fc.oneof(weirdNumber, fc.integer({ min: 1, max: 12 })),
        operation: fc.oneof(fc.constantFrom('+', '-'), weirdText),
        value: fc.oneof(weirdNumber, fc.integer({ min: 1, max: 20 })),
        trade_type: fc.oneof(fc.constantFrom(0, 1), weirdNumber),
        quantity: fc.oneof(weirdNumber, fc.integer({ min: 1, max: 5 })),
        orderbook_status: fc.oneof(fc.constantFrom(0, 1), weirdNumber),
        idempotency_key: fc.oneof(weirdText, fc.anything()),
        stock_ids: fc.anything(),
        percentage: fc.anything(),
        stocks: fc.anything(),
      },
      { requiredKeys: [] },
    ),
  );
const eventName = fc.oneof(
  fc.constantFrom('game:join', 'game:resync', 'game:leave', 'board:spectate'),
  fc.constantFrom(...SOCKET_COMMAND_NAMES),
  fc.constantFrom('game:delete', 'price:update', 'admin', '__proto__', 'constructor'),
  fc.string({ maxLength: 30 }),
);

describe('socket event fuzzing', () => {
  it('answers every event with a well-formed acknowledgement and changes nothing', async () => {
    const before = await dump();
    const raw = stranger.socket as unknown as {
      timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
    };
    await fc.assert(
      fc.asyncProperty(eventName, payload(), async (event, body) => {
        // Stay under the per-socket rate limit (15 a second): the answers stay meaningful.
        await new Promise((r) => setTimeout(r, 70));
        const answer = (await raw.timeout(5000).emitWithAck(event, body)) as Record<string, any>;
        expect(answer).toBeTypeOf('object');
        if ('error' in answer) {
          expect(errorCodes.has(answer.error.code), JSON.stringify(answer)).toBe(true);
          expect(answer.error.code).not.toBe(ERROR_CODE.INTERNAL);
          expect(answer.error.message).toBeTypeOf('string');
        } else {
          // Only what a stranger may do succeeds: leaving a room, spectating a board.
          expect(['game:leave', 'board:spectate']).toContain(event);
          expect(answer).toHaveProperty('data');
        }
        if (event === 'game:join' || event === 'game:resync')
          expect(answer).toHaveProperty('error');
      }),
      { numRuns: 120 },
    );
    expect(stranger.socket.connected).toBe(true);
    expect(await dump()).toBe(before);
    expect((await http(server.url).get('/healthz')).status).toBe(200);
  });

  it('a 1 MB string closes that socket only; the server and the database stay as they were', async () => {
    const client = await TestClient.connect(server.url, (await signUp(server, 'Huge')).token);
    const before = await dump();
    const closed = new Promise<string>((resolve) =>
      client.socket.once('disconnect', (reason) => resolve(reason)),
    );
    client.socket.emit('board:spectate', { code: 'x'.repeat(1024 * 1024) }, () => undefined);
    expect(await closed).toBe('transport close');
    expect((await http(server.url).get('/healthz')).status).toBe(200);
    expect(stranger.socket.connected).toBe(true);
    expect(await dump()).toBe(before);
  });
});

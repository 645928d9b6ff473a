/**
 * `GET /api/board/{code}`: whether a board has an open game, changing nothing; limited per user
 * and per address. And the join on an unknown code: it opens a lobby, so probing codes with joins
 * meets the lobby limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardStatusDataSchema } from '@showdown/shared/api';
import { API } from '@showdown/shared/api-paths';
import { MAX_OPEN_LOBBIES_PER_USER } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { BOARD_READS_PER_MINUTE } from '../src/games/board-service.ts';
import { games } from '../src/db/schema.ts';
import { http, nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, nextBoardCode, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function gameCount(): Promise<number> {
  return (await server.application.context.db.select({ id: games.id }).from(games)).length;
}

describe('GET /api/board/{code}', () => {
  it('tells whether the board has an open game, its id and status, and changes nothing', async () => {
    const user = await signUp(server, 'Reader');
    const api = http(server.url, user.token, { ip: nextIp() });
    const code = nextBoardCode();
    const before = await gameCount();
    const none = await api.get(API.board(code.toLowerCase()));
    expect(none.status, JSON.stringify(none.body)).toBe(200);
    expect(none.body).toEqual({
      success: true,
      data: { board_code: code, open_game: false, game_id: null, status: null },
    });
    expect(boardStatusDataSchema.parse(none.body.data)).toEqual(none.body.data);
    expect(await gameCount()).toBe(before);

    const lobby = await setupTable(server, { investors: 1 });
    const open = await api.get(API.board(lobby.code));
    expect(open.body.data).toEqual({
      board_code: lobby.code,
      open_game: true,
      game_id: lobby.gameId,
      status: 1,
    });

    const running = await setupTable(server, { investors: 1, start: true });
    expect((await api.get(API.board(running.code))).body.data).toMatchObject({
      open_game: true,
      game_id: running.gameId,
      status: 2,
    });
    await running.broker.api.post(`/api/game/${running.gameId}/end`);
    expect((await api.get(API.board(running.code))).body.data).toEqual({
      board_code: running.code,
      open_game: false,
      game_id: null,
      status: null,
    });
  });

  it('answers a malformed code 400 with its message, and needs a signed-in user', async () => {
    const api = http(server.url, (await signUp(server, 'Typo')).token, { ip: nextIp() });
    for (const code of ['AB', 'ABCDE', 'AB-1', '%20%20%20%20']) {
      expectError(await api.get(`/api/board/${code}`), 400, MSG.INVALID_CODE);
    }
    expect((await http(server.url).get(API.board('ABCD'))).status).toBe(401);
  });

  it(`is limited to ${BOARD_READS_PER_MINUTE} a minute per user, then 429 RATE_LIMITED`, async () => {
    const user = await signUp(server, 'Prober');
    let refused = 0;
    for (let i = 0; i < BOARD_READS_PER_MINUTE + 5; i++) {
      // A new address each time: only the per-user limit can refuse.
      const res = await http(server.url, user.token, { ip: nextIp() }).get(
        API.board(nextBoardCode()),
      );
      if (i < BOARD_READS_PER_MINUTE) expect(res.status, `read ${i + 1}`).toBe(200);
      else {
        expectError(res, 429, MSG.RATE_LIMITED);
        expect(res.body.error.code).toBe('RATE_LIMITED');
        refused += 1;
      }
    }
    expect(refused).toBe(5);
    // Another user is not affected.
    const other = http(server.url, (await signUp(server, 'Honest')).token, { ip: nextIp() });
    expect((await other.get(API.board(nextBoardCode()))).status).toBe(200);
  });

  it(`is limited to ${BOARD_READS_PER_MINUTE} a minute per address, across accounts`, async () => {
    const ip = nextIp();
    const users = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signUp(server, `Net reader ${i}`)),
    );
    const statuses: number[] = [];
    for (const u of users) {
      const api = http(server.url, u.token, { ip });
      for (let i = 0; i < 10; i++)
        statuses.push((await api.get(API.board(nextBoardCode()))).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(BOARD_READS_PER_MINUTE);
    expect(statuses.slice(BOARD_READS_PER_MINUTE).every((s) => s === 429)).toBe(true);
  });
});

describe('the join on unknown codes (code probing)', () => {
  it('opens a lobby for each unknown code and meets the per-user lobby limit', async () => {
    const user = await signUp(server, 'Guesser');
    const api = http(server.url, user.token, { ip: nextIp() });
    const statuses: number[] = [];
    for (let i = 0; i < MAX_OPEN_LOBBIES_PER_USER + 5; i++) {
      statuses.push((await api.post(API.join, { code: nextBoardCode() })).status);
    }
    expect(statuses.slice(0, MAX_OPEN_LOBBIES_PER_USER).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(MAX_OPEN_LOBBIES_PER_USER).every((s) => s === 429)).toBe(true);
    expectError(await api.post(API.join, { code: nextBoardCode() }), 429, MSG.LOBBY_LIMIT_USER);
  });
});

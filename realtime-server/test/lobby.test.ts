import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_OPEN_LOBBIES_PER_IP, MAX_OPEN_LOBBIES_PER_USER } from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { http, nextIp, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { expectError, nextBoardCode, seat, setupTable } from './helpers/game.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('POST /api/game/join', () => {
  it('opens a new lobby for an unused board code, case-insensitively, and rejoins it', async () => {
    const user = await signUp(server, 'Asha');
    const api = http(server.url, user.token);
    const code = nextBoardCode();
    const first = await api.post('/api/game/join', { code: code.toLowerCase() });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      data: { board_code: code, broker_exists: false, role: null, player_id: null, game_status: 1 },
    });
    expect(typeof first.body.data.game_id).toBe('number');
    const again = await api.post('/api/game/join', { code });
    expect(again.body.data.game_id).toBe(first.body.data.game_id);
  });

  it('rejects an empty or malformed code with its message', async () => {
    const api = http(server.url, (await signUp(server, 'Bo')).token);
    for (const code of ['', 'AB', 'ABCDE', 'AB-1', 42, null]) {
      expectError(await api.post('/api/game/join', { code }), 400, MSG.INVALID_CODE);
    }
    expectError(await api.post('/api/game/join', {}), 400, MSG.INVALID_CODE);
  });

  it("answers 'User already in this board' to a seated player, with role and status", async () => {
    const table = await setupTable(server, { investors: 1 });
    const res = await table.investors[0]!.api.post('/api/game/join', { code: table.code });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.ALREADY_IN_BOARD);
    expect(res.body.data).toMatchObject({
      game_id: table.gameId,
      role: 2,
      broker_exists: true,
      game_status: 1,
    });
  });

  it('refuses an eighth player and a newcomer to a running game', async () => {
    const code = nextBoardCode();
    await seat(server, code, 'Broker', 1);
    for (let i = 0; i < 6; i++) await seat(server, code, `P${i}`, 2);
    const late = http(server.url, (await signUp(server, 'Late')).token);
    expectError(await late.post('/api/game/join', { code }), 409, MSG.BOARD_FULL);

    const running = await setupTable(server, { investors: 1, start: true });
    expectError(
      await late.post('/api/game/join', { code: running.code }),
      409,
      MSG.GAME_NOT_IN_LOBBY,
    );
  });

  it('lets a completed board host a new game: { code } alone opens it', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    expect((await table.broker.api.post(`/api/game/${table.gameId}/end`)).status).toBe(200);
    const res = await table.broker.api.post('/api/game/join', { code: table.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.game_id).not.toBe(table.gameId);
    expect(res.body.data).toMatchObject({ role: null, game_status: 1, broker_exists: false });
  });

  it("the join opens a board without an open game; an old client's create flag is ignored", async () => {
    const user = await signUp(server, 'Careful');
    const api = http(server.url, user.token, { ip: nextIp() });
    const code = nextBoardCode();
    const opened = await api.post('/api/game/join', { code });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.data).toMatchObject({ board_code: code, game_status: 1, role: null });
    // Now the board has an open game: another player's join (with or without the old flag)
    // joins it and opens nothing.
    for (const create of [undefined, true, false]) {
      const other = await signUp(server, 'Later');
      const joined = await http(server.url, other.token).post('/api/game/join', { code, create });
      expect(joined.body.data.game_id).toBe(opened.body.data.game_id);
    }
    expectError(await api.post('/api/game/join', { code, create: 'yes' }), 400);
  });
});

describe('lobby creation limits and expiry (board-code squatting)', () => {
  it('one account opens at most 10 lobbies; the 11th is a clear 429', async () => {
    const user = await signUp(server, 'Squatter');
    const api = http(server.url, user.token, { ip: nextIp() });
    for (let i = 0; i < MAX_OPEN_LOBBIES_PER_USER; i++) {
      expect((await api.post('/api/game/join', { code: nextBoardCode() })).status).toBe(200);
    }
    const refused = await api.post('/api/game/join', { code: nextBoardCode() });
    expectError(refused, 429, MSG.LOBBY_LIMIT_USER);
  });

  it('one address opens at most 30 lobbies across accounts', async () => {
    const ip = nextIp();
    const users = await Promise.all(
      Array.from({ length: 4 }, (_, i) => signUp(server, `Net ${i}`)),
    );
    let opened = 0;
    for (const u of users) {
      const api = http(server.url, u.token, { ip });
      for (let i = 0; i < 8; i++) {
        const res = await api.post('/api/game/join', { code: nextBoardCode() });
        if (res.status === 200) opened += 1;
        else expectError(res, 429, MSG.LOBBY_LIMIT_IP);
      }
    }
    expect(opened).toBe(MAX_OPEN_LOBBIES_PER_IP);
  });
});

describe('roles and avatars', () => {
  it('gives a role-1 broker avatar 7 and investors the lowest free of 1-6', async () => {
    const table = await setupTable(server, { investors: 2 });
    const lobby = await table.broker.api.get(`/api/game/${table.gameId}/lobby`);
    expect(lobby.status).toBe(200);
    const byName = Object.fromEntries(
      lobby.body.data.game_players_data.map((p: any) => [p.username, p]),
    );
    expect(byName['Broker Bina']).toMatchObject({ role: 1, avatar_id: 7, image: '/avatars/7.svg' });
    expect(byName['Investor 1'].avatar_id).toBe(1);
    expect(byName['Investor 2'].avatar_id).toBe(2);
  });

  it("blocks a second broker with 'Broker Role already filled' and changes nothing", async () => {
    const table = await setupTable(server, { investors: 1 });
    const api = table.investors[0]!.api;
    expectError(
      await api.post(`/api/game/${table.gameId}/change-role`, { role: 3 }),
      409,
      MSG.BROKER_FILLED,
    );
    expectError(
      await api.post(`/api/game/${table.gameId}/change-role`, { role: 1 }),
      409,
      MSG.BROKER_FILLED,
    );
    const newcomer = await signUp(server, 'Second Broker');
    const napi = http(server.url, newcomer.token);
    await napi.post('/api/game/join', { code: table.code });
    expectError(
      await napi.post(`/api/game/${table.gameId}/select-role`, { role: 1 }),
      409,
      MSG.BROKER_FILLED,
    );
    const lobby = await api.get(`/api/game/${table.gameId}/lobby`);
    expect(lobby.body.data.game_players_data.map((p: any) => p.role).sort()).toEqual([1, 2]);
  });

  it('lists the free avatars without 7, and refuses a taken or the broker avatar', async () => {
    const table = await setupTable(server, { investors: 1 });
    const avatars = await table.investors[0]!.api.get(`/api/game/${table.gameId}/avatars`);
    expect(avatars.status).toBe(200);
    const ids = avatars.body.data.map((a: any) => a.id);
    expect(ids).not.toContain(7);
    expect(ids).toContain(1); // the caller's own avatar stays selectable for them
    expect(avatars.body.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      image: expect.any(String),
    });
    const other = await signUp(server, 'Other');
    const api = http(server.url, other.token);
    await api.post('/api/game/join', { code: table.code });
    const mine = await api.get(`/api/game/${table.gameId}/avatars`);
    expect(mine.body.data.map((a: any) => a.id)).not.toContain(1);
    expectError(
      await api.post(`/api/game/${table.gameId}/select-role`, { role: 2, avatar_id: 1 }),
      409,
      MSG.AVATAR_TAKEN,
    );
    expectError(
      await api.post(`/api/game/${table.gameId}/select-role`, { role: 2, avatar_id: 7 }),
      400,
      MSG.AVATAR_INVALID,
    );
    const ok = await api.post(`/api/game/${table.gameId}/select-role`, { role: 2, avatar_id: 5 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      success: true,
      message: MSG.ROLE_SELECTED,
      data: { avatar_id: 5, role: 2 },
    });
  });

  it('lets a player change their own role and avatar, and only the broker change another', async () => {
    const table = await setupTable(server, { investors: 2 });
    const [a, b] = table.investors as [any, any];
    const own = await a.api.post(`/api/game/${table.gameId}/change-role`, {
      role: 2,
      avatar_id: 4,
    });
    expect(own.body).toMatchObject({
      success: true,
      message: MSG.ROLE_UPDATED,
      data: { avatar_id: 4 },
    });
    expectError(
      await a.api.post(`/api/game/${table.gameId}/change-role`, {
        role: 2,
        player_id: b.playerId,
        avatar_id: 6,
      }),
      403,
      MSG.BROKER_ONLY,
    );
    const byBroker = await table.broker.api.post(`/api/game/${table.gameId}/change-role`, {
      role: 2,
      avatar_id: 6,
      player_id: b.playerId,
    });
    expect(byBroker.body.data).toMatchObject({ player_id: b.playerId, avatar_id: 6 });
    // the broker hands over: becomes an investor, another becomes broker
    const handover = await table.broker.api.post(`/api/game/${table.gameId}/change-role`, {
      role: 2,
    });
    expect(handover.body.data.role).toBe(2);
    expect(handover.body.data.avatar_id).not.toBe(7);
    const taken = await a.api.post(`/api/game/${table.gameId}/change-role`, { role: 3 });
    expect(taken.body.data.role).toBe(3);
  });

  it('validates role payloads', async () => {
    const table = await setupTable(server, { investors: 1 });
    const api = table.investors[0]!.api;
    for (const body of [{}, { role: 4 }, { role: '2' }, { role: 2, avatar_id: 9 }]) {
      expectError(await api.post(`/api/game/${table.gameId}/change-role`, body), 400);
    }
  });
});

describe('lobby, removal, settings, start, first player', () => {
  it('lists players in the shape of the lobby answer', async () => {
    const table = await setupTable(server, { investors: 1 });
    const res = await table.investors[0]!.api.get(`/api/game/${table.gameId}/lobby`);
    expect(res.body.data).toMatchObject({
      game_status: 1,
      board_code: table.code,
      my_role: 2,
      first_player: null,
    });
    const entry = res.body.data.game_players_data[0];
    expect(Object.keys(entry).sort()).toEqual(
      ['avatar_id', 'bot', 'id', 'image', 'player_id', 'role', 'username'].sort(),
    );
  });

  it('lets only the broker remove a player, in the lobby', async () => {
    const table = await setupTable(server, { investors: 2 });
    const [a, b] = table.investors as [any, any];
    expectError(
      await a.api.post(`/api/game/${table.gameId}/remove-player/${b.playerId}`),
      403,
      MSG.BROKER_ONLY,
    );
    expectError(
      await table.broker.api.post(
        `/api/game/${table.gameId}/remove-player/${table.broker.playerId}`,
      ),
      409,
      MSG.CANNOT_REMOVE_SELF,
    );
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/remove-player/999999`),
      404,
      MSG.PLAYER_NOT_FOUND,
    );
    expectError(await table.broker.api.post(`/api/game/${table.gameId}/remove-player/abc`), 404);
    const res = await table.broker.api.post(
      `/api/game/${table.gameId}/remove-player/${b.playerId}`,
    );
    expect(res.body).toMatchObject({ success: true, message: MSG.PLAYER_REMOVED });
    expectError(await b.api.get(`/api/game/${table.gameId}/lobby`), 403, MSG.NOT_IN_GAME);
    // the removed player may join again and take a seat
    expect((await b.api.post('/api/game/join', { code: table.code })).body.data.role).toBeNull();
  });

  it('reads and validates settings with their exact messages', async () => {
    const table = await setupTable(server, { investors: 1 });
    const read = await table.investors[0]!.api.get(`/api/game/${table.gameId}/settings`);
    expect(read.body.data).toEqual({
      starting_funds: 500000,
      payday_increment: 100000,
      trade_phase_duration: 120,
      orderbook_status: 0,
      ends_at: null,
      paydays_given: 0,
      paydays_total: 3,
    });
    const url = `/api/game/${table.gameId}/settings`;
    const good = { starting_funds: 700000, payday_increment: 300000, trade_phase_duration: 60 };
    const api = table.broker.api;
    expectError(
      await api.post(url, { ...good, starting_funds: 499999 }),
      400,
      'Starting Funds must be greater than or equal to 5,00,000',
    );
    expectError(
      await api.post(url, { ...good, starting_funds: 1000001 }),
      400,
      'Starting Funds must be less than or equal to 10,00,000',
    );
    expectError(
      await api.post(url, { ...good, payday_increment: 99999 }),
      400,
      'Payday Increments must be greater than or equal to 1,00,000',
    );
    expectError(
      await api.post(url, { ...good, payday_increment: 500001 }),
      400,
      'Payday Increments must be less than or equal to 5,00,000',
    );
    expectError(
      await api.post(url, { ...good, trade_phase_duration: 90 }),
      400,
      MSG.TRADE_DURATION_INVALID,
    );
    expectError(await table.investors[0]!.api.post(url, good), 403, MSG.BROKER_ONLY);
    expect((await api.get(url)).body.data.starting_funds).toBe(500000);
    const ok = await api.post(url, good);
    expect(ok.body).toMatchObject({
      success: true,
      data: { starting_funds: 700000, payday_increment: 300000, trade_phase_duration: 60 },
    });
  });

  it('starts only with a broker and an investor, funds investors, and locks the lobby', async () => {
    const alone = await setupTable(server, { investors: 0 });
    expectError(
      await alone.broker.api.post(`/api/game/${alone.gameId}/start`),
      409,
      MSG.NEED_INVESTOR,
    );

    const table = await setupTable(server, {
      investors: 2,
      settings: { starting_funds: 1000000, payday_increment: 100000, trade_phase_duration: 75 },
    });
    expectError(
      await table.investors[0]!.api.post(`/api/game/${table.gameId}/start`),
      403,
      MSG.BROKER_ONLY,
    );
    const started = await table.broker.api.post(`/api/game/${table.gameId}/start`);
    expect(started.body).toMatchObject({ success: true, message: 'Game started successfully' });
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/start`),
      409,
      MSG.GAME_NOT_IN_LOBBY,
    );
    const portfolio = await table.investors[0]!.api.get(`/api/game/${table.gameId}/user/portfolio`);
    expect(portfolio.body.data.current_balance).toBe(1000000);
    expect(portfolio.body.data.total_balance).toBe(1000000);
    expect(portfolio.body.data.total_profit_loss).toBe('0.00');
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/settings`, {
        starting_funds: 500000,
        payday_increment: 100000,
        trade_phase_duration: 60,
      }),
      409,
    );
    const lobby = await table.investors[1]!.api.get(`/api/game/${table.gameId}/lobby`);
    expect(lobby.body.data.game_status).toBe(2);
  });

  it('picks the first player among investors, for the broker only', async () => {
    const table = await setupTable(server, { investors: 3, start: true });
    expectError(
      await table.investors[0]!.api.post(`/api/game/${table.gameId}/first-player`),
      403,
      MSG.BROKER_ONLY,
    );
    const investorIds = table.investors.map((i) => i.playerId);
    for (let i = 0; i < 5; i++) {
      const res = await table.broker.api.post(`/api/game/${table.gameId}/first-player`);
      expect(investorIds).toContain(res.body.data.player_id);
      const lobby = await table.broker.api.get(`/api/game/${table.gameId}/lobby`);
      expect(lobby.body.data.first_player.player_id).toBe(res.body.data.player_id);
    }
  });
});

describe('end, showdown and completed games', () => {
  it('ends the game, ranks investors, and answers Game already completed. afterwards', async () => {
    const table = await setupTable(server, { investors: 2, start: true });
    expectError(
      await table.investors[0]!.api.post(`/api/game/${table.gameId}/end`),
      403,
      MSG.BROKER_ONLY,
    );
    // While the game runs the Showdown is the broker's screen.
    expectError(
      await table.investors[0]!.api.get(`/api/game/${table.gameId}/showdown`),
      403,
      MSG.BROKER_ONLY,
    );
    const show = await table.broker.api.get(`/api/game/${table.gameId}/showdown`);
    expect(show.body.data).toHaveLength(2);
    expect(show.body.data[0]).toMatchObject({ balance: 500000, rank: 1, rank_label: '1st' });
    expect(show.body.data[1]).toMatchObject({ rank: 1, rank_label: '1st' }); // a tie shares the rank
    const ended = await table.broker.api.post(`/api/game/${table.gameId}/end`);
    expect(ended.body).toMatchObject({ success: true, message: 'Game Ended successfully' });
    expect(ended.body.data[0]).toHaveProperty('rank_name');
    for (const path of [
      'lobby',
      'settings',
      'stocks',
      'user/portfolio',
      'transactions',
      'avatars',
    ]) {
      expectError(
        await table.investors[0]!.api.get(`/api/game/${table.gameId}/${path}`),
        409,
        'Game already completed.',
      );
    }
    expectError(
      await table.broker.api.post(`/api/game/${table.gameId}/end`),
      409,
      'Game already completed.',
    );
    expect((await table.investors[1]!.api.get(`/api/game/${table.gameId}/showdown`)).status).toBe(
      200,
    );
  });

  it('answers 404 for unknown or absurd game ids, never 500', async () => {
    const api = http(server.url, (await signUp(server, 'Curious')).token);
    for (const id of ['999999', '0', '-1', 'abc', '99999999999999999999', '1.5']) {
      const res = await api.get(`/api/game/${id}/lobby`);
      expect(res.status, id).toBe(404);
    }
  });

  it('keeps an outsider out of another game', async () => {
    const table = await setupTable(server, { investors: 1 });
    const outsider = http(server.url, (await signUp(server, 'Outsider')).token);
    expectError(await outsider.get(`/api/game/${table.gameId}/lobby`), 403, MSG.NOT_IN_GAME);
    expect((await outsider.get(`/api/game/${table.gameId}/lobby`)).body.error.code).toBe(
      'FORBIDDEN',
    );
  });
});

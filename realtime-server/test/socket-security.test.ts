import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { gameRoom } from '../src/realtime/publisher.ts';
import { FakeClock } from './helpers/clock.ts';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { setupTable } from './helpers/game.ts';
import { TestClient, waitUntil } from './helpers/sockets.ts';

/**
 * The realtime half of the attacks: room membership is checked before joining, revoked sessions
 * lose their sockets and recovery re-checks them, every event passes the rate limit, and bad ids
 * answer an error acknowledgement.
 */
let server: TestServer;
const clock = new FakeClock();
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

/** The reason the server gives when it drops the socket, or 'still connected' after 5 s. */
const disconnected = (client: TestClient) =>
  new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), 5000);
    client.socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** The user ids of the sockets in a game's room, as the server sees them. */
async function roomUsers(gameId: number): Promise<Array<number | null>> {
  const sockets = await server.application.io.in(gameRoom(gameId)).fetchSockets();
  return sockets.map((s) => s.data.userId);
}

describe('game:join checks the seat before joining the room', () => {
  it('an outsider who keeps asking to join never receives one event of the game', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const outsider = await TestClient.connect(
      server.url,
      (await signUp(server, 'Eavesdropper')).token,
    );
    const insider = await TestClient.connect(server.url, table.investors[0]!.token);
    await insider.snapshot('game:join', table.gameId);

    const asks = (async () => {
      const answers = [];
      for (let i = 0; i < 25; i++)
        answers.push(await outsider.emit('game:join', { game_id: table.gameId }));
      return answers;
    })();
    const updates = (async () => {
      for (let i = 0; i < 25; i++) {
        const res = await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
          stock_id: 1 + (i % 6),
          operation: i % 2 ? '-' : '+',
          value: 1,
        });
        expect(res.status).toBe(200);
      }
    })();
    const [answers] = await Promise.all([asks, updates]);
    for (const answer of answers) expect(answer).toMatchObject({ error: { code: 'FORBIDDEN' } });
    await waitUntil(() => insider.count('price:updated') === 25, 5000, 'the insider events');
    expect(outsider.received).toEqual([]);
    expect(await roomUsers(table.gameId)).not.toContain(null);
    outsider.close();
    insider.close();
  });

  it('a join racing the removal of its player never leaves the removed user in the room', async () => {
    for (let round = 0; round < 4; round++) {
      const table = await setupTable(server, { investors: 2 });
      const leaving = table.investors[1]!;
      const device = await TestClient.connect(server.url, leaving.token);
      const [joined, removed] = await Promise.all([
        device.emit('game:join', { game_id: table.gameId }),
        table.broker.api.post(`/api/game/${table.gameId}/remove-player/${leaving.playerId}`),
      ]);
      expect(removed.status).toBe(200);
      expect('data' in joined || joined.error.code === 'FORBIDDEN').toBe(true);
      expect(await roomUsers(table.gameId)).not.toContain(leaving.userId);
      device.close();
    }
  });

  it('a leave sent right after a join is applied after it: the socket ends outside the room', async () => {
    const table = await setupTable(server, { investors: 1 });
    const device = await TestClient.connect(server.url, table.investors[0]!.token);
    const [joined, left] = await Promise.all([
      device.emit('game:join', { game_id: table.gameId }),
      device.emit('game:leave', { game_id: table.gameId }),
    ]);
    expect(joined).toHaveProperty('data');
    expect(left).toEqual({ data: { left: true } });
    expect(await roomUsers(table.gameId)).not.toContain(table.investors[0]!.userId);
    device.close();
  });

  it('ids past the integer column answer an error acknowledgement, not an internal error', async () => {
    const user = await signUp(server, 'Big Numbers');
    const client = await TestClient.connect(server.url, user.token);
    for (const game_id of [3e9, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e300]) {
      for (const event of ['game:join', 'game:resync', 'game:leave'] as const) {
        const res = await client.emit(event, { game_id });
        expect(res, `${event} ${game_id}`).toHaveProperty('error');
        if ('error' in res) expect(res.error.code).not.toBe('INTERNAL');
      }
    }
    client.close();
  });
});

describe('revoked sessions lose their sockets', () => {
  it('logout disconnects that session’s sockets and leaves the user’s other sessions', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const phone = await TestClient.connect(server.url, investor.token);
    await phone.snapshot('game:join', table.gameId);
    // The same user signed in on a second device: another session.
    const tablet = await TestClient.connect(server.url, (await signInAgain(investor)).token);
    await tablet.snapshot('game:join', table.gameId);

    const gone = disconnected(phone);
    expect((await http(server.url, investor.token).get('/api/auth/logout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');

    await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: 2,
      operation: '+',
      value: 3,
    });
    await tablet.waitFor('price:updated');
    expect(phone.count('price:updated')).toBe(0);
    expect(tablet.socket.connected).toBe(true);
    tablet.close();
  });

  it('reusing a rotated refresh token revokes the family and disconnects its sockets', async () => {
    const user = await signUp(server, 'Stolen Token');
    const refreshed = await http(server.url).post('/api/auth/refresh-access-token', {
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const device = await TestClient.connect(server.url, refreshed.body.data.access_token);
    const gone = disconnected(device);
    const reused = await http(server.url).post('/api/auth/refresh-access-token', {
      refresh_token: user.refreshToken,
    });
    expect(reused.status).toBe(401);
    expect(await gone).toBe('io server disconnect');
  });

  it('Connection State Recovery re-checks the session: a revoked one is refused', async () => {
    const table = await setupTable(server, { investors: 1, start: true });
    const investor = table.investors[0]!;
    const socket = io(server.url, {
      auth: { token: investor.token },
      transports: ['websocket'],
      reconnectionDelay: 50,
      reconnectionDelayMax: 50,
      forceNew: true,
    });
    const client = new TestClient(socket as never);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await client.snapshot('game:join', table.gameId);
    await table.broker.api.post(`/api/game/${table.gameId}/stocks`, {
      stock_id: 1,
      operation: '+',
      value: 1,
    });
    await client.waitFor('price:updated'); // an event seen: the socket can be recovered

    // The network drops; while the phone is away, the session is signed out elsewhere.
    const refused = new Promise<Error>((r) => socket.once('connect_error', (err) => r(err)));
    socket.io.reconnection(false);
    socket.io.engine.close();
    expect((await http(server.url, investor.token).get('/api/auth/logout')).status).toBe(200);
    socket.io.reconnection(true);
    socket.connect();
    expect((await refused).message).toBe('UNAUTHORIZED');
    expect(socket.connected).toBe(false);
    socket.disconnect();
  });

  it('a recovered socket of a removed player is not put back in the game room', async () => {
    const table = await setupTable(server, { investors: 2 });
    const leaving = table.investors[1]!;
    const socket = io(server.url, {
      auth: { token: leaving.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    const client = new TestClient(socket as never);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await client.snapshot('game:join', table.gameId);
    await table.broker.api.post(`/api/game/${table.gameId}/settings`, {
      starting_funds: 500000,
      payday_increment: 100000,
      trade_phase_duration: 75,
    });
    await client.waitFor('settings:changed'); // an event seen: the socket can be recovered

    socket.io.engine.close();
    const removed = await table.broker.api.post(
      `/api/game/${table.gameId}/remove-player/${leaving.playerId}`,
    );
    expect(removed.status).toBe(200);
    const back = new Promise<void>((r) => socket.once('connect', () => r()));
    socket.connect();
    await back;
    expect(socket.recovered).toBe(true);
    await waitUntil(async () => !(await roomUsers(table.gameId)).includes(leaving.userId));
    socket.disconnect();
  });

  it('remove-player takes every device of the removed user out of the room', async () => {
    const table = await setupTable(server, { investors: 2 });
    const leaving = table.investors[1]!;
    const first = await TestClient.connect(server.url, leaving.token);
    const second = await TestClient.connect(server.url, leaving.token);
    await first.snapshot('game:join', table.gameId);
    await second.snapshot('game:join', table.gameId);
    expect(await roomUsers(table.gameId)).toContain(leaving.userId);
    await table.broker.api.post(`/api/game/${table.gameId}/remove-player/${leaving.playerId}`);
    await waitUntil(async () => !(await roomUsers(table.gameId)).includes(leaving.userId));
    first.close();
    second.close();
  });
});

describe('every socket event passes one rate limit', () => {
  it('unknown events get an error acknowledgement when one is asked for', async () => {
    const client = await TestClient.connect(server.url, (await signUp(server, 'Curious')).token);
    expect(await client.emit('admin:drop' as never, {})).toMatchObject({
      error: { code: 'VALIDATION' },
    });
    client.close();
  });

  it('a flood of unknown events without acknowledgements is limited and then disconnected', async () => {
    const client = await TestClient.connect(server.url, (await signUp(server, 'Spinner')).token);
    const gone = disconnected(client);
    const raw = client.socket as unknown as { emit(event: string, payload: unknown): void };
    for (let i = 0; i < 500; i++) raw.emit('nonsense:event', { i });
    expect(await gone).toBe('io server disconnect');
    expect((await http(server.url).get('/healthz')).status).toBe(200);
  });

  it('known events without acknowledgements count against the same bucket', async () => {
    const client = await TestClient.connect(server.url, (await signUp(server, 'Silent')).token);
    const gone = disconnected(client);
    const raw = client.socket as unknown as { emit(event: string, payload: unknown): void };
    for (let i = 0; i < 500; i++) raw.emit('game:leave', { game_id: 1 });
    expect(await gone).toBe('io server disconnect');
  });

  it('after the bucket is empty, known and unknown events alike are answered RATE_LIMITED', async () => {
    const client = await TestClient.connect(server.url, (await signUp(server, 'Hasty')).token);
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        client.emit(i % 2 ? ('what:ever' as never) : 'game:leave', { game_id: 1 }),
      ),
    );
    const limited = answers.filter((a) => 'error' in a && a.error.code === 'RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(0);
    client.close();
  });
});

/** A second sign-in of the same user (another device): a new session family. */
async function signInAgain(user: { phone: string }) {
  clock.advance(41); // past the resend wait of the first sign-in's code
  const api = http(server.url, undefined, { ip: '10.250.0.1' });
  const before = server.otps.count(user.phone);
  const sent = await api.post('/api/auth/send-otp', {
    country_code: '+91',
    phone_number: user.phone,
  });
  expect(sent.status).toBe(200);
  const otp = await server.otps.code(user.phone, before + 1);
  const login = await api.post('/api/auth/login', {
    country_code: '+91',
    phone_number: user.phone,
    otp_id: sent.body.data.otp_id,
    otp,
  });
  expect(login.status).toBe(200);
  return { token: login.body.data.token_details.access_token as string };
}

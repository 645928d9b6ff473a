import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from './helpers/clock.ts';
import { http, signUp, startTestServer, type TestServer } from './helpers/server.ts';
import { TestClient } from './helpers/sockets.ts';

let server: TestServer;
const clock = new FakeClock();
beforeAll(async () => {
  server = await startTestServer({ clock });
});
afterAll(async () => {
  await server?.close();
});

describe('socket handshake and token lifetime', () => {
  it('refuses an expired access token with TOKEN_EXPIRED, and takes the refreshed one', async () => {
    const user = await signUp(server, 'Sleepy');
    const fresh = await TestClient.connect(server.url, user.token);
    fresh.close();

    clock.advance(16 * 60); // the phone slept past the 15-minute access token
    await expect(TestClient.connect(server.url, user.token)).rejects.toThrow('TOKEN_EXPIRED');

    const refreshed = await http(server.url).post('/api/auth/refresh-access-token', {
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    const again = await TestClient.connect(server.url, refreshed.body.data.access_token);
    expect(again.socket.connected).toBe(true);
    again.close();
  });

  it('refuses the token of a signed-out session as UNAUTHORIZED', async () => {
    const user = await signUp(server, 'Leaver');
    expect((await http(server.url, user.token).get('/api/auth/logout')).status).toBe(200);
    await expect(TestClient.connect(server.url, user.token)).rejects.toThrow('UNAUTHORIZED');
  });
});

import { describe, expect, it } from 'vitest';
import { EMPTY_LOBBY_TTL_SECONDS, MAX_OPEN_LOBBIES_PER_USER } from '@showdown/shared/constants';
import { FakeClock } from './helpers/clock.ts';
import { http, nextIp, signUp, useTestServer } from './helpers/server.ts';
import { nextBoardCode, seat } from './helpers/game.ts';

const clock = new FakeClock();
const server = useTestServer({ clock });

describe('empty lobbies expire after 24 h', () => {
  it('frees the board code and the creator’s lobby allowance; a lobby with a seat stays', async () => {
    const user = await signUp(server, 'Opener');
    const api = http(server.url, user.token, { ip: nextIp() });
    const codes = Array.from({ length: MAX_OPEN_LOBBIES_PER_USER }, () => nextBoardCode());
    const ids: number[] = [];
    for (const code of codes) {
      const res = await api.post('/api/game/join', { code });
      expect(res.status).toBe(200);
      ids.push(res.body.data.game_id);
    }
    const seatedCode = nextBoardCode();
    const broker = await seat(server, seatedCode, 'Keeper', 1);
    const kept = await broker.api.post('/api/game/join', { code: seatedCode });

    clock.advance(EMPTY_LOBBY_TTL_SECONDS - 60);
    // A day later the access tokens have expired: sign in again with the refresh tokens.
    const refreshed = async (refreshToken: string) => {
      const res = await http(server.url).post('/api/auth/refresh-access-token', {
        refresh_token: refreshToken,
      });
      expect(res.status).toBe(200);
      return res.body.data as { access_token: string; refresh_token: string };
    };
    let tokens = await refreshed(user.refreshToken);
    let client = http(server.url, tokens.access_token, { ip: nextIp() });
    expect((await client.post('/api/game/join', { code: codes[0] })).body.data.game_id).toBe(
      ids[0],
    );
    clock.advance(120);
    tokens = await refreshed(tokens.refresh_token);
    client = http(server.url, tokens.access_token, { ip: nextIp() });
    const brokerApi = http(server.url, (await refreshed(broker.refreshToken)).access_token);
    // Expired: the board read (which deletes nothing) already tells the code has no open game,
    // and the creator may open lobbies again.
    const gone = await client.get(`/api/board/${codes[1]}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.data).toEqual({
      board_code: codes[1],
      open_game: false,
      game_id: null,
      status: null,
    });
    const again = await client.post('/api/game/join', { code: codes[1] });
    expect(again.status).toBe(200);
    expect(again.body.data.game_id).not.toBe(ids[1]);
    const stays = await brokerApi.post('/api/game/join', { code: seatedCode });
    expect(stays.body.data.game_id).toBe(kept.body.data.game_id);
  });
});

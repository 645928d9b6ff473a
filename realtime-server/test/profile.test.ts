import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATARS, avatarById } from '@showdown/shared/catalogue';
import { MSG } from '@showdown/shared/messages';
import { http, signUp, startTestServer, type SignedUp, type TestServer } from './helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const failure = (code: string, message: string) => ({ success: false, error: { code, message } });

describe('GET /api/user/profile', () => {
  it('answers the signed-in user', async () => {
    const user = await signUp(server, 'Kabir');
    const answer = await http(server.url, user.token).get('/api/user/profile');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      data: {
        id: user.userId,
        username: 'Kabir',
        country_code: '+91',
        phone_number: user.phone,
        email: null,
        avatar_id: null,
        profile_image: null,
      },
    });
  });

  it('needs a valid token', async () => {
    const none = await http(server.url).get('/api/user/profile');
    expect(none.status).toBe(401);
    expect(none.body).toEqual(failure('UNAUTHORIZED', MSG.NO_TOKEN));
    const bad = await http(server.url, 'x.y.z').get('/api/user/profile');
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_TOKEN));
  });
});

describe('PUT /api/user/profile', () => {
  let user: SignedUp;
  const api = () => http(server.url, user.token);
  const profile = async () => (await api().get('/api/user/profile')).body.data;

  beforeAll(async () => {
    user = await signUp(server, 'Tara');
  });

  it('updates name, email and avatar; the avatar gives the profile image', async () => {
    const answer = await api().put('/api/user/profile', {
      username: '  Tara S  ',
      email: 'tara@example.com',
      avatar_id: 3,
    });
    expect(answer.status).toBe(200);
    const expected = {
      id: user.userId,
      username: 'Tara S',
      country_code: '+91',
      phone_number: user.phone,
      email: 'tara@example.com',
      avatar_id: 3,
      profile_image: avatarById(3)!.image,
    };
    expect(answer.body).toEqual({ success: true, message: MSG.PROFILE_UPDATED, data: expected });
    expect(await profile()).toEqual(expected);
  });

  it('changes only the fields sent', async () => {
    const before = await profile();
    const answer = await api().put('/api/user/profile', { avatar_id: 7 });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      ...before,
      avatar_id: 7,
      profile_image: avatarById(7)!.image,
    });
    const nothing = await api().put('/api/user/profile', {});
    expect(nothing.status).toBe(200);
    expect(nothing.body.data).toEqual(await profile());
  });

  it('clears the email when it is empty', async () => {
    await api().put('/api/user/profile', { email: 'someone@example.com' });
    const before = await profile();
    const answer = await api().put('/api/user/profile', { email: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...before, email: null });
    expect((await profile()).email).toBeNull();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email: Invalid email address.'],
    [{ username: '   ' }, 'Username cannot be empty.'],
    [{ username: 'x'.repeat(41) }, /username/],
    [{ avatar_id: 8 }, /avatar_id/],
    [{ avatar_id: 0 }, /avatar_id/],
    [{ avatar_id: 'fox' }, /avatar_id/],
    [{ username: 'Valid', avatar_id: 9 }, /avatar_id/],
  ])('rejects %j with 400 and changes nothing', async (body, message) => {
    const before = await profile();
    const answer = await api().put('/api/user/profile', body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.error.code).toBe('VALIDATION');
    if (typeof message === 'string') expect(answer.body.error.message).toBe(message);
    else expect(answer.body.error.message).toMatch(message);
    expect(await profile()).toEqual(before);
  });

  it('needs a token', async () => {
    const answer = await http(server.url).put('/api/user/profile', { username: 'Intruder' });
    expect(answer.status).toBe(401);
  });

  it('shows in the next sign-in', async () => {
    const other = await signUp(server, 'Neel');
    await http(server.url, other.token).put('/api/user/profile', { avatar_id: 5 });
    const refreshed = await http(server.url).post('/api/auth/refresh-access-token', {
      refresh_token: other.refreshToken,
    });
    const me = await http(server.url, refreshed.body.data.access_token).get('/api/user/profile');
    expect(me.body.data).toMatchObject({ username: 'Neel', avatar_id: 5 });
  });
});

describe('GET /api/avatars', () => {
  it('lists all seven avatars with id, name and image', async () => {
    const user = await signUp(server, 'Isha');
    const answer = await http(server.url, user.token).get('/api/avatars');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, data: AVATARS });
    expect(answer.body.data.map((a: { id: number }) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const avatar of answer.body.data) {
      expect(Object.keys(avatar).sort()).toEqual(['id', 'image', 'name']);
    }
  });

  it('needs a token', async () => {
    expect((await http(server.url).get('/api/avatars')).status).toBe(401);
  });
});

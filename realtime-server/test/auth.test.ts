import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  PHONE_VERIFIED_TTL_SECONDS,
} from '@showdown/shared/constants';
import { MSG } from '@showdown/shared/messages';
import { loadJwtSecret } from '../src/auth/jwt-secret.ts';
import {
  OTP_MAX_SENDS_PER_IP,
  OTP_MAX_SENDS_PER_PHONE,
  OTP_WINDOW_SECONDS,
} from '../src/auth/otp-service.ts';
import { createOtpSender } from '../src/auth/otp-sender.ts';
import { users } from '../src/db/schema.ts';
import type { Logger } from '../src/logger.ts';
import { FakeClock } from './helpers/clock.ts';
import { http, nextIp, nextPhone, signUp, useTestServer } from './helpers/server.ts';

const CC = '+91';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const clock = new FakeClock();
const server = useTestServer({ clock });

/** A client with an address of its own, so the per-address limit only counts its own calls. */
const client = (ip = nextIp(), token?: string) => http(server.url, token, { ip });

function sendOtp(phone: string, api = client()) {
  return api.post('/api/auth/send-otp', { country_code: CC, phone_number: phone });
}

/** Sends a code and reads it from the SMS webhook. */
async function requestCode(phone: string, api = client()) {
  const before = server.otps.count(phone);
  const sent = await sendOtp(phone, api);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return {
    otpId: sent.body.data.otp_id as string,
    code: await server.otps.code(phone, before + 1),
  };
}

async function resend(phone: string, otpId: string, api = client()) {
  const before = server.otps.count(phone);
  const answer = await api.post('/api/auth/resend-otp', { otp_id: otpId });
  const code = answer.status === 200 ? await server.otps.code(phone, before + 1) : undefined;
  return { answer, code };
}

function login(phone: string, otpId: string, otp: string, api = client()) {
  return api.post('/api/auth/login', { country_code: CC, phone_number: phone, otp_id: otpId, otp });
}

/** Registers with the token a login's NO_USER answer gave (`tokenOf`), or a made-up one. */
function register(phone: string, username = 'Asha', registrationToken = 'not-a-real-token') {
  return client().post('/api/auth/register', {
    username,
    country_code: CC,
    phone_number: phone,
    registration_token: registrationToken,
  });
}

const tokenOf = (login: { body: any }) => login.body.data.registration_token as string;

const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

function failure(code: string, message: string) {
  return { success: false, error: { code, message } };
}

const profileWith = (token: string) => client(undefined, token).get('/api/user/profile');

describe('POST /api/auth/send-otp', () => {
  it('sends a 4-digit code to the webhook and answers the otp_id', async () => {
    const phone = nextPhone();
    const answer = await sendOtp(phone);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: MSG.OTP_SENT,
      data: {
        otp_id: expect.stringMatching(UUID),
        resend_available_at: new Date(
          clock.now().getTime() + OTP_RESEND_SECONDS * 1000,
        ).toISOString(),
      },
    });
    const delivered = server.otps.messages.filter((m) => m.phone_number === phone);
    expect(delivered).toEqual([
      { country_code: CC, phone_number: phone, otp: expect.stringMatching(/^\d{4}$/) },
    ]);
  });

  it('is also served at /api/auth/register/sendotp', async () => {
    const phone = nextPhone();
    const answer = await client().post('/api/auth/register/sendotp', {
      country_code: CC,
      phone_number: phone,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.otp_id).toMatch(UUID);
    await expect(server.otps.code(phone)).resolves.toMatch(/^\d{4}$/);
  });

  it.each([
    [{ country_code: CC, phone_number: '12345' }, 'Phone number must be 10 digits.'],
    [{ country_code: CC, phone_number: '98765abcde' }, 'Phone number must be 10 digits.'],
    [{ country_code: CC, phone_number: '987654321012' }, 'Phone number must be 10 digits.'],
    [{ country_code: '91', phone_number: '9876543210' }, 'country_code: Invalid country code.'],
  ])('rejects %j with 400 and a clear message', async (body, message) => {
    const answer = await client().post('/api/auth/send-otp', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(failure('VALIDATION', message));
  });

  it('rejects a missing phone and a body that is not JSON', async () => {
    const missing = await client().post('/api/auth/send-otp', { country_code: CC });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/phone_number/);
    const garbage = await client().post('/api/auth/send-otp', '{"country_code":');
    expect(garbage.status).toBe(400);
    expect(garbage.body.success).toBe(false);
  });

  it('refuses a second code for the same phone within 40 s, allows it after', async () => {
    const phone = nextPhone();
    await requestCode(phone);
    clock.advance(OTP_RESEND_SECONDS - 1);
    const early = await sendOtp(phone);
    expect(early.status).toBe(429);
    expect(early.body).toEqual(failure('RATE_LIMITED', MSG.OTP_RESEND_TOO_SOON));
    clock.advance(1);
    expect((await sendOtp(phone)).status).toBe(200);
  });

  it('allows 5 codes per phone in 15 minutes, resends included', async () => {
    const phone = nextPhone();
    const first = await requestCode(phone);
    clock.advance(OTP_RESEND_SECONDS);
    expect((await resend(phone, first.otpId)).answer.status).toBe(200);
    for (let i = 2; i < OTP_MAX_SENDS_PER_PHONE; i++) {
      clock.advance(OTP_RESEND_SECONDS);
      // A new address each time: this is the phone's limit, not the address's.
      expect((await sendOtp(phone)).status).toBe(200);
    }
    clock.advance(OTP_RESEND_SECONDS);
    const sixth = await sendOtp(phone);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual(failure('RATE_LIMITED', MSG.OTP_RATE_LIMITED));
    const sixthResend = await resend(phone, first.otpId);
    expect(sixthResend.answer.status).toBe(429);
    expect(sixthResend.answer.body.error.message).toBe(MSG.OTP_RATE_LIMITED);
    expect(server.otps.count(phone)).toBe(OTP_MAX_SENDS_PER_PHONE);

    // The window slides: 15 minutes after the first send, one more is allowed.
    clock.advance(OTP_WINDOW_SECONDS - OTP_MAX_SENDS_PER_PHONE * OTP_RESEND_SECONDS);
    expect((await sendOtp(phone)).status).toBe(200);
    expect((await sendOtp(nextPhone())).status).toBe(200);
  });

  it('allows 20 codes per client address in 15 minutes', async () => {
    const api = client();
    for (let i = 0; i < OTP_MAX_SENDS_PER_IP; i++) {
      expect((await sendOtp(nextPhone(), api)).status).toBe(200);
    }
    const over = await sendOtp(nextPhone(), api);
    expect(over.status).toBe(429);
    expect(over.body).toEqual(failure('RATE_LIMITED', MSG.OTP_RATE_LIMITED));
    expect((await sendOtp(nextPhone(), client())).status).toBe(200);
    clock.advance(OTP_WINDOW_SECONDS + 1);
    expect((await sendOtp(nextPhone(), api)).status).toBe(200);
  });

  it('holds the per-phone limit under parallel requests', async () => {
    const phone = nextPhone();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendOtp(phone)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });

  it('answers 502 when the SMS gateway fails, and the undelivered code cannot be used', async () => {
    const phone = nextPhone();
    server.otps.failWith(500);
    const failed = await sendOtp(phone).finally(() => server.otps.failWith(null));
    expect(failed.status).toBe(502);
    expect(failed.body).toEqual(failure('INTERNAL', MSG.OTP_DELIVERY_FAILED));
    // The failed send still counts: the cooldown applies, then a new code arrives.
    expect((await sendOtp(phone)).status).toBe(429);
    clock.advance(OTP_RESEND_SECONDS);
    const { otpId, code } = await requestCode(phone);
    expect((await login(phone, otpId, code)).body.error.code).toBe('NO_USER');
  });
});

describe('POST /api/auth/resend-otp', () => {
  it('is refused before 40 s; after, it sends a new code and the old one stops working', async () => {
    const phone = nextPhone();
    const first = await requestCode(phone);
    clock.advance(OTP_RESEND_SECONDS - 1);
    const early = await resend(phone, first.otpId);
    expect(early.answer.status).toBe(429);
    expect(early.answer.body).toEqual(failure('RATE_LIMITED', MSG.OTP_RESEND_TOO_SOON));

    clock.advance(1);
    const again = await resend(phone, first.otpId);
    expect(again.answer.status).toBe(200);
    expect(again.answer.body).toEqual({
      success: true,
      message: MSG.OTP_SENT,
      data: {
        otp_id: first.otpId,
        resend_available_at: new Date(
          clock.now().getTime() + OTP_RESEND_SECONDS * 1000,
        ).toISOString(),
      },
    });
    // A repeat of the same 4 digits is possible (1 in 10,000); then the old code is the new one.
    if (again.code !== first.code) {
      const old = await login(phone, first.otpId, first.code);
      expect(old.status).toBe(400);
      expect(old.body).toEqual(failure('OTP_INCORRECT', MSG.OTP_INCORRECT));
    }
    const fresh = await login(phone, first.otpId, again.code!);
    expect(fresh.status).toBe(404);
    expect(fresh.body.error.code).toBe('NO_USER');
  });

  it('restarts the tries and the 5 minutes', async () => {
    const phone = nextPhone();
    const first = await requestCode(phone);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      await login(phone, first.otpId, wrong(first.code));
    }
    expect((await login(phone, first.otpId, first.code)).status).toBe(429);
    clock.advance(OTP_TTL_SECONDS - 20);
    const again = await resend(phone, first.otpId);
    expect(again.answer.status).toBe(200);
    clock.advance(60); // past the first code's 5 minutes, within the new code's
    expect((await login(phone, first.otpId, again.code!)).body.error.code).toBe('NO_USER');
  });

  it('answers 404 for an unknown otp_id and 400 without one', async () => {
    const unknown = await client().post('/api/auth/resend-otp', { otp_id: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(failure('NOT_FOUND', MSG.OTP_NOT_FOUND));
    const notUuid = await client().post('/api/auth/resend-otp', { otp_id: 'abc' });
    expect(notUuid.status).toBe(404);
    const missing = await client().post('/api/auth/resend-otp', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('VALIDATION');
  });

  it('does not revive a code that was already used', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    await login(phone, otpId, code);
    clock.advance(OTP_RESEND_SECONDS);
    const answer = await client().post('/api/auth/resend-otp', { otp_id: otpId });
    expect(answer.status).toBe(404);
  });
});

describe('POST /api/auth/login', () => {
  it('rejects a wrong code with the exact message and code OTP_INCORRECT', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const answer = await login(phone, otpId, wrong(code));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(failure('OTP_INCORRECT', MSG.OTP_INCORRECT));
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      expect((await login(phone, otpId, wrong(code))).status).toBe(400);
    }
    const right = await login(phone, otpId, code);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(failure('RATE_LIMITED', MSG.OTP_TOO_MANY_ATTEMPTS));
  });

  it('counts parallel wrong guesses atomically: never more than 5', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + 1 + i) % 10_000).padStart(4, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => login(phone, otpId, g)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(OTP_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - OTP_MAX_ATTEMPTS);
    expect((await login(phone, otpId, code)).status).toBe(429);
  });

  it('expires a code after 5 minutes', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    clock.advance(OTP_TTL_SECONDS);
    const answer = await login(phone, otpId, code);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(failure('OTP_EXPIRED', MSG.OTP_EXPIRED));
  });

  it('accepts a code once only', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    expect((await login(phone, otpId, code)).status).toBe(404);
    const again = await login(phone, otpId, code);
    expect(again.status).toBe(400);
    expect(again.body).toEqual(failure('OTP_EXPIRED', MSG.OTP_EXPIRED));
  });

  it('accepts an otp_id only with the phone it was sent to', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const other = await login(nextPhone(), otpId, code);
    expect(other.status).toBe(404);
    expect(other.body).toEqual(failure('NOT_FOUND', MSG.OTP_NOT_FOUND));
    expect((await login(phone, randomUUID(), code)).status).toBe(404);
    // The code is still good for its own phone.
    expect((await login(phone, otpId, code)).body.error.code).toBe('NO_USER');
  });

  it('validates the payload', async () => {
    const phone = nextPhone();
    const short = await login(phone, randomUUID(), '12');
    expect(short.status).toBe(400);
    expect(short.body).toEqual(failure('VALIDATION', 'Please enter the OTP'));
    const noId = await client().post('/api/auth/login', {
      country_code: CC,
      phone_number: phone,
      otp: '1234',
    });
    expect(noId.status).toBe(400);
  });

  it('signs an existing user in with user_details and token_details', async () => {
    const user = await signUp(server, 'Ravi');
    clock.advance(OTP_RESEND_SECONDS);
    const { otpId, code } = await requestCode(user.phone);
    const answer = await login(user.phone, otpId, code);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: MSG.LOGIN_OK,
      data: {
        user_details: {
          id: user.userId,
          username: 'Ravi',
          country_code: CC,
          phone_number: user.phone,
          email: null,
          avatar_id: null,
          profile_image: null,
        },
        token_details: {
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          access_token_expires_at: new Date(
            Math.floor(clock.now().getTime() / 1000) * 1000 + ACCESS_TOKEN_TTL_SECONDS * 1000,
          ).toISOString(),
        },
      },
    });
    const profile = await profileWith(answer.body.data.token_details.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body.data.id).toBe(user.userId);
  });
});

describe('POST /api/auth/register', () => {
  it('registers a phone that passed an OTP (login said NO_USER)', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const unknown = await login(phone, otpId, code);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      ...failure('NO_USER', MSG.NO_USER),
      data: {
        registration_token: expect.any(String),
        registration_token_expires_at: expect.any(String),
      },
    });

    const answer = await register(phone, '  Meera  ', tokenOf(unknown));
    expect(answer.status).toBe(201);
    const userDetails = {
      id: expect.any(Number),
      username: 'Meera',
      country_code: CC,
      phone_number: phone,
      email: null,
      avatar_id: null,
      profile_image: null,
    };
    const tokenDetails = {
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      access_token_expires_at: expect.any(String),
    };
    expect(answer.body).toEqual({
      success: true,
      message: MSG.REGISTER_OK,
      data: { user_details: userDetails, token_details: tokenDetails },
      user_details: userDetails,
      token_details: tokenDetails,
    });
    const profile = await profileWith(answer.body.token_details.access_token);
    expect(profile.status).toBe(200);
    expect(profile.body.data.username).toBe('Meera');

    // Now the same phone signs in instead.
    clock.advance(OTP_RESEND_SECONDS);
    const next = await requestCode(phone);
    const signedIn = await login(phone, next.otpId, next.code);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user_details.id).toBe(answer.body.user_details.id);
  });

  it('refuses a phone that did not pass an OTP: 400 without a token, 403 with a made-up one', async () => {
    const missing = await client().post('/api/auth/register', {
      username: 'Asha',
      country_code: CC,
      phone_number: nextPhone(),
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual(failure('VALIDATION', MSG.PHONE_NOT_VERIFIED));
    const answer = await register(nextPhone());
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(failure('FORBIDDEN', MSG.REGISTRATION_TOKEN_INVALID));
  });

  it('refuses a wrong code as verification', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const refused = await login(phone, otpId, wrong(code));
    expect(refused.body.data).toBeUndefined();
    expect((await register(phone)).status).toBe(403);
  });

  it('forgets the verification after 10 minutes', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const unknown = await login(phone, otpId, code);
    expect(unknown.status).toBe(404);
    clock.advance(PHONE_VERIFIED_TTL_SECONDS);
    const answer = await register(phone, 'Asha', tokenOf(unknown));
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('FORBIDDEN');
  });

  it('answers 409 when the verified phone already has an account', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const unknown = await login(phone, otpId, code);
    expect(unknown.status).toBe(404);
    // An account created for this phone meanwhile (say, by a parallel registration).
    await server.database.db
      .insert(users)
      .values({ username: 'Early', countryCode: CC, phoneNumber: phone });
    const answer = await register(phone, 'Asha', tokenOf(unknown));
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(failure('CONFLICT', MSG.USER_EXISTS));
  });

  it('creates one account when the same phone registers twice', async () => {
    const phone = nextPhone();
    const { otpId, code } = await requestCode(phone);
    const token = tokenOf(await login(phone, otpId, code));
    const answers = await Promise.all([
      register(phone, 'One', token),
      register(phone, 'Two', token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403]);
    // The token was spent by the first registration.
    const later = await register(phone, 'Three', token);
    expect(later.status).toBe(403);
  });

  it('validates the payload', async () => {
    const answer = await client().post('/api/auth/register', {
      username: '   ',
      country_code: CC,
      phone_number: nextPhone(),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(failure('VALIDATION', 'Please enter your name and phone number.'));
  });
});

describe('access tokens: 401 signs out, 403 refreshes', () => {
  it('answers 401 without a token', async () => {
    const answer = await client().get('/api/user/profile');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(failure('UNAUTHORIZED', MSG.NO_TOKEN));
    const basic = await fetch(`${server.url}/api/user/profile`, {
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual(failure('UNAUTHORIZED', MSG.NO_TOKEN));
  });

  it('answers 401 for a malformed token', async () => {
    const answer = await profileWith('not-a-jwt');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_TOKEN));
  });

  it('answers 401 for a token signed with another secret, or with no signature', async () => {
    const user = await signUp(server, 'Forger');
    const genuine = jwt.decode(user.token) as jwt.JwtPayload;
    expect(genuine.sub).toBe(String(user.userId));
    expect(genuine.sid).toMatch(UUID);
    const forged = jwt.sign(
      { sid: genuine.sid, iat: genuine.iat, exp: genuine.exp },
      'another-secret-another-secret-0123456789',
      { subject: genuine.sub },
    );
    const answer = await profileWith(forged);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_TOKEN));

    const unsigned = jwt.sign({ sid: genuine.sid, iat: genuine.iat, exp: genuine.exp }, '', {
      subject: genuine.sub,
      algorithm: 'none',
    });
    expect((await profileWith(unsigned)).status).toBe(401);
    expect((await profileWith(user.token)).status).toBe(200);
  });

  it('answers 403 TOKEN_EXPIRED (not FORBIDDEN) for an expired token; a refresh recovers', async () => {
    const user = await signUp(server, 'Sleepy');
    expect((await profileWith(user.token)).status).toBe(200);
    clock.advance(16 * 60);
    const expired = await profileWith(user.token);
    expect(expired.status).toBe(403);
    expect(expired.body).toEqual(failure('TOKEN_EXPIRED', MSG.TOKEN_EXPIRED));

    const refreshed = await client().post('/api/auth/refresh-access-token', {
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(200);
    expect((await profileWith(refreshed.body.data.access_token)).status).toBe(200);
  });
});

describe('POST /api/auth/refresh-access-token', () => {
  const refresh = (token: unknown) =>
    client().post('/api/auth/refresh-access-token', { refresh_token: token });

  it('rotates: a new access and refresh token each time', async () => {
    const user = await signUp(server, 'Rotor');
    clock.advance(5);
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      data: {
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        access_token_expires_at: new Date(
          Math.floor(clock.now().getTime() / 1000) * 1000 + ACCESS_TOKEN_TTL_SECONDS * 1000,
        ).toISOString(),
      },
    });
    expect(first.body.data.refresh_token).not.toBe(user.refreshToken);
    expect(first.body.data.access_token).not.toBe(user.token);
    const second = await refresh(first.body.data.refresh_token);
    expect(second.status).toBe(200);
    expect((await profileWith(second.body.data.access_token)).status).toBe(200);
    // Rotation keeps the session: the older access token is still valid until it expires.
    expect((await profileWith(user.token)).status).toBe(200);
  });

  it('revokes the whole session when a rotated token is used again', async () => {
    const user = await signUp(server, 'Thief');
    const rotated = await refresh(user.refreshToken);
    expect(rotated.status).toBe(200);

    const reused = await refresh(user.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_REFRESH_TOKEN));
    // The legitimate holder's newer tokens die too.
    expect((await refresh(rotated.body.data.refresh_token)).status).toBe(401);
    expect((await profileWith(rotated.body.data.access_token)).status).toBe(401);
    expect((await profileWith(user.token)).status).toBe(401);
  });

  it('keeps other sessions of the same user alive', async () => {
    const user = await signUp(server, 'TwoPhones');
    clock.advance(OTP_RESEND_SECONDS);
    const { otpId, code } = await requestCode(user.phone);
    const other = (await login(user.phone, otpId, code)).body.data.token_details;
    await refresh(user.refreshToken);
    await refresh(user.refreshToken); // reuse: revokes the first session only
    expect((await profileWith(other.access_token)).status).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('answers 400 without a refresh token and 401 for an unknown one', async () => {
    for (const missing of [undefined, '', null]) {
      const answer = await refresh(missing);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(failure('VALIDATION', 'No refresh token available'));
    }
    const unknown = await refresh('made-up-token');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_REFRESH_TOKEN));
    expect((await refresh(12345)).status).toBe(400);
  });

  it('expires a refresh token after 30 days without use', async () => {
    const user = await signUp(server, 'Away');
    clock.advance(30 * 24 * 60 * 60);
    const answer = await refresh(user.refreshToken);
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toBe(MSG.INVALID_REFRESH_TOKEN);
  });
});

describe('GET /api/auth/logout', () => {
  it('ends the session: its access and refresh tokens stop working', async () => {
    const user = await signUp(server, 'Leaver');
    const answer = await client(undefined, user.token).get('/api/auth/logout');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: MSG.LOGOUT_OK, data: null });

    const after = await profileWith(user.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual(failure('UNAUTHORIZED', MSG.INVALID_TOKEN));
    const refreshed = await client().post('/api/auth/refresh-access-token', {
      refresh_token: user.refreshToken,
    });
    expect(refreshed.status).toBe(401);
    expect((await client(undefined, user.token).get('/api/auth/logout')).status).toBe(401);
  });

  it('needs a token', async () => {
    const answer = await client().get('/api/auth/logout');
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toBe(MSG.NO_TOKEN);
  });
});

describe('loadJwtSecret', () => {
  it('uses JWT_SECRET when set, else one generated secret shared through the database', async () => {
    const db = server.database.db;
    const configured = 'x'.repeat(40);
    expect(await loadJwtSecret(db, { JWT_SECRET: configured })).toBe(configured);
    const [a, b] = await Promise.all([
      loadJwtSecret(db, { JWT_SECRET: undefined }),
      loadJwtSecret(db, { JWT_SECRET: undefined }),
    ]);
    expect(a).toBe(b);
    expect(Buffer.from(a, 'base64url')).toHaveLength(48);
    expect(await loadJwtSecret(db, { JWT_SECRET: undefined })).toBe(a);
  });
});

describe('createOtpSender', () => {
  it('console: prints the code as one plain line, not inside a JSON log record', async () => {
    const logged: unknown[] = [];
    const printed: string[] = [];
    const record = (...args: unknown[]) => logged.push(args);
    const logger = { info: record, warn: record, debug: record } as unknown as Logger;
    const sender = createOtpSender(
      { OTP_SENDER: 'console', OTP_WEBHOOK_URL: undefined },
      logger,
      (line) => printed.push(line),
    );
    await sender.send({ country_code: CC, phone_number: '9876543210', otp: '0427' });
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^OTP for \+91 9876543210: 0427\b/);
    expect(printed[0]).not.toMatch(/[{}\n]/);
    expect(JSON.stringify(logged)).not.toContain('0427');
  });

  it('webhook: rejects when the gateway is unreachable', async () => {
    const logger = { info: () => undefined } as unknown as Logger;
    const sender = createOtpSender(
      { OTP_SENDER: 'webhook', OTP_WEBHOOK_URL: 'http://127.0.0.1:1/sms' },
      logger,
    );
    await expect(
      sender.send({ country_code: CC, phone_number: '9876543210', otp: '0427' }),
    ).rejects.toThrow(/unreachable/);
  });
});

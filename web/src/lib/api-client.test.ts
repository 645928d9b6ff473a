import { API } from '@showdown/shared/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, jsonResponse, ok, type MockResponse } from '../../test/render';
import { wireApiClient } from '../app/provider';
import { useAppStore } from '../stores/app-store';
import { provisionalSnapshot } from '../stores/snapshot-changes';
import {
  api,
  ApiError,
  errorMessage,
  MAX_UNAVAILABLE_SENDS,
  NO_CONNECTION,
  NO_REFRESH_TOKEN,
  REFRESH_FAILED,
} from './api-client';
import { ASHA } from '../../test/fixtures/users';
import { MSG } from '@showdown/shared/messages';
import { isRetryingUnavailable } from './unavailable';

type Handler = (url: string, init: RequestInit) => MockResponse | Promise<MockResponse>;

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const navigate = vi.fn<(to: string, opts?: unknown) => Promise<void>>();

function serve(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => jsonResponse(await handler(url, init)));
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const refreshCalls = () => fetchMock.mock.calls.filter(([url]) => url === API.refresh);

/** 403 TOKEN_EXPIRED unless the request carries `validToken`. */
function expiringServer(validToken: string, answer: MockResponse, refresh: MockResponse): Handler {
  return (url, init) => {
    if (url === API.refresh) return refresh;
    return bearer(init) === `Bearer ${validToken}`
      ? answer
      : fail(403, 'TOKEN_EXPIRED', 'Access token has expired.');
  };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  navigate.mockResolvedValue(undefined);
  wireApiClient({ navigate: navigate as never });
  localStorage.setItem('access_token', 'old-access');
  localStorage.setItem('refresh_token', 'old-refresh');
  useAppStore.setState({
    user: ASHA,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token and resolves the success body', async () => {
    serve(() => ok({ id: 1 }, 'done'));
    const answer = await api.get<{ id: number }>(API.profile);
    expect(answer).toEqual({ success: true, data: { id: 1 }, message: 'done' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/profile');
    expect(bearer(init)).toBe('Bearer old-access');
  });

  it('sends a JSON body on post and put', async () => {
    serve(() => ok(null));
    await api.post(API.join, { code: 'AB12' });
    await api.put(API.profile, { username: 'Ravi' });
    expect(fetchMock.mock.calls[0]![1].method).toBe('POST');
    expect(fetchMock.mock.calls[0]![1].body).toBe('{"code":"AB12"}');
    expect(fetchMock.mock.calls[1]![1].method).toBe('PUT');
  });

  it('rejects with the server error message, code and body', async () => {
    const failure = fail(409, 'CONFLICT', 'Broker Role already filled');
    serve(() => failure);
    const error = await api.post(API.selectRole(1), { role: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'Broker Role already filled',
      body: failure.body,
    });
  });

  it('a failure without a server message leaves the wording to the screen', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const error = await api.post(API.login, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, generic: true, body: 'Bad gateway' });
    expect(errorMessage(error, 'Failed to verify OTP')).toBe('Failed to verify OTP');
    expect(errorMessage(new ApiError('Broker Role already filled', 409, 'CONFLICT', null))).toBe(
      'Broker Role already filled',
    );
  });

  it('a network failure says so in words, never the raw "Failed to fetch"', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get(API.profile)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'No connection. Check your network and try again.',
    });
    fetchMock.mockRejectedValue(new TypeError('NetworkError when attempting to fetch resource.'));
    const error: unknown = await api.post(API.trade(4), {}).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe(NO_CONNECTION);
  });

  it('signs out on a 401: tokens cleared, store reset, back to /', async () => {
    serve(() => fail(401, 'UNAUTHORIZED', 'Invalid authentication token.'));
    await expect(api.get(API.profile)).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('does not sign out when the request was cancelled', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    const pending = api.get(API.profile, { signal: controller.signal });
    controller.abort();
    const error = (await pending.catch((e: unknown) => e)) as ApiError;
    expect(error.aborted).toBe(true);
    expect(localStorage.getItem('access_token')).toBe('old-access');
  });

  it('on a 403 refreshes once, stores the rotated tokens and retries once', async () => {
    serve(
      expiringServer(
        'new-access',
        ok({ id: 7 }),
        ok({ access_token: 'new-access', refresh_token: 'new-refresh' }),
      ),
    );
    const answer = await api.get<{ id: number }>(API.profile);
    expect(answer.data).toEqual({ id: 7 });
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]![1].body as string)).toEqual({
      refresh_token: 'old-refresh',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(bearer(fetchMock.mock.calls[2]![1])).toBe('Bearer new-access');
    expect(localStorage.getItem('access_token')).toBe('new-access');
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh');
  });

  it('keeps the refresh token when the refresh answer carries none', async () => {
    serve(expiringServer('new-access', ok({ id: 7 }), ok({ access_token: 'new-access' })));
    await api.get(API.profile);
    expect(localStorage.getItem('refresh_token')).toBe('old-refresh');
  });

  it('retries only once: a second 403 is an error, not another refresh', async () => {
    serve((url) =>
      url === API.refresh
        ? ok({ access_token: 'new-access', refresh_token: 'new-refresh' })
        : fail(403, 'TOKEN_EXPIRED', 'Access token has expired.'),
    );
    await expect(api.get(API.profile)).rejects.toMatchObject({ status: 403 });
    expect(refreshCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('five concurrent requests during one expiry cause exactly one refresh', async () => {
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    serve(async (url, init) => {
      if (url === API.refresh) {
        await refreshGate;
        return ok({ access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      return bearer(init) === 'Bearer new-access'
        ? ok({ url })
        : fail(403, 'TOKEN_EXPIRED', 'Access token has expired.');
    });
    const paths = [1, 2, 3, 4, 5].map((id) => API.lobby(id));
    const pending = paths.map((path) => api.get<{ url: string }>(path));
    await vi.waitFor(() => expect(refreshCalls()).toHaveLength(1));
    releaseRefresh();
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.data.url)).toEqual(paths);
    expect(refreshCalls()).toHaveLength(1);
    const retries = fetchMock.mock.calls.filter(
      ([url, init]) => url !== API.refresh && bearer(init) === 'Bearer new-access',
    );
    expect(retries).toHaveLength(5);
  });

  it('a request failing after another refresh finished retries with the new token only', async () => {
    fetchMock.mockImplementationOnce(async () => {
      // Another request's refresh completed while this one was in flight with the old token.
      localStorage.setItem('access_token', 'new-access');
      return jsonResponse(fail(403, 'TOKEN_EXPIRED', 'Access token has expired.'));
    });
    fetchMock.mockImplementationOnce(async (_url, init) =>
      jsonResponse(bearer(init) === 'Bearer new-access' ? ok('fine') : fail(403, 'X', 'no')),
    );
    await expect(api.get(API.profile)).resolves.toMatchObject({ data: 'fine' });
    expect(refreshCalls()).toHaveLength(0);
  });

  it('a 403 FORBIDDEN is an ordinary error and never refreshes', async () => {
    serve(() => fail(403, 'FORBIDDEN', 'Only the Broker can do this.'));
    await expect(api.post(API.start(1))).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Only the Broker can do this.',
    });
    expect(refreshCalls()).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('access_token')).toBe('old-access');
  });

  it('a failed refresh clears local storage and goes to /login', async () => {
    localStorage.setItem('timer_expiry', '123');
    serve((url) =>
      url === API.refresh
        ? fail(401, 'UNAUTHORIZED', 'Invalid refresh token.')
        : fail(403, 'TOKEN_EXPIRED', 'Access token has expired.'),
    );
    await expect(api.get(API.profile)).rejects.toMatchObject({ message: REFRESH_FAILED });
    expect(localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(useAppStore.getState().user).toBeNull();
  });

  it("without a stored refresh token the refresh fails with 'No refresh token available'", async () => {
    localStorage.removeItem('refresh_token');
    serve(() => fail(403, 'TOKEN_EXPIRED', 'Access token has expired.'));
    await expect(api.get(API.profile)).rejects.toMatchObject({ message: NO_REFRESH_TOKEN });
    expect(refreshCalls()).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("'Game already completed.' goes to /profile and keeps the last game readable", async () => {
    const ranking = [
      {
        player_id: 2,
        user_id: 20,
        username: 'Asha',
        avatar_id: 2,
        image: '/avatars/2.svg',
        role: 2 as const,
        balance: 612000,
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Maestro',
      },
    ];
    const ended = provisionalSnapshot(4, 'AB12');
    useAppStore.setState({ game: { ...ended, game: { ...ended.game, status: 3 }, ranking } });
    serve(() => fail(409, 'GAME_COMPLETED', 'Game already completed.'));
    await expect(api.get(API.stocks(4))).rejects.toMatchObject({
      message: 'Game already completed.',
    });
    // The finished game's leaderboard stays readable until another game is joined.
    expect(useAppStore.getState().game?.ranking).toEqual(ranking);
    expect(navigate).toHaveBeenCalledWith('/profile', { replace: true });
  });
  it('a call sent before an end the device shows meanwhile leaves it on the leaderboard', async () => {
    const running = provisionalSnapshot(4, 'AB12');
    useAppStore.setState({ game: { ...running, game: { ...running.game, status: 2 } } });
    let answer: (response: MockResponse) => void = () => {};
    serve(() => new Promise<MockResponse>((resolve) => (answer = resolve)));
    const call = api.get(API.stocks(4));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // 'game:ended' arrives while the call is in flight: the device goes to the leaderboard.
    useAppStore.setState({ game: { ...running, game: { ...running.game, status: 3 } } });
    answer(fail(409, 'GAME_COMPLETED', 'Game already completed.'));
    await expect(call).rejects.toMatchObject({ code: 'GAME_COMPLETED' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('while the server says the game is briefly unavailable (503, Retry-After)', () => {
  const unavailable: MockResponse = {
    ...fail(503, 'UNAVAILABLE', MSG.DATABASE_UNAVAILABLE),
    headers: { 'Retry-After': '3' },
  };
  /** Answers `unavailable` to the first `outage` calls, then `answer`. */
  function outage(calls: number, answer: MockResponse) {
    let seen = 0;
    serve(() => (++seen <= calls ? unavailable : answer));
  }

  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('a read is sent again after Retry-After, the banner state up meanwhile', async () => {
    outage(2, ok({ id: 1 }));
    const call = api.get<{ id: number }>(API.profile);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isRetryingUnavailable()).toBe(true);
    // Not before the Retry-After's 3 s.
    await vi.advanceTimersByTimeAsync(2_800);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(call).resolves.toEqual({ success: true, data: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(isRetryingUnavailable()).toBe(false);
  });

  it('an order is sent again with the same Idempotency-Key, so it is placed once', async () => {
    outage(1, ok({ order_id: 9 }));
    const call = api.post(API.trade(4), { stock_id: 1 }, { idempotencyKey: 'order-key-1' });
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(call).resolves.toMatchObject({ data: { order_id: 9 } });
    const keys = fetchMock.mock.calls.map(
      ([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'],
    );
    expect(keys).toEqual(['order-key-1', 'order-key-1']);
  });

  it('a call without a key is not sent twice: it fails with the server message', async () => {
    outage(1, ok(null));
    const error = await api.post(API.join, { code: 'AB12' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(errorMessage(error)).toBe(MSG.DATABASE_UNAVAILABLE);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isRetryingUnavailable()).toBe(false);
  });

  it('gives up after MAX_UNAVAILABLE_SENDS sends, and a cancelled call stops waiting', async () => {
    outage(Infinity, ok(null));
    const call = api.get(API.profile).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(3_000 * MAX_UNAVAILABLE_SENDS);
    expect(await call).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    expect(fetchMock).toHaveBeenCalledTimes(MAX_UNAVAILABLE_SENDS);

    const controller = new AbortController();
    const cancelled = api.get(API.profile, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.waitFor(() => expect(isRetryingUnavailable()).toBe(true));
    controller.abort();
    expect(await cancelled).toMatchObject({ code: 'ABORTED' });
    expect(isRetryingUnavailable()).toBe(false);
  });
});

import { API } from '@showdown/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  findNavigatedPath,
  jsonResponse,
  ok,
  renderRoute,
  type MockResponse,
} from '../../../../test/render';
import { resetAppStore, useAppStore } from '../../../stores/app-store';
import { LoginScreen } from './login-screen';
import { rememberReturnTo } from '../../../lib/return-to';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let loginAnswer: MockResponse;

const auth = {
  user_details: {
    id: 1,
    username: 'Asha',
    country_code: '+91',
    phone_number: '9876543210',
    email: null,
    avatar_id: null,
    profile_image: null,
  },
  token_details: {
    access_token: 'acc',
    refresh_token: 'ref',
    access_token_expires_at: '2030-01-01T00:00:00.000Z',
  },
};

beforeEach(() => {
  resetAppStore();
  loginAnswer = ok(auth);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.sendOtp)
      return jsonResponse(ok({ otp_id: 'otp-1', resend_available_at: new Date().toISOString() }));
    if (url === API.resendOtp)
      return jsonResponse(ok({ otp_id: 'otp-2', resend_available_at: new Date().toISOString() }));
    if (url === API.login) return jsonResponse(loginAnswer);
    if (url === API.register) return jsonResponse(ok(auth));
    return jsonResponse(fail(404, 'NOT_FOUND', `unexpected ${url}`));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The login's 404 NO_USER answer, with the registration token register must carry. */
const noUser = (token: string): MockResponse => {
  const answer = fail(404, 'NO_USER', 'No user found with this phone number.');
  return {
    ...answer,
    body: {
      ...(answer.body as object),
      data: {
        registration_token: token,
        registration_token_expires_at: '2030-01-01T00:10:00.000Z',
      },
    },
  };
};

const box = (n: number) => screen.getByRole('textbox', { name: `OTP digit ${n}` });
const boxValues = () => [1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value);
const bodyOf = (url: string) =>
  JSON.parse(fetchMock.mock.calls.find(([u]) => u === url)![1].body as string) as unknown;

async function reachOtpStep(user: UserEvent) {
  renderRoute(<LoginScreen />, { path: '/login' });
  const getOtp = screen.getByRole('button', { name: 'Get OTP' });
  await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '98765432109');
  expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('9876543210');
  expect(getOtp).toBeEnabled();
  await user.click(getOtp);
  await screen.findByText('Enter the 4-digit OTP sent to your phone');
}

describe('login: phone step', () => {
  it("enables 'Get OTP' only at exactly 10 digits and sends +91 by default", async () => {
    const user = userEvent.setup();
    renderRoute(<LoginScreen />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '98765');
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '43210{Enter}');
    await screen.findByText('Enter the 4-digit OTP sent to your phone');
    expect(bodyOf(API.sendOtp)).toEqual({ country_code: '+91', phone_number: '9876543210' });
    expect(useAppStore.getState().otp_id).toBe('otp-1');
  });

  it('shows a send-OTP failure under the phone field', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(fail(429, 'RATE_LIMITED', 'Too many OTP requests. Please try again later.')),
    );
    const user = userEvent.setup();
    renderRoute(<LoginScreen />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(
      await screen.findByText('Too many OTP requests. Please try again later.'),
    ).toBeInTheDocument();
  });
});

describe('login: OTP boxes', () => {
  it('typing a digit moves focus to the next box, up to the 4th', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('1');
    expect(box(2)).toHaveFocus();
    await user.keyboard('2');
    expect(box(3)).toHaveFocus();
    await user.keyboard('34');
    expect(box(4)).toHaveFocus();
    expect(boxValues()).toEqual(['1', '2', '3', '4']);
  });

  it('rejects anything but a digit', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('a');
    expect(boxValues()).toEqual(['', '', '', '']);
    expect(box(1)).toHaveFocus();
  });

  it('Backspace on an empty box moves focus back', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('7');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
    expect(boxValues()[0]).toBe('7');
  });

  it("Enter with an empty OTP shows 'Please enter the OTP' and sends nothing", async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Please enter the OTP')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === API.login)).toBe(false);
  });

  it('pasting four digits fills every box', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.paste('4821');
    expect(boxValues()).toEqual(['4', '8', '2', '1']);
  });

  it('after the sign-in, goes back to the board link the visitor came with', async () => {
    rememberReturnTo('/showDown?code=AB12');
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('4821{Enter}');
    expect(await findNavigatedPath()).toBe('/showDown');
  });

  it('Enter submits the OTP and success goes to /profile with the tokens stored', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('4821{Enter}');
    expect(await findNavigatedPath()).toBe('/profile');
    expect(bodyOf(API.login)).toEqual({
      country_code: '+91',
      phone_number: '9876543210',
      otp_id: 'otp-1',
      otp: '4821',
    });
    expect(localStorage.getItem('access_token')).toBe('acc');
    expect(localStorage.getItem('refresh_token')).toBe('ref');
    expect(useAppStore.getState()).toMatchObject({
      isAuthenticated: true,
      user: auth.user_details,
    });
  });

  it("a wrong OTP shows 'The entered OTP is incorrect.' in red", async () => {
    loginAnswer = fail(400, 'OTP_INCORRECT', 'The entered OTP is incorrect. Please try again.');
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('1111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const message = await screen.findByText('The entered OTP is incorrect.');
    expect(message).toHaveStyle({ color: 'rgb(255, 90, 95)' });
    expect(box(1)).toHaveAttribute('aria-invalid', 'true');
  });

  it('an unknown phone switches to registration, which signs up and goes to /profile', async () => {
    loginAnswer = noUser('reg-token-1');
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('1234{Enter}');
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getAllByText('Please register first').length).toBeGreaterThan(0);
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    expect(phone).toBeDisabled();
    expect(phone).toHaveValue('+91 9876543210');

    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText('Please enter your name and phone number.')).toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Enter your alias'), 'Asha{Enter}');
    expect(await findNavigatedPath()).toBe('/profile');
    expect(bodyOf(API.register)).toEqual({
      username: 'Asha',
      country_code: '+91',
      phone_number: '9876543210',
      registration_token: 'reg-token-1',
    });
  });

  it('a registration the server refuses (token expired) shows its message and stays', async () => {
    loginAnswer = noUser('reg-token-2');
    const refused =
      'This registration has expired or was not started on this device. Please verify your phone number with an OTP again.';
    fetchMock.mockImplementation(async (url) => {
      if (url === API.sendOtp)
        return jsonResponse(ok({ otp_id: 'otp-1', resend_available_at: new Date().toISOString() }));
      if (url === API.login) return jsonResponse(loginAnswer);
      if (url === API.register) return jsonResponse(fail(403, 'FORBIDDEN', refused));
      return jsonResponse(fail(404, 'NOT_FOUND', `unexpected ${url}`));
    });
    const user = userEvent.setup();
    await reachOtpStep(user);
    await user.click(box(1));
    await user.keyboard('1234{Enter}');
    await screen.findByRole('heading', { name: 'Register' });
    await user.type(screen.getByPlaceholderText('Enter your alias'), 'Asha{Enter}');
    expect((await screen.findAllByText(refused, { exact: false })).length).toBeGreaterThan(0);
    expect(bodyOf(API.register)).toMatchObject({ registration_token: 'reg-token-2' });
    expect(useAppStore.getState().isAuthenticated).toBe(false);
  });

  it('resend is offered only after 40 s; it clears the boxes and restarts the countdown', async () => {
    const user = userEvent.setup();
    await reachOtpStep(user);
    expect(screen.getByText(/Resend OTP in 40s/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).not.toBeInTheDocument();
    await user.click(box(1));
    await user.keyboard('12');

    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 41_000);
    const resend = await screen.findByRole('button', { name: 'Resend OTP' }, { timeout: 2000 });
    vi.spyOn(Date, 'now').mockReturnValue(realNow + 41_500);
    await user.click(resend);
    await waitFor(() => expect(boxValues()).toEqual(['', '', '', '']));
    expect(bodyOf(API.resendOtp)).toEqual({ otp_id: 'otp-1' });
    expect(await screen.findByText(/Resend OTP in 40s/)).toBeInTheDocument();
    expect(useAppStore.getState().otp_id).toBe('otp-2');
  });

  it('shows a loading indicator while verifying', async () => {
    let release: (r: Response) => void = () => {};
    const user = userEvent.setup();
    await reachOtpStep(user);
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    await user.click(box(1));
    await user.keyboard('4821{Enter}');
    expect(await screen.findByRole('progressbar', { name: 'Please wait' })).toBeInTheDocument();
    release(jsonResponse(ok(auth)));
    expect(await findNavigatedPath()).toBe('/profile');
    expect(within(document.body).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

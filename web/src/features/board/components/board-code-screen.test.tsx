import { API } from '@showdown/shared/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
import { BoardCodeScreen } from './board-code-screen';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let joinAnswer: MockResponse;
let boardAnswer: MockResponse;

const join = (over: object = {}) => ({
  game_id: 4,
  board_code: 'AB1C',
  broker_exists: false,
  role: null,
  player_id: null,
  game_status: 1,
  ...over,
});

/** GET /api/board/AB1C's answer. */
const board = (open: boolean) =>
  ok({ board_code: 'AB1C', open_game: open, game_id: open ? 4 : null, status: open ? 1 : null });

beforeEach(() => {
  resetAppStore();
  joinAnswer = ok(join());
  boardAnswer = board(true);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url === API.board('AB1C')) return jsonResponse(boardAnswer);
    if (url === API.join) return jsonResponse(joinAnswer);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

/** Every call as 'METHOD url body'. */
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) =>
    [init.method ?? 'GET', url, init.body ?? ''].join(' ').trim(),
  );

afterEach(() => vi.unstubAllGlobals());

const box = (n: number) => screen.getByRole('textbox', { name: `Board code character ${n}` });
const values = () => [1, 2, 3, 4].map((n) => (box(n) as HTMLInputElement).value);

describe('a link with ?code= (a scanned board QR code)', () => {
  it('fills the boxes with the code, ready to join', async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown', url: '/showDown?code=ab1c' });
    expect(values()).toEqual(['A', 'B', '1', 'C']);
    await user.click(screen.getByRole('button', { name: 'Submit & Join Lobby' }));
    await findNavigatedPath();
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`, `POST ${API.join} {"code":"AB1C"}`]);
  });

  it('leaves the boxes empty for anything that is not a board code', () => {
    renderRoute(<BoardCodeScreen />, { path: '/showDown', url: '/showDown?code=%3Cscript%3E' });
    expect(values()).toEqual(['', '', '', '']);
  });
});

describe('board code boxes', () => {
  it('upper-cases, auto-advances and rejects symbols', async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('a');
    expect(box(2)).toHaveFocus();
    await user.keyboard('#');
    expect(box(2)).toHaveFocus();
    await user.keyboard('b1c');
    expect(values()).toEqual(['A', 'B', '1', 'C']);
    expect(box(4)).toHaveFocus();
  });

  it('ignores a 5th character instead of replacing the 4th', async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('ab1cd');
    expect(values()).toEqual(['A', 'B', '1', 'C']);
  });

  it('Backspace on an empty box goes back', async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('ab');
    expect(box(3)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(2)).toHaveFocus();
  });

  it("Enter with an incomplete code shows 'Please enter the Valid Code'", async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('ab{Enter}');
    expect(await screen.findByText('Please enter the Valid Code')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pasting a code fills the boxes', async () => {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.paste('xy12');
    expect(values()).toEqual(['X', 'Y', '1', '2']);
  });
});

describe('joining', () => {
  async function submitCode() {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('ab1c');
    await user.click(screen.getByRole('button', { name: 'Submit & Join Lobby' }));
  }

  it('a newcomer reads the board, joins its open game with { code } and goes to the role choice', async () => {
    await submitCode();
    expect(await findNavigatedPath()).toBe('/join-game/false');
    // The join: the code alone, no create flag.
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`, `POST ${API.join} {"code":"AB1C"}`]);
    expect(useAppStore.getState().game?.game).toMatchObject({
      id: 4,
      board_code: 'AB1C',
      status: 1,
    });
  });

  it("'User already in this board' in the lobby goes to /showdown-lobby", async () => {
    joinAnswer = ok(join({ role: 1, player_id: 9 }), 'User already in this board');
    await submitCode();
    expect(await findNavigatedPath()).toBe('/showdown-lobby');
    expect(useAppStore.getState().game?.me).toMatchObject({ role: 1, player_id: 9 });
  });

  it("'User already in this board' on a running game goes to /stock-prices", async () => {
    joinAnswer = ok(join({ role: 2, player_id: 9, game_status: 2 }), 'User already in this board');
    await submitCode();
    expect(await findNavigatedPath()).toBe('/stock-prices');
  });

  /** The screen shows `message` and stays. */
  async function expectShownHere(message: string) {
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  }

  it('shows other server messages', async () => {
    joinAnswer = fail(409, 'CONFLICT', 'This board is full. A game has at most 7 players.');
    await submitCode();
    await expectShownHere('This board is full. A game has at most 7 players.');
  });

  it('a failed board read shows its message and joins nothing', async () => {
    boardAnswer = fail(429, 'RATE_LIMITED', 'Too many requests. Please try again later.');
    await submitCode();
    await expectShownHere('Too many requests. Please try again later.');
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`]);
  });
});

describe('a code without an open game', () => {
  beforeEach(() => {
    boardAnswer = board(false);
  });

  async function submitCode() {
    const user = userEvent.setup();
    renderRoute(<BoardCodeScreen />, { path: '/showDown' });
    await user.click(box(1));
    await user.keyboard('ab1c');
    await user.click(screen.getByRole('button', { name: 'Submit & Join Lobby' }));
    return user;
  }

  it("asks 'No game on AB1C yet. Start a new lobby?'; Yes joins with { code }, which opens it", async () => {
    const user = await submitCode();
    const dialog = await screen.findByRole('dialog', {
      name: 'No game on AB1C yet. Start a new lobby?',
    });
    // Asking changed nothing: only the read was sent.
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await findNavigatedPath()).toBe('/join-game/false');
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`, `POST ${API.join} {"code":"AB1C"}`]);
  });

  it('No sends nothing more and keeps the code to correct', async () => {
    const user = await submitCode();
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls()).toEqual([`GET ${API.board('AB1C')}`]);
    expect(values()).toEqual(['A', 'B', '1', 'C']);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});

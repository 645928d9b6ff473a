import { API, type GameSettings } from '@showdown/shared/api';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  findNavigatedPath,
  joinedGame,
  jsonResponse,
  ok,
  renderRoute,
} from '../../../../test/render';
import { resetAppStore } from '../../../stores/app-store';
import { GameSetupScreen } from './game-setup-screen';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

const settings: GameSettings = {
  starting_funds: 700000,
  payday_increment: 300000,
  trade_phase_duration: 75,
  orderbook_status: 0,
  ends_at: null,
  paydays_given: 0,
  paydays_total: 3,
};

let saveAnswer = ok(settings, 'Settings updated successfully.');

beforeEach(() => {
  resetAppStore();
  joinedGame(4, { role: 1, playerId: 1 });
  saveAnswer = ok(settings, 'Settings updated successfully.');
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    if (url === API.settings(4) && init.method === 'GET') return jsonResponse(ok(settings));
    if (url === API.settings(4) && init.method === 'POST') return jsonResponse(saveAnswer);
    if (url === API.start(4))
      return jsonResponse(ok({ game_status: 2 }, 'Game started successfully'));
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

const renderSetup = () => renderRoute(<GameSetupScreen />, { path: '/game-setup' });

describe('game setup', () => {
  it('is read-only for an investor: no Edit Settings, no Start Game', async () => {
    joinedGame(4, { role: 2, playerId: 1 });
    renderSetup();
    const current = await screen.findByLabelText('Current settings');
    expect(await within(current).findByText('₹7,00,000')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();
  });

  it('shows the settings read-only in Indian grouping with the payday help', async () => {
    renderSetup();
    const current = await screen.findByLabelText('Current settings');
    expect(await within(current).findByText('₹7,00,000')).toBeInTheDocument();
    expect(within(current).getByText('₹3,00,000')).toBeInTheDocument();
    expect(within(current).getByText('75 seconds')).toBeInTheDocument();
    expect(screen.getByText(/Payday is given 3 times in total/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('edits with dropdowns of the offered options and confirms', async () => {
    const user = userEvent.setup();
    renderSetup();
    await screen.findByText('₹7,00,000');
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    const funds = screen.getByRole('combobox', { name: 'Starting Funds' });
    await user.click(funds);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['₹5,00,000', '₹7,00,000', '₹10,00,000']);
    await user.click(screen.getByRole('option', { name: '₹10,00,000' }));
    await user.click(screen.getByRole('combobox', { name: 'Trade Phase Duration' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['60 seconds', '75 seconds', '120 seconds', '180 seconds']);
    await user.click(screen.getByRole('option', { name: '180 seconds' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Settings' }));
    expect(await screen.findByText('Settings updated successfully.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(JSON.parse(post[1].body as string)).toEqual({
      starting_funds: 1000000,
      payday_increment: 300000,
      trade_phase_duration: 180,
    });
    expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeInTheDocument();
  });

  it('shows a server refusal and stays in edit mode', async () => {
    saveAnswer = fail(400, 'VALIDATION', 'Starting Funds must be less than or equal to 10,00,000');
    const user = userEvent.setup();
    renderSetup();
    await screen.findByText('₹7,00,000');
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Settings' }));
    expect(
      await screen.findByText('Starting Funds must be less than or equal to 10,00,000'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Settings' })).toBeInTheDocument();
  });

  it('back leaves edit mode first', async () => {
    const user = userEvent.setup();
    renderSetup();
    await screen.findByText('₹7,00,000');
    await user.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Edit Settings' })).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('Start Game starts the game and goes to /first-player', async () => {
    const user = userEvent.setup();
    renderSetup();
    await user.click(await screen.findByRole('button', { name: 'Start Game' }));
    expect(await findNavigatedPath()).toBe('/first-player');
    expect(fetchMock.mock.calls.some(([url]) => url === API.start(4))).toBe(true);
  });
});

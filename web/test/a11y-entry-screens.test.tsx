import { API, type LobbyData } from '@showdown/shared/api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginScreen } from '../src/features/auth/components/login-screen';
import { SplashScreen } from '../src/features/auth/components/splash-screen';
import { BoardCodeScreen } from '../src/features/board/components/board-code-screen';
import { ChooseAvatarScreen } from '../src/features/board/components/choose-avatar-screen';
import { JoinGameScreen } from '../src/features/board/components/join-game-screen';
import { FirstPlayerScreen } from '../src/features/lobby/components/first-player-screen';
import { GameSetupScreen } from '../src/features/lobby/components/game-setup-screen';
import { LobbyScreen } from '../src/features/lobby/components/lobby-screen';
import { AccountDetailsScreen } from '../src/features/profile/components/account-details-screen';
import { HomeScreen } from '../src/features/profile/components/home-screen';
import { LandingScreen } from '../src/features/profile/components/landing-screen';
import { ProfileScreen } from '../src/features/profile/components/profile-screen';
import { resetAppStore, useAppStore } from '../src/stores/app-store';
import { gameSnapshot } from './in-game/render-screen';
import { jsonResponse, ok, renderRoute } from './render';
import { ASHA } from './fixtures/users';
import { seatedPlayer } from './fixtures/game';

const user = { ...ASHA, id: 20 };

const player = seatedPlayer;
const players = [player(1, 1, 'Broker'), player(2, 2, 'Asha'), player(3, 2, 'Ravi')];

const lobby: LobbyData = {
  game_id: 4,
  board_code: 'AB1C',
  game_status: 1,
  game_players_data: players,
  first_player: null,
  my_player_id: 1,
  my_role: 1,
};

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  // jsdom has no canvas; axe only uses it to measure icon fonts.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  resetAppStore();
  useAppStore.setState({
    user,
    game: gameSnapshot({ id: 4, role: 1, playerId: 1, status: 1, players }),
  });
  fetchMock.mockImplementation(async (url) => {
    if (url === API.profile) return jsonResponse(ok(user));
    if (url === API.lobby(4)) return jsonResponse(ok(lobby));
    if (url === API.sendOtp)
      return jsonResponse(ok({ otp_id: 'o', resend_available_at: new Date().toISOString() }));
    if (url === API.gameAvatars(4))
      return jsonResponse(ok([{ id: 3, name: 'The Fox', image: '/avatars/3.svg' }]));
    if (url === API.settings(4))
      return jsonResponse(
        ok({
          starting_funds: 500000,
          payday_increment: 100000,
          trade_phase_duration: 120,
          orderbook_status: 0,
          ends_at: null,
          paydays_given: 0,
          paydays_total: 3,
        }),
      );
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

/** Violations axe finds; colour contrast needs a real layout engine. */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const screens: [string, ReactElement, string, string][] = [
  ['login', <LoginScreen />, '/login', 'Get OTP'],
  ['profile', <ProfileScreen />, '/profile', 'Shop Now'],
  ['account details', <AccountDetailsScreen />, '/account-details', 'Update Info'],
  ['board code', <BoardCodeScreen />, '/showDown', 'Submit & Join Lobby'],
  ['role choice', <JoinGameScreen />, '/join-game/false', "I'm Broker"],
  ['avatar choice', <ChooseAvatarScreen />, '/choose-avatar/false', 'The Fox'],
  ['lobby', <LobbyScreen />, '/showdown-lobby', 'Start Game'],
  ['game setup', <GameSetupScreen />, '/game-setup', 'Edit Settings'],
  ['first player', <FirstPlayerScreen />, '/first-player', 'Spin'],
  ['landing', <LandingScreen />, '/landing', 'Continue'],
  ['home', <HomeScreen />, '/home', 'Play The Showdown'],
];

describe('accessibility of the entry screens', () => {
  it.each(screens)('%s has no axe violations', async (_name, element, url, ready) => {
    renderRoute(element, { path: url, url });
    await screen.findAllByText(ready);
    expect(await violations()).toEqual([]);
  });

  it('splash has no axe violations', async () => {
    renderRoute(<SplashScreen />, { path: '/' });
    await screen.findByRole('img', { name: 'The Showdown' });
    expect(await violations()).toEqual([]);
  });

  it('the OTP step has no axe violations and labels every box', async () => {
    const u = userEvent.setup();
    renderRoute(<LoginScreen />, { path: '/login' });
    await u.type(screen.getByRole('textbox', { name: 'Phone number' }), '9876543210{Enter}');
    await screen.findByRole('textbox', { name: 'OTP digit 4' });
    expect(await violations()).toEqual([]);
  });
});

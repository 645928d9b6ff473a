/**
 * Every route in Hindi: each screen renders with its fixture data, then no English word is left
 * on it (texts and announced names) but people's names, the brand and the company names.
 */
import { API, type GameSettings, type LobbyData } from '@showdown/shared/api';
import type {
  SpectatorEventName,
  SpectatorEventPayload,
  SpectatorSnapshot,
} from '@showdown/shared/spectator';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFound } from '../../src/app/not-found';
import { LoginScreen } from '../../src/features/auth/components/login-screen';
import { SplashScreen } from '../../src/features/auth/components/splash-screen';
import { BoardCodeScreen } from '../../src/features/board/components/board-code-screen';
import { ChooseAvatarScreen } from '../../src/features/board/components/choose-avatar-screen';
import { JoinGameScreen } from '../../src/features/board/components/join-game-screen';
import { RoleScreen } from '../../src/features/help/components/role-screen';
import { FirstPlayerScreen } from '../../src/features/lobby/components/first-player-screen';
import { GameSetupScreen } from '../../src/features/lobby/components/game-setup-screen';
import { LobbyScreen } from '../../src/features/lobby/components/lobby-screen';
import { PriceUpdatesScreen } from '../../src/features/market/components/price-updates-screen';
import { StockPricesScreen } from '../../src/features/market/components/stock-prices-screen';
import { MarketMayhemScreen } from '../../src/features/mayhem/components/market-mayhem-screen';
import { PortfolioScreen } from '../../src/features/portfolio/components/portfolio-screen';
import { TradeScreen } from '../../src/features/portfolio/components/trade-screen';
import { TransactionScreen } from '../../src/features/portfolio/components/transaction-screen';
import { AccountDetailsScreen } from '../../src/features/profile/components/account-details-screen';
import { HomeScreen } from '../../src/features/profile/components/home-screen';
import { LandingScreen } from '../../src/features/profile/components/landing-screen';
import { ProfileScreen } from '../../src/features/profile/components/profile-screen';
import { ReportScreen } from '../../src/features/report/components/report-screen';
import { SharedReportScreen } from '../../src/features/report/components/shared-report-screen';
import { LeaderboardScreen } from '../../src/features/showdown/components/leaderboard-screen';
import { ShowdownScreen } from '../../src/features/showdown/components/showdown-screen';
import { SpectatorScreen } from '../../src/features/spectator/components/spectator-screen';
import { activateLanguage, t } from '../../src/i18n';
import { MSG } from '@showdown/shared/messages';
import type { UndoneAction } from '@showdown/shared/protocol';
import { closeSnackbar } from '../../src/components/ui/toasts';
import { enqueueUndoable } from '../../src/components/ui/undo-snackbar';
import { showUpdatePrompt } from '../../src/lib/update-prompt';
import { api, ApiError } from '../../src/lib/api-client';
import type { SpectateOptions } from '../../src/lib/socket';
import { storeTokens } from '../../src/lib/tokens';
import { useAppStore } from '../../src/stores/app-store';
import recorded from '../fixtures/spectator-session.json';
import { ASHA } from '../fixtures/users';
import { GANGA, GANGA_PORTFOLIO, gangaStocks } from '../fixtures/game';
import { publicPlayer } from '../fixtures/players';
import { ok, serve, setGame, type FakeApi } from '../in-game/render-screen';
import { renderRoute } from '../render';
import { englishLeft } from './english-left';

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

/** The people of these fixtures: their names stay as they are. */
const NAMES = ['Asha', 'Ravi', 'Bina', 'Kiran'];

const player = publicPlayer;
const PLAYERS = [player(1, 1, 'Kiran'), player(2, 2, 'Asha'), player(3, 2, 'Ravi')];
const STOCK = GANGA;
const PORTFOLIO = GANGA_PORTFOLIO;
const ENDS_AT = PORTFOLIO.ends_at!;
const RANKING = [
  { ...PLAYERS[2]!, balance: 512000, rank: 1, rank_label: '1st', rank_name: 'Market Mogul' },
  { ...PLAYERS[1]!, balance: 498000, rank: 2, rank_label: '2nd', rank_name: 'Bull Runner' },
];
const LOBBY: LobbyData = {
  game_id: 7,
  board_code: 'AB12',
  game_status: 1,
  game_players_data: PLAYERS,
  first_player: null,
  my_player_id: 1,
  my_role: 1,
};
const SETTINGS = {
  starting_funds: 500000,
  payday_increment: 100000,
  trade_phase_duration: 120,
  orderbook_status: 0 as const,
  ends_at: null,
  paydays_given: 1,
  paydays_total: 3,
};
const TRANSACTIONS = [
  { id: 1, type: 'PAYDAY', price: '100000', created_at: '2026-01-01T10:00:00Z' },
  {
    id: 2,
    type: 'Price update',
    name: 'Ganga Pharma',
    image: '/logos/ganga-pharma.svg',
    price: '5',
    created_at: '2026-01-01T10:01:00Z',
  },
  {
    id: 3,
    type: 'Trade',
    trade_type: 1,
    name: 'Ganga Pharma',
    image: '/logos/ganga-pharma.svg',
    quantity: 3,
    price: '2580',
    created_at: '2026-01-01T10:02:00Z',
  },
  // The broker's undo: a payday taken back, a price brought back.
  {
    id: 4,
    type: 'Undone',
    undone_type: 'PAYDAY',
    stock_id: null,
    price: '100000',
    created_at: '2026-01-01T10:03:00Z',
  },
  {
    id: 5,
    type: 'Undone',
    undone_type: 'Price update',
    stock_id: 4,
    name: 'Ganga Pharma',
    image: '/logos/ganga-pharma.svg',
    price: '-5',
    created_at: '2026-01-01T10:04:00Z',
  },
];

beforeEach(async () => {
  // jsdom has no canvas (charts measure text with it).
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  storeTokens('acc', 'ref');
  serve(fake, {
    [`GET ${API.config}`]: () => ok({ public_url: 'https://showdown.example' }),
    [`GET ${API.profile}`]: () => ok(ASHA),
    [`GET ${API.userGames}`]: () =>
      ok({
        games: [
          {
            game_id: 7,
            board_code: 'AB12',
            status: 3,
            started_at: '2026-01-01T10:00:00Z',
            ended_at: '2026-01-01T11:00:00Z',
            role: 2,
            rank: 1,
            final_net_worth: 512000,
          },
          {
            game_id: 8,
            board_code: 'CD34',
            status: 1,
            started_at: null,
            ended_at: null,
            role: 1,
            rank: null,
            final_net_worth: null,
          },
        ],
        next_before: 6,
      }),
    [`GET ${API.avatars}`]: () => ok([{ id: 3, name: 'The Fox', image: '/avatars/3.svg' }]),
    [`GET ${API.gameAvatars(7)}`]: () =>
      ok([
        { id: 3, name: 'The Fox', image: '/avatars/3.svg' },
        { id: 4, name: 'The Owl', image: '/avatars/4.svg' },
      ]),
    [`GET ${API.lobby(7)}`]: () => ok(LOBBY),
    [`GET ${API.settings(7)}`]: () => ok(SETTINGS),
    [`GET ${API.stocks(7)}`]: () => ok(gangaStocks(ENDS_AT, 1)),
    [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO),
    [`GET ${API.transactions(7)}`]: () => ok(TRANSACTIONS),
    [`GET ${API.mayhem(7)}`]: () =>
      ok({
        id: 3,
        game_id: 7,
        status: 'open',
        stock_ids: [{ stock_id: 4, name: 'Ganga Pharma', image: '/logos/ganga-pharma.svg' }],
        percentage: [7],
        responses_count: 1,
        investors_count: 2,
        responded: false,
        my_response: null,
      }),
    [`GET ${API.showdown(7)}`]: () => ok(RANKING),
    [`GET ${API.report(7)}`]: () => ok(buildGameReport(sampleReportRows())),
    [`GET ${API.sharedReport('tok')}`]: () => ok(buildGameReport(sampleReportRows())),
    [`GET ${API.boardReport('TV42')}`]: () => ok(buildGameReport(sampleReportRows())),
    [`POST ${API.sendOtp}`]: () =>
      ok({ otp_id: 'o1', resend_available_at: new Date().toISOString() }),
    [`POST ${API.login}`]: () => {
      throw new ApiError(ASHA_NO_USER, 404, 'NO_USER', {
        success: false,
        error: { code: 'NO_USER', message: ASHA_NO_USER },
        data: { registration_token: 'r1' },
      });
    },
  });
  // The screens read pages with a query ('?limit=50'): the same answers.
  const get = fake.get.getMockImplementation()!;
  fake.get.mockImplementation((path: string, ...rest: unknown[]) =>
    get(path.split('?')[0], ...rest),
  );
  await activateLanguage('hi');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  closeSnackbar();
});

const ASHA_NO_USER = 'No user found with this phone number.';

async function expectHindi(marker: string) {
  expect((await screen.findAllByText(marker)).length).toBeGreaterThan(0);
  expect(englishLeft(NAMES)).toEqual([]);
}

/** `rematch`: the finished game's rematch lobby is open (its id). */
type Seat = { role: 1 | 2 | null; status?: 1 | 2 | 3; rematch?: number };

/** [route, screen, seat in the game (null: none), a Hindi text the screen shows once loaded]. */
const ROUTES: Array<[string, ReactElement, Seat | null, string, unknown?]> = [
  ['/', <SplashScreen />, null, ''],
  ['/profile', <ProfileScreen />, null, 'मेरे खेल'],
  ['/account-details', <AccountDetailsScreen />, null, 'प्रोफ़ाइल'],
  ['/landing', <LandingScreen />, null, 'The Showdown ख़रीदें'],
  ['/home', <HomeScreen />, null, 'दुकान'],
  ['/showDown', <BoardCodeScreen />, null, 'अपना बोर्ड कोड डालें'],
  ['/join-game/false', <JoinGameScreen />, { role: null, status: 1 }, 'मैं निवेशक हूँ'],
  ['/choose-avatar/false', <ChooseAvatarScreen />, { role: null, status: 1 }, 'लोमड़ी', { role: 1 }],
  ['/showdown-lobby', <LobbyScreen />, { role: 1, status: 1 }, 'शोडाउन लॉबी'],
  ['/game-setup', <GameSetupScreen />, { role: 1, status: 1 }, 'सेटिंग बदलें'],
  ['/first-player', <FirstPlayerScreen />, { role: 1 }, 'घुमाएँ'],
  ['/stock-prices', <StockPricesScreen />, { role: 1 }, 'मॉनिटर और कार्रवाई'],
  ['/stock-prices', <StockPricesScreen />, { role: 2 }, 'बाज़ार मॉनिटर'],
  ['/price-updates', <PriceUpdatesScreen />, { role: 1 }, 'ठीक है', { stock: STOCK }],
  ['/portfolio', <PortfolioScreen />, { role: 2 }, 'कुल संपत्ति'],
  ['/trade', <TradeScreen />, { role: 2 }, 'नकद शेष'],
  ['/transaction', <TransactionScreen />, { role: 2 }, 'पेडे पहले जैसा किया गया'],
  ['/portfolio-showdown', <ShowdownScreen />, { role: 1 }, 'खेल ख़त्म करें'],
  ['/market-mayhem', <MarketMayhemScreen />, { role: 1 }, 'औसत निकालें'],
  ['/market-mayhem', <MarketMayhemScreen />, { role: 2 }, 'आगे'],
  ['/role', <RoleScreen />, { role: 2 }, 'खिलाड़ियों की भूमिकाएँ'],
  ['/leaderboard', <LeaderboardScreen />, { role: 2, status: 3 }, 'बाज़ार का बादशाह'],
  ['/leaderboard', <LeaderboardScreen />, { role: 1, status: 3 }, 'इसी टेबल के साथ फिर से खेलें'],
  ['/leaderboard', <LeaderboardScreen />, { role: 2, status: 3, rematch: 8 }, 'दोबारा मुक़ाबले में जुड़ें'],
  ['/game-report/7', <ReportScreen />, null, 'CSV डाउनलोड करें'],
  ['/report/tok', <SharedReportScreen />, null, 'The Showdown: खेल की रिपोर्ट'],
  ['/no-such-page', <NotFound />, null, 'पेज नहीं मिला'],
];

/** The finished game's rematch lobby is open (as `game:rematch` leaves the store). */
function withRematch(rematchId: number) {
  const game = useAppStore.getState().game!;
  useAppStore.setState({
    game: { ...game, game: { ...game.game, rematch_game_id: rematchId } },
  });
}

/** Answers one more call on the fake api, the others as before. */
function answer(method: 'get' | 'post', path: string, body: () => unknown) {
  const before = fake[method].getMockImplementation()!;
  fake[method].mockImplementation((at: string, ...rest: unknown[]) =>
    at === path ? Promise.resolve(body()) : before(at, ...rest),
  );
}

describe('every route in Hindi', () => {
  it.each(ROUTES)('%s', async (url, ui, seat, marker, state) => {
    if (seat) {
      setGame({
        role: seat.role,
        playerId: seat.role === 1 ? 1 : 2,
        status: seat.status,
        players: PLAYERS,
        stocks: [STOCK],
        portfolio: PORTFOLIO,
        settings: SETTINGS,
        orderbook_status: 1,
        ends_at: ENDS_AT,
        ranking: seat.status === 3 ? RANKING : null,
      });
      if (seat.rematch) withRematch(seat.rematch);
    }
    useAppStore.setState({ user: ASHA });
    const path = url.replace(/\/(7|tok|false)$/, (_m, v: string) =>
      v === '7' ? '/:id' : v === 'tok' ? '/:token' : '/:update',
    );
    renderRoute(ui, { path, url, state });
    if (marker) await expectHindi(marker);
    else expect(englishLeft(NAMES)).toEqual([]);
  });

  it('/login: phone, OTP and registration steps', async () => {
    const user = userEvent.setup();
    renderRoute(<LoginScreen />, { path: '/login' });
    await expectHindi('OTP पाएँ');
    await user.type(screen.getByLabelText('फ़ोन नंबर'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'OTP पाएँ' }));
    await expectHindi('OTP की जाँच करें');
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'जाँचें' }));
    await expectHindi('साइन अप करें');
  });

  it('the TV: lobby, a running game with an announcement, the podium', async () => {
    const session = recorded as unknown as {
      snapshot: SpectatorSnapshot;
      events: Array<{
        name: SpectatorEventName;
        payload: SpectatorEventPayload<SpectatorEventName>;
      }>;
    };
    let feed: SpectateOptions | null = null;
    const source = (options: SpectateOptions) => {
      feed = options;
      options.onSnapshot(session.snapshot);
      return { disconnect: () => undefined };
    };
    const play = (name: string) =>
      act(() => {
        for (const e of session.events.slice(
          0,
          session.events.findIndex((x) => x.name === name) + 1,
        ))
          feed!.onEvent(e.name, e.payload);
      });
    renderRoute(<SpectatorScreen source={source} />, {
      path: '/spectate/:code',
      url: '/spectate/tv42',
    });
    await expectHindi('जुड़ने के लिए स्कैन करें');
    play('mayhem:created');
    await expectHindi('मार्केट मेहेम!');
    play('game:ended');
    // The recap first, in Hindi: the race, then each scene as the right arrow moves on.
    const recap = await screen.findByRole('region', { name: 'खेल का रीकैप' });
    expect(englishLeft(NAMES)).toEqual([]);
    for (const scene of ['सबसे बड़ा सौदा', 'भाव की सबसे बड़ी चाल', 'हर मेहेम ने क्या किया', 'पेडे']) {
      // A press each look until the scene shows: the looks are apart in time, so the recap's
      // key listener (attached by an effect after its first render) is there for the presses.
      await waitFor(() => {
        if (!within(recap).queryByRole('region', { name: scene })) {
          act(() => {
            window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
          });
        }
        expect(within(recap).getByRole('region', { name: scene })).toBeInTheDocument();
      });
      expect(englishLeft(NAMES)).toEqual([]);
    }
    act(() => screen.getByRole('button', { name: 'सीधे पोडियम पर जाएँ' }).click());
    expect(await screen.findByRole('list', { name: 'अंतिम रैंकिंग' })).toBeInTheDocument();
    expect(englishLeft(NAMES)).toEqual([]);
  });
});

describe('the broker, pause, undo and app texts in Hindi', () => {
  const running = (role: 1 | 2, playerId: number, settings: Partial<GameSettings> = {}) =>
    setGame({
      role,
      playerId,
      players: PLAYERS,
      stocks: [STOCK],
      portfolio: PORTFOLIO,
      settings: { ...SETTINGS, ...settings },
      orderbook_status: 1,
      ends_at: settings.ends_at === undefined ? ENDS_AT : settings.ends_at,
    });
  const market = () => renderRoute(<StockPricesScreen />, { path: '/stock-prices' });

  it("the broker's paused phase: panel, countdown chip, then the hand-over dialog", async () => {
    running(1, 1, { ends_at: null, paused_remaining_s: 42 });
    answer('get', API.stocks(7), () => ok(gangaStocks(null, 1)));
    useAppStore.setState({ user: ASHA });
    const user = userEvent.setup();
    market();
    const panel = await screen.findByRole('region', { name: 'ट्रेड चरण' });
    expect(within(panel).getByText('रुका हुआ')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'फिर से चालू करें' })).toBeInTheDocument();
    const chip = screen.getByRole('timer', { name: 'ट्रेड चरण की उलटी गिनती' });
    expect(chip).toHaveTextContent('रुका हुआ');
    expect(chip).toHaveAttribute('aria-description', 'ट्रेड चरण रुका है, 42 सेकंड बाकी हैं');
    expect(englishLeft(NAMES)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'मदद' }));
    await user.click(await screen.findByRole('menuitem', { name: 'ब्रोकर की भूमिका सौंपें' }));
    const dialog = await screen.findByRole('dialog', { name: 'ब्रोकर की भूमिका सौंपें' });
    expect(within(dialog).getByLabelText('Asha (निवेशक)')).toBeInTheDocument();
    expect(englishLeft(NAMES, dialog)).toEqual([]);
  });

  it('an investor is offered to take over from a broker offline for 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    running(2, 2);
    act(() => {
      const game = useAppStore.getState().game!;
      useAppStore.setState({ game: { ...game, online: [2, 3] } });
    });
    market();
    await screen.findAllByText('बाज़ार मॉनिटर');
    act(() => void vi.advanceTimersByTime(60_000));
    const offer = await screen.findByText('ब्रोकर ऑफ़लाइन है। आप संभालेंगे?');
    const prompt = offer.closest<HTMLElement>('[role="alert"]')!;
    expect(within(prompt).getByRole('button', { name: 'संभालें' })).toBeInTheDocument();
    expect(englishLeft(NAMES)).toEqual([]);
  });

  it("the broker's Undo snackbar, and what the undo answers", async () => {
    running(1, 1);
    const undone: UndoneAction = {
      kind: 'price',
      label: 'Undone: price update of Ganga Pharma (back to ₹2,580.00)',
      changes: [],
      points: [],
      paydays_given: 1,
    };
    answer('post', API.undo(7), () => ok(undone, MSG.UNDONE));
    const user = userEvent.setup();
    market();
    await screen.findByText('मॉनिटर और कार्रवाई');
    act(() => enqueueUndoable(t(MSG.PRICE_UPDATED), 7));
    const undo = await screen.findByRole('button', { name: 'यह बदलाव पहले जैसा करें' });
    expect(undo).toHaveTextContent('पहले जैसा करें');
    expect(englishLeft(NAMES)).toEqual([]);
    await user.click(undo);
    expect(
      await screen.findByText(
        'Ganga Pharma का भाव अपडेट पहले जैसा किया गया, भाव फिर से ₹2,580.00 हो गया',
      ),
    ).toBeInTheDocument();
    expect(englishLeft(NAMES)).toEqual([]);
  });

  it('the offline banner and the update prompt', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    useAppStore.setState({ user: ASHA });
    renderRoute(<ProfileScreen />, { path: '/profile' });
    await screen.findByText('मेरे खेल');
    expect(screen.getByText('कनेक्शन नहीं है')).toBeInTheDocument();
    act(() => showUpdatePrompt(() => undefined));
    expect(await screen.findByText('अपडेट उपलब्ध है')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'फिर से लोड करें' })).toBeInTheDocument();
    expect(englishLeft(NAMES)).toEqual([]);
  });
});

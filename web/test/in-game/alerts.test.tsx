/**
 * Alerts wherever the player is, driven by recorded socket events through a fake socket behind
 * the app's own live connection (useGameSocket with the alerts): snackbars with an action to the
 * right screen, vibration, the optional tone, the hidden tab's title, the countdown chip, and the
 * connection banner with server controls disabled while offline.
 */
import { API, type Portfolio, type StockEntry } from '@showdown/shared/api';
import type { GameSnapshot } from '@showdown/shared/protocol';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useGameAlerts } from '../../src/features/alerts/use-game-alerts';
import { StockPricesScreen } from '../../src/features/market/components/stock-prices-screen';
import { PortfolioScreen } from '../../src/features/portfolio/components/portfolio-screen';
import { TradeScreen } from '../../src/features/portfolio/components/trade-screen';
import { useGameSocket } from '../../src/hooks/use-game-socket';
import { api } from '../../src/lib/api-client';
import type { SocketAuth } from '../../src/lib/socket';
import { useAppStore } from '../../src/stores/app-store';
import { BUZZ_PATTERNS } from '../../src/lib/haptics';
import { setSoundOutput } from '../../src/lib/sound/sound';
import { FakeSocket } from '../fake-socket';
import { FakeSoundOutput } from '../fake-sound';
import {
  findLocation,
  gameSnapshot,
  ok,
  OPEN_MAYHEM,
  renderScreen,
  serve,
  setGame,
  type FakeApi,
  type GameSetup,
} from './render-screen';

const sockets = vi.hoisted(() => ({
  answer: null as null | (() => unknown),
  last: null as unknown,
}));

vi.mock('socket.io-client', () => ({
  io: (...args: unknown[]) => {
    const { auth } = args.at(-1) as { auth: SocketAuth };
    const socket = new FakeSocket(auth, () => sockets.answer!() as { data: GameSnapshot });
    sockets.last = socket;
    return socket;
  },
}));

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCKS: StockEntry[] = [
  { id: 1, stock_id: 1, name: 'Tandoor Motors', image: '/logos/t.svg', current_price: 400 },
];
const PORTFOLIO: Portfolio = {
  portfolio_data: [
    {
      stock_id: 1,
      name: 'Tandoor Motors',
      image: '/logos/t.svg',
      total_quantity: 0,
      total_invested_price: 0,
      current_price: 400,
      market_value: 0,
      profit_loss: 0,
    },
  ],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 500000,
  orderbook_status: 0,
  ends_at: null,
};
const SEQ = 30;
const at = (seq: number) => ({ seq, game_id: 7 });

/** The app shell's live connection, with its alerts, around a screen. */
function Live({ children }: { children: ReactNode }) {
  useGameSocket(useGameAlerts());
  return children;
}

function socket(): FakeSocket {
  return sockets.last as FakeSocket;
}

/** Investor Asha's game as the server answers it, at SEQ unless `setup` says otherwise. */
function liveSnapshot(setup: GameSetup): GameSnapshot {
  return gameSnapshot({ role: 2, seq: SEQ, stocks: STOCKS, portfolio: PORTFOLIO, ...setup });
}

/**
 * Renders the screen live: the store holds the game shaped by `setup`, and the socket's join
 * answers it at SEQ, or as `joined` shapes it (a game that moved before the socket joined).
 */
async function openLive(
  screenUi: ReactNode,
  path: string,
  setup: GameSetup = {},
  joined: GameSetup = {},
) {
  const snapshot = liveSnapshot({ ...setup, ...joined });
  sockets.answer = () => ({ data: snapshot });
  localStorage.setItem('access_token', 'acc');
  setGame({ role: 2, stocks: STOCKS, portfolio: PORTFOLIO, ...setup });
  const rendered = renderScreen(<Live>{screenUi}</Live>, { path });
  await waitFor(() => expect(useAppStore.getState().game?.seq).toBe(SEQ));
  return rendered;
}

const vibrateMock = vi.fn();

beforeEach(() => {
  vi.clearAllMocks();
  serve(fake, {
    [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO),
    [`GET ${API.stocks(7)}`]: () =>
      ok({
        stocks_data: STOCKS,
        is_mm_exist: 0,
        game_status: 2,
        orderbook_status: useAppStore.getState().game?.game.settings.orderbook_status ?? 0,
        ends_at: useAppStore.getState().game?.game.settings.ends_at ?? null,
      }),
  });
  Object.defineProperty(navigator, 'vibrate', { value: vibrateMock, configurable: true });
});

afterEach(() => {
  Object.defineProperty(document, 'hidden', { value: false, configurable: true });
  setSoundOutput(null);
});

describe('trade phase alert on Portfolio', () => {
  it('shows the alert and the countdown chip; "Trade now" goes to the Trade Hub', async () => {
    const { user } = await openLive(<PortfolioScreen />, '/portfolio');
    await screen.findByRole('region', { name: 'Summary' });
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();

    const endsAt = new Date(Date.now() + 120_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 1), ends_at: endsAt, duration: 120 }));
    expect(await screen.findByText('Trade phase open: 120 s to trade')).toBeInTheDocument();
    const chip = screen.getByRole('timer', { name: 'Trade phase countdown' });
    expect(within(screen.getByRole('banner')).getByRole('timer')).toBe(chip);
    expect(vibrateMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Trade now' }));
    expect(await findLocation()).toBe('/trade');
  });

  it('tells when the phase ends and the chip goes', async () => {
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    await openLive(<PortfolioScreen />, '/portfolio', { orderbook_status: 1, ends_at: endsAt });
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    act(() => socket().fire('phase:ended', at(SEQ + 1)));
    expect(await screen.findByText('Trade phase closed')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });
});

describe('the end of a trade phase is told once', () => {
  /** Lets the screens' own effects (the countdown seeing the phase end) run. */
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it.each([
    ['the Trade Hub', <TradeScreen key="trade" />, '/trade'],
    ['the Market Monitor', <StockPricesScreen key="market" />, '/stock-prices'],
  ])(
    "an investor on %s sees 'Trade phase closed', not also 'Trade ended.'",
    async (_name, ui, path) => {
      const endsAt = new Date(Date.now() + 120_000).toISOString();
      await openLive(ui, path, { orderbook_status: 1, ends_at: endsAt });
      await settle();
      act(() => socket().fire('phase:ended', at(SEQ + 1)));
      expect(await screen.findByText('Trade phase closed')).toBeInTheDocument();
      await settle();
      expect(screen.queryByText('Trade ended.')).not.toBeInTheDocument();
    },
  );

  it("the broker on the Market Monitor is told once: 'Trade ended.' or the alert, not both", async () => {
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    await openLive(<StockPricesScreen />, '/stock-prices', {
      role: 1,
      orderbook_status: 1,
      ends_at: endsAt,
    });
    await settle();
    act(() => socket().fire('phase:ended', at(SEQ + 1)));
    await settle();
    const told = ['Trade ended.', 'Trade phase closed'].filter((text) => screen.queryByText(text));
    expect(told).toHaveLength(1);
  });
});

describe('the "Trade phase open" alert goes when trading stops', () => {
  const OPEN = 'Trade phase open: 120 s to trade';
  // The alert leaves with its exit transition: on a busy machine that outlasts waitFor's 1 s.
  const GONE = { timeout: 5000 };
  const opened = async () => {
    const rendered = await openLive(<PortfolioScreen />, '/portfolio');
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 1), ends_at: endsAt, duration: 120 }));
    expect(await screen.findByText(OPEN)).toBeInTheDocument();
    return rendered;
  };

  it('the broker pauses the phase: it goes; the resume is told, with "Trade now"', async () => {
    const { user } = await opened();
    act(() => socket().fire('phase:paused', { ...at(SEQ + 2), remaining_s: 100 }));
    await waitFor(() => expect(screen.queryByText(OPEN)).not.toBeInTheDocument(), GONE);
    expect(screen.queryByRole('button', { name: 'Trade now' })).not.toBeInTheDocument();

    const endsAt = new Date(Date.now() + 100_000).toISOString();
    act(() => socket().fire('phase:resumed', { ...at(SEQ + 3), ends_at: endsAt }));
    expect(await screen.findByText('Trade phase resumed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Trade now' }));
    expect(await findLocation()).toBe('/trade');
  });

  it('the phase closes: "Trade phase closed" takes its place', async () => {
    await opened();
    act(() => socket().fire('phase:ended', at(SEQ + 2)));
    expect(await screen.findByText('Trade phase closed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(OPEN)).not.toBeInTheDocument(), GONE);
  });

  it('a resync that finds the phase paused takes it away too', async () => {
    await opened();
    const paused = { orderbook_status: 1, ends_at: null, paused_remaining_s: 90 } as const;
    sockets.answer = () => ({ data: liveSnapshot({ seq: SEQ + 5, settings: paused }) });
    act(() =>
      socket().fire('mayhem:responded', { ...at(SEQ + 5), mayhem_id: 4, responses_count: 1 }),
    );
    await waitFor(() => expect(useAppStore.getState().game?.seq).toBe(SEQ + 5));
    await waitFor(() => expect(screen.queryByText(OPEN)).not.toBeInTheDocument(), GONE);
  });
});

describe('alerts for what a snapshot shows was missed', () => {
  it('a phone whose socket joins after the phase opened is told, with the seconds left', async () => {
    const endsAt = new Date(Date.now() + 90_000).toISOString();
    await openLive(<PortfolioScreen />, '/portfolio', {}, { orderbook_status: 1, ends_at: endsAt });
    expect(await screen.findByText(/^Trade phase open: (90|89) s to trade$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trade now' })).toBeInTheDocument();
    expect(vibrateMock).toHaveBeenCalledTimes(1);
  });

  it('a seq gap resyncs, and the phase and payday missed in it are told', async () => {
    await openLive(<PortfolioScreen />, '/portfolio', { seq: SEQ });
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    const resynced = liveSnapshot({
      seq: SEQ + 3,
      orderbook_status: 1,
      ends_at: endsAt,
      settings: { paydays_given: 1, payday_increment: 100000 },
    });
    sockets.answer = () => ({ data: resynced });
    act(() =>
      socket().fire('mayhem:responded', { ...at(SEQ + 3), mayhem_id: 4, responses_count: 1 }),
    );
    await waitFor(() => expect(useAppStore.getState().game?.seq).toBe(SEQ + 3));
    expect(socket().commands()).toContain('game:resync');
    expect(await screen.findByText(/^Trade phase open: (60|59) s to trade$/)).toBeInTheDocument();
    expect(screen.getByText('Payday! ₹1,00,000.00 added to your cash')).toBeInTheDocument();
  });

  it('an alert an event raised is not raised again by the next resync', async () => {
    await openLive(<PortfolioScreen />, '/portfolio', { seq: SEQ });
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 1), ends_at: endsAt, duration: 120 }));
    expect(await screen.findByText('Trade phase open: 120 s to trade')).toBeInTheDocument();
    // The resync answers a newer game with the same phase: the one already told.
    sockets.answer = () => ({
      data: liveSnapshot({ seq: SEQ + 4, orderbook_status: 1, ends_at: endsAt }),
    });
    act(() =>
      socket().fire('mayhem:responded', { ...at(SEQ + 2), mayhem_id: 4, responses_count: 1 }),
    );
    act(() =>
      socket().fire('mayhem:responded', { ...at(SEQ + 4), mayhem_id: 4, responses_count: 1 }),
    );
    await waitFor(() => expect(socket().commands()).toContain('game:resync'));
    await waitFor(() => expect(useAppStore.getState().game?.seq).toBe(SEQ + 4));
    expect(screen.getAllByText(/^Trade phase open/)).toHaveLength(1);
    expect(vibrateMock).toHaveBeenCalledTimes(1);
  });
});

describe('payday and mayhem alerts', () => {
  it('payday says the amount', async () => {
    await openLive(<PortfolioScreen />, '/portfolio');
    act(() => socket().fire('payday:given', { ...at(SEQ + 1), amount: 100000, paydays_given: 1 }));
    expect(await screen.findByText('Payday! ₹1,00,000.00 added to your cash')).toBeInTheDocument();
  });

  it('a mayhem list opening offers Respond, which opens Market Mayhem', async () => {
    const { user } = await openLive(<PortfolioScreen />, '/portfolio');
    act(() =>
      socket().fire('mayhem:created', {
        ...at(SEQ + 1),
        mayhem: OPEN_MAYHEM,
      }),
    );
    expect(
      await screen.findByText('Market Mayhem is open: pick your percentages'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Respond' }));
    expect(await findLocation()).toBe('/market-mayhem');
  });

  it('mayhem applied says so', async () => {
    await openLive(<PortfolioScreen />, '/portfolio');
    act(() =>
      socket().fire('mayhem:averaged', {
        ...at(SEQ + 1),
        mayhem_id: 4,
        changes: [{ stock_id: 1, previous_price: 400, price: 420, percentage: 5 }],
      }),
    );
    expect(await screen.findByText('Market Mayhem applied: 1 price moved')).toBeInTheDocument();
  });
});

describe('sound and the hidden tab', () => {
  it('plays a sound only when sound is on, and titles a hidden tab', async () => {
    const speakers = new FakeSoundOutput();
    setSoundOutput(speakers);
    document.title = 'The Showdown';
    await openLive(<PortfolioScreen />, '/portfolio');
    act(() => socket().fire('payday:given', { ...at(SEQ + 1), amount: 100000, paydays_given: 1 }));
    await screen.findByText('Payday! ₹1,00,000.00 added to your cash');
    expect(speakers.played).toEqual([]);

    act(() => useAppStore.getState().setSoundOn(true));
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 2), ends_at: endsAt, duration: 60 }));
    await screen.findByText('Trade phase open: 60 s to trade');
    await waitFor(() => expect(speakers.played).toEqual(['phase-open']));
    expect(document.title).toBe('● Trade phase open');

    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(document.title).toBe('The Showdown');
  });
});

describe('connection banner', () => {
  it('"Reconnecting…" while the socket is down, orders still tapped (they wait), then "Back online"', async () => {
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    const open = { ...PORTFOLIO, orderbook_status: 1 as const, ends_at: endsAt };
    serve(fake, {
      [`GET ${API.portfolio(7)}`]: () => ok(open),
      [`GET ${API.stocks(7)}`]: () =>
        ok({
          stocks_data: STOCKS,
          is_mm_exist: 0,
          game_status: 2,
          orderbook_status: 1,
          ends_at: endsAt,
        }),
    });
    await openLive(<TradeScreen />, '/trade', {
      orderbook_status: 1,
      ends_at: endsAt,
      portfolio: open,
    });
    const buy = await screen.findByRole('button', { name: 'BUY Tandoor Motors' });
    await waitFor(() => expect(buy).toBeEnabled());

    act(() => socket().fire('disconnect', 'transport close'));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    // An order tapped now waits on the phone for the connection.
    expect(buy).toBeEnabled();

    // Back: not recovered, so the client resyncs from a snapshot (a price moved meanwhile).
    sockets.answer = () => ({
      data: gameSnapshot({
        role: 2,
        seq: SEQ + 4,
        stocks: [{ ...STOCKS[0]!, current_price: 440 }],
        portfolio: open,
        orderbook_status: 1,
        ends_at: endsAt,
      }),
    });
    act(() => socket().fire('connect'));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    expect(socket().commands()).toEqual(['game:join', 'game:resync']);
    expect(screen.getByText(/₹440\.00/)).toBeInTheDocument();
    expect(buy).toBeEnabled();
    await waitFor(() => expect(screen.queryByText('Back online')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  });
});

describe('sound and vibration on the phone', () => {
  let speakers: FakeSoundOutput;
  /** Opens Portfolio live with this device's switches as given. */
  async function openWith(switches: { soundOn: boolean; vibrationOn: boolean }, setup = {}) {
    speakers = new FakeSoundOutput();
    setSoundOutput(speakers);
    const rendered = await openLive(<PortfolioScreen />, '/portfolio', setup);
    act(() => useAppStore.setState(switches));
    return rendered;
  }
  const cuesHeard = async (count: number) => {
    await waitFor(() => expect(speakers.played).toHaveLength(count));
    return speakers.played;
  };

  it("each moment has its sound; only an investor's phase and list vibrate, each its own way", async () => {
    await openWith({ soundOn: true, vibrationOn: true });
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 1), ends_at: endsAt, duration: 120 }));
    expect(await cuesHeard(1)).toEqual(['phase-open']);
    expect(vibrateMock).toHaveBeenLastCalledWith(BUZZ_PATTERNS['phase-open']);

    act(() => socket().fire('phase:ended', at(SEQ + 2)));
    act(() => socket().fire('payday:given', { ...at(SEQ + 3), amount: 100000, paydays_given: 1 }));
    expect(await cuesHeard(3)).toEqual(['phase-open', 'phase-end', 'payday']);
    expect(vibrateMock).toHaveBeenCalledTimes(1);

    act(() => socket().fire('mayhem:created', { ...at(SEQ + 4), mayhem: OPEN_MAYHEM }));
    expect(await cuesHeard(4)).toEqual(['phase-open', 'phase-end', 'payday', 'mayhem']);
    expect(vibrateMock).toHaveBeenCalledTimes(2);
    expect(vibrateMock).toHaveBeenLastCalledWith(BUZZ_PATTERNS.mayhem);
  });

  it('the Profile switches off: no sound and no vibration, the alert still shows', async () => {
    await openWith({ soundOn: false, vibrationOn: false });
    const endsAt = new Date(Date.now() + 120_000).toISOString();
    act(() => socket().fire('phase:started', { ...at(SEQ + 1), ends_at: endsAt, duration: 120 }));
    expect(await screen.findByText('Trade phase open: 120 s to trade')).toBeInTheDocument();
    act(() => socket().fire('mayhem:created', { ...at(SEQ + 2), mayhem: OPEN_MAYHEM }));
    await screen.findByText('Market Mayhem is open: pick your percentages');
    expect(speakers.played).toEqual([]);
    expect(vibrateMock).not.toHaveBeenCalled();
  });

  it('an investor is told the phase is closing ten seconds before its end', async () => {
    const endsAt = new Date(Date.now() + 11_500).toISOString();
    await openWith({ soundOn: true, vibrationOn: true }, { orderbook_status: 1, ends_at: endsAt });
    expect(
      await screen.findByText('Trade phase closes in 10 s', {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(vibrateMock).toHaveBeenLastCalledWith(BUZZ_PATTERNS['phase-closing']);
    expect(speakers.played).toContain('countdown-final');
  });
});

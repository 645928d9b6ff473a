import { API, type MayhemData, type RankingEntry } from '@showdown/shared/api';
import type { GameEventName, GameEventPayload } from '@showdown/shared/protocol';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { useEffect, type ReactElement } from 'react';
import { useGameAlerts } from '../../src/features/alerts/use-game-alerts';
import { HelpMenu } from '../../src/features/help/components/help-menu';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RoleScreen } from '../../src/features/help/components/role-screen';
import { PriceUpdatesScreen } from '../../src/features/market/components/price-updates-screen';
import { StockPricesScreen } from '../../src/features/market/components/stock-prices-screen';
import { PortfolioScreen } from '../../src/features/portfolio/components/portfolio-screen';
import { TradeScreen } from '../../src/features/portfolio/components/trade-screen';
import { TransactionScreen } from '../../src/features/portfolio/components/transaction-screen';
import { MarketMayhemScreen } from '../../src/features/mayhem/components/market-mayhem-screen';
import { LeaderboardScreen } from '../../src/features/showdown/components/leaderboard-screen';
import { ShowdownScreen } from '../../src/features/showdown/components/showdown-screen';
import { api } from '../../src/lib/api-client';
import { ok, renderScreen, serve, setGame, type FakeApi } from './render-screen';
import { GANGA, GANGA_PORTFOLIO, gangaStocks } from '../fixtures/game';

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCK = GANGA;
const PORTFOLIO = GANGA_PORTFOLIO;

const RANKING: RankingEntry[] = [
  {
    player_id: 2,
    username: 'Ravi',
    avatar_id: 2,
    image: '/avatars/2.svg',
    role: 2,
    balance: 512000,
    rank: 1,
    rank_label: '1st',
    rank_name: 'Market Mogul',
  },
];
const MAYHEM: MayhemData = {
  id: 3,
  game_id: 7,
  status: 'open',
  stock_ids: [{ stock_id: 4, name: 'Ganga Pharma', image: '/logos/ganga-pharma.svg' }],
  percentage: [7],
  responses_count: 0,
  investors_count: 2,
  responded: false,
  my_response: null,
};

/** Violations axe finds in the document; colour contrast needs a real layout engine. */
async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
}

const SCREENS: Array<[string, string, ReactElement, 1 | 2, string]> = [
  ['Monitor & Action', '/stock-prices', <StockPricesScreen />, 1, '₹860.00'],
  ['Market Monitor (investor)', '/stock-prices', <StockPricesScreen />, 2, '₹860.00'],
  ['Price Update', '/price-updates', <PriceUpdatesScreen />, 1, 'OK'],
  ['Portfolio', '/portfolio', <PortfolioScreen />, 2, 'Net worth'],
  ['Trade Hub', '/trade', <TradeScreen />, 2, 'Cash balance'],
  ['History', '/transaction', <TransactionScreen />, 2, 'Oops! No transaction found'],
  ['Market Mayhem (investor)', '/market-mayhem', <MarketMayhemScreen />, 2, 'Next'],
  ['Market Mayhem (broker)', '/market-mayhem', <MarketMayhemScreen />, 1, 'Average'],
  ['Showdown', '/portfolio-showdown', <ShowdownScreen />, 1, 'Ravi'],
  ['Leaderboard', '/leaderboard', <LeaderboardScreen />, 2, 'Market Mogul'],
  ['Player Roles', '/role', <RoleScreen />, 2, 'Ravi'],
];

describe('in-game screens have no axe violations', () => {
  beforeEach(() => {
    // jsdom has no canvas; axe only uses it to measure icon fonts.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(gangaStocks(PORTFOLIO.ends_at, 0)),
      [`GET ${API.portfolio(7)}`]: () => ok(PORTFOLIO),
      [`GET ${API.transactions(7)}`]: () => ok([]),
      [`GET ${API.mayhem(7)}`]: () => ok(MAYHEM),
      [`GET ${API.showdown(7)}`]: () => ok(RANKING),
      [`GET ${API.lobby(7)}`]: () =>
        ok({
          game_id: 7,
          board_code: 'AB12',
          game_status: 2,
          game_players_data: [
            {
              id: 2,
              player_id: 2,
              username: 'Ravi',
              avatar_id: 2,
              image: '',
              role: 2,
            },
          ],
          first_player: null,
          my_player_id: 2,
          my_role: 2,
        }),
    });
  });

  it.each(SCREENS)('%s', async (_name, path, ui, role, marker) => {
    setGame({ role, stocks: [STOCK] });
    renderScreen(ui, { path, state: { stock: STOCK } });
    expect(await screen.findAllByText(marker)).not.toHaveLength(0);
    expect(await violations()).toEqual([]);
  });
});

/** Fires one game event's alert (as the live connection does) once the screen is up. */
function AlertOnMount<E extends GameEventName>({
  name,
  event,
}: {
  name: E;
  event: GameEventPayload<E>;
}) {
  const { applied } = useGameAlerts();
  useEffect(() => applied(name, event), [applied, name, event]);
  return null;
}

const at = { seq: 40, game_id: 7 };
const ENDS_AT = new Date(Date.now() + 60_000).toISOString();

/** Every in-game screen with an alert snackbar, the countdown chip and a connection banner up. */
const ALERT_STATES: Array<[string, string, ReactElement, 1 | 2, string, ReactElement, string]> = [
  [
    'Portfolio: trade phase open, reconnecting',
    '/portfolio',
    <PortfolioScreen />,
    2,
    'reconnecting',
    <AlertOnMount name="phase:started" event={{ ...at, ends_at: ENDS_AT, duration: 120 }} />,
    'Trade now',
  ],
  [
    'Trade Hub: mayhem open, back online',
    '/trade',
    <TradeScreen />,
    2,
    'back',
    <AlertOnMount name="mayhem:created" event={{ ...at, mayhem: { ...MAYHEM } }} />,
    'Respond',
  ],
  [
    'History: payday, reconnecting',
    '/transaction',
    <TransactionScreen />,
    2,
    'reconnecting',
    <AlertOnMount name="payday:given" event={{ ...at, amount: 100000, paydays_given: 1 }} />,
    'My holdings',
  ],
  [
    'Market Monitor: phase closed, back online',
    '/stock-prices',
    <StockPricesScreen />,
    2,
    'back',
    <AlertOnMount name="phase:ended" event={at} />,
    'My holdings',
  ],
  [
    'Price Updates: mayhem applied, reconnecting',
    '/price-updates',
    <PriceUpdatesScreen />,
    1,
    'reconnecting',
    <AlertOnMount
      name="mayhem:averaged"
      event={{
        ...at,
        mayhem_id: 3,
        changes: [{ stock_id: 4, previous_price: 860, price: 920, percentage: 6.98 }],
      }}
    />,
    'See prices',
  ],
];

describe('alerts, the countdown chip and the connection banner have no axe violations', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(gangaStocks(ENDS_AT, 1)),
      [`GET ${API.portfolio(7)}`]: () => ok({ ...PORTFOLIO, ends_at: ENDS_AT }),
      [`GET ${API.transactions(7)}`]: () => ok([]),
    });
  });

  it.each(ALERT_STATES)('%s', async (_name, path, ui, role, connection, alert, action) => {
    setGame(
      { role, stocks: [STOCK], portfolio: PORTFOLIO, orderbook_status: 1, ends_at: ENDS_AT },
      { connection: connection as 'reconnecting' | 'back' },
    );
    renderScreen(
      <>
        {ui}
        {alert}
      </>,
      { path, state: { stock: STOCK } },
    );
    expect(await screen.findByRole('button', { name: action })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Trade phase countdown' })).toBeInTheDocument();
    expect(
      screen.getByText(connection === 'back' ? 'Back online' : 'Reconnecting…'),
    ).toBeInTheDocument();
    expect(await violations()).toEqual([]);
  });

  it('the open help menu', async () => {
    setGame({ role: 2, stocks: [STOCK], portfolio: PORTFOLIO });
    const { user } = renderScreen(<HelpMenu />, { path: '/portfolio' });
    await user.click(screen.getByRole('button', { name: /help/i }));
    expect(await screen.findAllByRole('menuitem')).not.toHaveLength(0);
    expect(await violations()).toEqual([]);
  });
});

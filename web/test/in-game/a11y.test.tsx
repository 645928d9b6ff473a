import {
  API,
  type MayhemData,
  type Portfolio,
  type RankingEntry,
  type StockEntry,
} from '@showdown/shared/api';
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
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

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const STOCK: StockEntry = {
  id: 4,
  stock_id: 4,
  name: 'Ganga Pharma',
  image: '/logos/ganga-pharma.svg',
  current_price: 860,
};
const PORTFOLIO: Portfolio = {
  portfolio_data: [
    {
      stock_id: 4,
      name: 'Ganga Pharma',
      image: '/logos/ganga-pharma.svg',
      total_quantity: 3,
      total_invested_price: 2580,
      current_price: 860,
      market_value: 2580,
      profit_loss: 0,
    },
  ],
  total_balance: 500000,
  total_profit_loss: '0.00',
  current_balance: 497420,
  orderbook_status: 1,
  ends_at: new Date(Date.now() + 60_000).toISOString(),
};

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
      [`GET ${API.stocks(7)}`]: () =>
        ok({
          stocks_data: [STOCK],
          is_mm_exist: 0,
          game_status: 2,
          orderbook_status: 1,
          ends_at: PORTFOLIO.ends_at,
        }),
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

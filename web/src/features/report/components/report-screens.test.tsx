import { API, type GameReport } from '@showdown/shared/api';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, jsonResponse, ok, renderRoute } from '../../../../test/render';
import { resetAppStore } from '../../../stores/app-store';
import { storeTokens } from '../../../lib/tokens';
import { compactRupees } from './report-view';
import { ReportScreen } from './report-screen';
import { SharedReportScreen } from './shared-report-screen';

/** The shared sample game: Ravi first (₹12,000), Asha second (₹11,257.50). */
const finishedGame = (): GameReport => buildGameReport(sampleReportRows());

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  resetAppStore();
  storeTokens('acc', 'ref');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportScreen', () => {
  it('shows the standings, both charts, every player and the mayhem', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === API.report(7)) return jsonResponse(ok(finishedGame()));
      throw new Error(`unexpected ${url}`);
    });
    renderRoute(<ReportScreen />, { path: '/game-report/:id', url: '/game-report/7' });
    const standings = await screen.findByRole('region', { name: 'Standings' });
    expect(
      within(standings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1stRaviMarket Mogul₹12,000.00', '2ndAshaBull Runner₹11,257.50']);
    expect(screen.getByTestId('net-worth-chart')).toBeInTheDocument();
    expect(screen.getByTestId('prices-chart')).toBeInTheDocument();
    // The TV's recap as still frames: every round of the race, then the story's scenes.
    const story = screen.getByRole('region', { name: 'The story of the game' });
    expect(
      within(story)
        .getAllByRole('figure')
        .map((f) => f.getAttribute('aria-label')),
    ).toEqual(['At the start', 'After round 1', 'After round 2', 'After round 3']);
    expect(within(story).getByRole('region', { name: 'Biggest trade' })).toHaveTextContent(
      'Asha bought 10 shares of Tandoor Motors₹4,950 in one trade, at ₹495.00 a share',
    );
    expect(within(story).getByRole('region', { name: 'Best price move' })).toHaveTextContent(
      'Monsoon Power ▲ +20%₹280.00 to ₹336.00 in market mayhem',
    );
    expect(within(story).getByRole('region', { name: 'Paydays' })).toHaveTextContent(
      '1 payday: ₹2,000 to every investor',
    );
    expect(story).toHaveTextContent('Ravi won with ₹12,000');
    const asha = screen.getByRole('article', { name: "Asha's game" });
    expect(asha).toHaveTextContent('Cash: ₹8,733.00');
    expect(asha).toHaveTextContent('Holdings: 6 Tandoor Motors (₹2,524.50)');
    expect(asha).toHaveTextContent('Trades: 2');
    expect(asha).toHaveTextContent(
      'Best trade: sold 4 Tandoor Motors at ₹420.75 (+₹0.00 at the final price)',
    );
    expect(screen.getByRole('region', { name: 'Market mayhem' })).toHaveTextContent(
      'Tandoor Motors: -15%, ₹495.00 → ₹420.75',
    );
  });

  it('shares a link, revokes it, and says why a report is not there', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      calls.push(`${init.method} ${url}`);
      if (url === API.report(7)) return jsonResponse(ok(finishedGame()));
      if (url === API.reportShare(7) && init.method === 'POST') {
        return jsonResponse(ok({ url: 'http://192.168.1.20:3000/report/tok' }));
      }
      if (url === API.reportShare(7) && init.method === 'DELETE') {
        return jsonResponse(ok({ revoked: 1 }));
      }
      throw new Error(`unexpected ${url}`);
    });
    renderRoute(<ReportScreen />, { path: '/game-report/:id', url: '/game-report/7' });
    await user.click(await screen.findByRole('button', { name: 'Share a link' }));
    expect(
      await screen.findByRole('textbox', { name: 'Link to this report (no sign-in needed)' }),
    ).toHaveValue('http://192.168.1.20:3000/report/tok');
    await user.click(screen.getByRole('button', { name: 'Revoke my links' }));
    expect(await screen.findByText('Revoked 1 link: they no longer open.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls).toEqual([
      `GET ${API.report(7)}`,
      `POST ${API.reportShare(7)}`,
      `DELETE ${API.reportShare(7)}`,
    ]);
  });

  it('downloads the CSV with the access token', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const created = vi.fn(() => 'blob:report');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    fetchMock.mockImplementation(async (url, init) => {
      if (url === API.report(7)) return jsonResponse(ok(finishedGame()));
      if (url === API.reportCsv(7)) {
        expect((init.headers as Record<string, string>).Authorization).toBe('Bearer acc');
        return new Response('player,entry\r\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename=showdown-AB12-game-7.csv',
          },
        });
      }
      throw new Error(`unexpected ${url}`);
    });
    renderRoute(<ReportScreen />, { path: '/game-report/:id', url: '/game-report/7' });
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('showdown-AB12-game-7.csv');
    expect(link.href).toBe('blob:report');
  });

  it("a game still running: the server's reason", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(fail(409, 'CONFLICT', 'The report is ready once the game is completed.')),
    );
    renderRoute(<ReportScreen />, { path: '/game-report/:id', url: '/game-report/7' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The report is ready once the game is completed.',
    );
  });
});

describe('SharedReportScreen', () => {
  it('signed out: the report with usernames, avatars, ranks and charts', async () => {
    resetAppStore();
    localStorage.clear();
    const token = 'x'.repeat(43);
    fetchMock.mockImplementation(async (url, init) => {
      expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
      if (url === API.sharedReport(token)) return jsonResponse(ok(finishedGame()));
      throw new Error(`unexpected ${url}`);
    });
    renderRoute(<SharedReportScreen />, { path: '/report/:token', url: `/report/${token}` });
    expect(
      await screen.findByRole('heading', { name: 'The Showdown: game report' }),
    ).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Standings' });
    expect(screen.getByRole('img', { name: "Asha's avatar" })).toBeInTheDocument();
    expect(screen.getByTestId('net-worth-chart')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(token);
  });

  it('a revoked or unknown link: "This report is no longer shared", and a way into the app', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(fail(404, 'NOT_FOUND', 'This report link does not exist or was revoked.')),
    );
    renderRoute(<SharedReportScreen />, { path: '/report/:token', url: '/report/gone' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This report is no longer shared');
    expect(screen.getByRole('link', { name: "Play 'The Showdown'" })).toHaveAttribute('href', '/');
    expect(screen.queryByTestId('net-worth-chart')).toBeNull();
  });

  it('another failure is told as it is, not as a revoked link', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(fail(500, 'INTERNAL', 'The server could not answer.')),
    );
    renderRoute(<SharedReportScreen />, { path: '/report/:token', url: '/report/x' });
    const alert = await screen.findByRole('alert');
    expect(alert).not.toHaveTextContent('This report is no longer shared');
  });
});

describe('the charts’ rupee axis', () => {
  it('reads in lakhs and thousands, short enough for a phone', () => {
    expect([700_000, 1_008_750, 1_500, 450].map(compactRupees)).toEqual([
      '₹7L',
      '₹10.1L',
      '₹1.5K',
      '₹450',
    ]);
  });
});

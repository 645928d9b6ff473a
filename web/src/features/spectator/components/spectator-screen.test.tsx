import { act, screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../test/render';
import { indexOf, replay, session } from '../../../../test/spectator-replay';
import { API } from '@showdown/shared/api-paths';
import type { GameReport } from '@showdown/shared/api';
import type { SpectatorSnapshot } from '@showdown/shared/spectator';
import { buildGameReport } from '@showdown/shared/report';
import { sampleReportRows } from '@showdown/shared/report-sample';
import { ANNOUNCEMENT_MS, SpectatorScreen } from './spectator-screen';

/** The recap's report of the board's ended game: the shared sample game. */
const boardReport = () => buildGameReport(sampleReportRows());

function mockPublicUrl(publicUrl: string | null, report: GameReport | null = boardReport()) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith(API.boardReport('TV42'))) {
      return report === null
        ? new Response(JSON.stringify({ success: false, error: { message: 'Gone' } }), {
            status: 409,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ success: true, data: report }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
    }
    return publicUrl === null
      ? Promise.reject(new TypeError('offline'))
      : new Response(JSON.stringify({ success: true, data: { public_url: publicUrl } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
  });
}

/** Lets the report's fetch answer (promises only: the clock does not move). */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => vi.advanceTimersByTimeAsync(0));
}

/** The ranking the recorded session ends on (its game:ended event's). */
function rankingAtEnd() {
  const ended = session.events.find((e) => e.name === 'game:ended')!.payload as {
    ranking: SpectatorSnapshot['ranking'];
  };
  return ended.ranking;
}

/** Reads the rendered QR code back: rasterise its modules and decode them with jsQR. */
function decodeQr(): string | null {
  const svg = screen.getByRole('img', { name: /QR code to join/ });
  const width = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const d = within(svg as HTMLElement)
    .getByTestId('qr-modules')
    .getAttribute('d')!;
  const scale = 6;
  const side = width * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, xs, ys] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const [x, y] = [Number(xs), Number(ys)];
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y * scale + dy) * side + (x * scale + dx)) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}

function renderSpectator(source: ReturnType<typeof replay>['source']) {
  return renderRoute(<SpectatorScreen source={source} />, {
    path: '/spectate/:code',
    url: '/spectate/tv42',
  });
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the spectator screen', () => {
  it('lobby: board code, a QR code to the public join link, players live with presence', async () => {
    mockPublicUrl('https://showdown.example');
    const feed = replay(session.snapshot, indexOf('game:started'));
    renderSpectator(feed.source);
    expect(screen.getByTestId('board-code')).toHaveTextContent('TV42');
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(decodeQr()).toBe('https://showdown.example/showDown?code=TV42');
    // The address in text under the code, for a phone whose camera cannot read it.
    expect(screen.getByTestId('join-url')).toHaveTextContent(
      'https://showdown.example/showDown?code=TV42',
    );
    const players = screen.getByRole('list', { name: 'Players' });
    expect(
      within(players)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['BinaBroker', 'AshaInvestor', 'RaviInvestor']);
    expect(screen.getByRole('status', { name: 'Asha is online' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Ravi is online' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for the broker to start the game')).toBeInTheDocument();
  });

  it('lobby without a broker says so; the QR code falls back to this origin', async () => {
    mockPublicUrl(null);
    const noBroker = { ...session.snapshot, players: [], online: [] };
    renderSpectator(replay(noBroker, 0).source);
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(screen.getByText('Waiting for the broker')).toBeInTheDocument();
    expect(decodeQr()).toBe(`${window.location.origin}/showDown?code=TV42`);
  });

  it('running, trade phase on: prices in Indian grouping, moves, the countdown from ends_at', async () => {
    mockPublicUrl('https://showdown.example');
    const started = indexOf('phase:started');
    const endsAt = (session.events[started]!.payload as { ends_at: string }).ends_at;
    vi.setSystemTime(Date.parse(endsAt) - 42_000);
    renderSpectator(replay(session.snapshot, started + 1).source);
    expect(screen.getByText('Trade phase open')).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent('0:42');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('countdown')).toHaveTextContent('0:40');
    // Chai Digital ₹1,250 +12 %, Lotus Bank ₹1,520 −8 %, the rest at their opening price
    expect(screen.getByTestId('price-3')).toHaveTextContent('₹1,400.00');
    expect(screen.getByTestId('move-3')).toHaveTextContent('▲ +12%');
    expect(screen.getByTestId('price-5')).toHaveTextContent('₹1,398.40');
    expect(screen.getByTestId('move-5')).toHaveTextContent('▼ -8%');
    expect(screen.getByTestId('move-1')).toHaveTextContent('Opening price');
    expect(screen.getByTestId('header-code')).toHaveTextContent('TV42');
    expect(screen.getAllByTestId(/^tile-/)).toHaveLength(8);
  });

  it('running, trade phase off: payday, mayhem opened and applied, each for a few seconds', async () => {
    mockPublicUrl('https://showdown.example');
    const payday = indexOf('payday:given');
    const feed = replay(session.snapshot, payday + 1);
    renderSpectator(feed.source);
    expect(screen.getByText('Trade phase closed')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Payday!');
    expect(screen.getByRole('alert')).toHaveTextContent('₹1,00,000 to every investor');
    act(() => vi.advanceTimersByTime(ANNOUNCEMENT_MS + 10));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    feed.play(payday + 1, indexOf('mayhem:created') + 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Market Mayhem!Tandoor MotorsChai Digital');
    feed.play(indexOf('mayhem:created') + 1, indexOf('mayhem:averaged') + 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Mayhem applied');
    expect(screen.getByRole('alert')).toHaveTextContent('Tandoor Motors ▲ +5%');
    expect(screen.getByRole('alert')).toHaveTextContent('Chai Digital ▼ -3%');
    expect(screen.getByTestId('move-1')).toHaveTextContent('▲ +5%');
    act(() => vi.advanceTimersByTime(ANNOUNCEMENT_MS + 10));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('completed: a podium of the top three and the full ranking', async () => {
    mockPublicUrl('https://showdown.example');
    // Opened on a game that had ended: no recap, the podium at once.
    const ended = { ...session.snapshot, game: { ...session.snapshot.game, status: 3 as const } };
    renderSpectator(replay({ ...ended, ranking: rankingAtEnd() }, 0).source);
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Game recap' })).not.toBeInTheDocument();
    const ranking = screen.getByRole('list', { name: 'Final ranking' });
    const rows = within(ranking).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1st');
    expect(screen.getByTestId('podium-1')).toHaveTextContent(/Asha|Ravi/);
    expect(screen.getByTestId('podium-2')).toBeInTheDocument();
    expect(screen.queryByTestId('podium-3')).not.toBeInTheDocument();
  });

  it('the end seen live: the recap plays its steps on the clock, then the podium', async () => {
    mockPublicUrl('https://showdown.example');
    renderSpectator(replay(session.snapshot, session.events.length).source);
    await settle();
    const recap = screen.getByRole('region', { name: 'Game recap' });
    expect(within(recap).getByRole('figure', { name: 'At the start' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The Showdown results' })).not.toBeInTheDocument();
    // Each round of the race for its time: the same bars move on to the next round.
    const ravi = within(recap).getByRole('listitem', { name: 'Ravi ₹10,000' });
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(within(recap).getByRole('figure', { name: 'After round 1' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(4000));
    expect(within(recap).getByRole('figure', { name: 'After round 2' })).toBeInTheDocument();
    expect(ravi).toHaveAccessibleName('Ravi ₹12,000');
    expect(ravi).toHaveStyle({ transform: 'translateY(0em)' });
    // The right arrow moves on: round 3, then the biggest trade.
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    });
    expect(within(recap).getByRole('region', { name: 'Biggest trade' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(6000));
    expect(within(recap).getByRole('region', { name: 'Best price move' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(6000));
    expect(within(recap).getByRole('region', { name: 'What each mayhem did' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(6000));
    expect(within(recap).getByRole('region', { name: 'Paydays' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'The Showdown results' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(6000));
    expect(screen.queryByRole('region', { name: 'Game recap' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
  });

  it('Skip (the button or Escape) goes to the podium at once', async () => {
    mockPublicUrl('https://showdown.example');
    const first = renderSpectator(replay(session.snapshot, session.events.length).source);
    await settle();
    screen.getByRole('region', { name: 'Game recap' });
    act(() => screen.getByRole('button', { name: 'Skip to the podium' }).click());
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
    first.unmount();

    renderSpectator(replay(session.snapshot, session.events.length).source);
    await settle();
    screen.getByRole('region', { name: 'Game recap' });
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    });
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
  });

  it("the broker's skip from their phone goes to the podium; another game's skip does not", async () => {
    mockPublicUrl('https://showdown.example');
    const feed = replay(session.snapshot, session.events.length);
    renderSpectator(feed.source);
    await settle();
    screen.getByRole('region', { name: 'Game recap' });
    const ended = session.events[session.events.length - 1]!.payload as { seq: number };
    const gameId = session.snapshot.game.id;
    // A skip out of step (a later seq) or for another game leaves the recap playing.
    feed.event('recap:skipped', { seq: ended.seq + 1, game_id: gameId + 1 });
    screen.getByRole('region', { name: 'Game recap' });
    feed.event('recap:skipped', { seq: ended.seq + 1, game_id: gameId });
    expect(screen.queryByRole('region', { name: 'Game recap' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
  });

  it('no report from the server: the podium without a recap', async () => {
    mockPublicUrl('https://showdown.example', null);
    renderSpectator(replay(session.snapshot, session.events.length).source);
    await settle();
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
  });

  it('follows the board into its next game', async () => {
    mockPublicUrl('https://showdown.example');
    const feed = replay(session.snapshot, session.events.length);
    renderSpectator(feed.source);
    // The rematch opens while the recap plays: the TV goes to the new lobby.
    await settle();
    screen.getByRole('region', { name: 'Game recap' });
    feed.snapshot({
      ...session.snapshot,
      seq: 0,
      game: { ...session.snapshot.game, id: 2 },
      players: [],
      online: [],
    });
    expect(screen.getByTestId('board-code')).toHaveTextContent('TV42');
    expect(screen.getByText('Waiting for the broker')).toBeInTheDocument();
  });
});

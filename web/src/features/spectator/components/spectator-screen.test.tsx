import { act, screen, within } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../test/render';
import { indexOf, replay, session } from '../../../../test/spectator-replay';
import { ANNOUNCEMENT_MS, SpectatorScreen } from './spectator-screen';

function mockPublicUrl(publicUrl: string | null) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    publicUrl === null
      ? Promise.reject(new TypeError('offline'))
      : new Response(JSON.stringify({ success: true, data: { public_url: publicUrl } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
  );
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
    renderSpectator(replay(session.snapshot, session.events.length).source);
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
    const ranking = screen.getByRole('list', { name: 'Final ranking' });
    const rows = within(ranking).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1st');
    expect(screen.getByTestId('podium-1')).toHaveTextContent(/Asha|Ravi/);
    expect(screen.getByTestId('podium-2')).toBeInTheDocument();
    expect(screen.queryByTestId('podium-3')).not.toBeInTheDocument();
  });

  it('follows the board into its next game', async () => {
    mockPublicUrl('https://showdown.example');
    const feed = replay(session.snapshot, session.events.length);
    renderSpectator(feed.source);
    expect(screen.getByRole('heading', { name: 'The Showdown results' })).toBeInTheDocument();
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

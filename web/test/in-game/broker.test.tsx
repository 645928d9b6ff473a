/**
 * A new broker and a paused phase on the phone: Hand over broker in the broker's menu, the offer to
 * take over from a broker offline for 60 s, the broker's controls appearing without a reload, and
 * Pause / Resume with the countdown chip saying "Paused".
 */
import { API, type PublicPlayer, type StocksData } from '@showdown/shared/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/lib/api-client';
import { useAppStore } from '../../src/stores/app-store';
import { failure, ok, renderScreen, serve, setGame, type FakeApi } from './render-screen';
import { StockPricesScreen } from '../../src/features/market/components/stock-prices-screen';
import { applyEvent, applyPresenceEvent } from '../../src/stores/game-updates';

vi.mock('../../src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn() },
}));
const fake = api as unknown as FakeApi;

const player = (player_id: number, role: PublicPlayer['role'], username: string): PublicPlayer => ({
  id: player_id,
  player_id,
  username,
  avatar_id: player_id,
  image: `/avatars/${player_id}.png`,
  role,
});
const BINA = player(1, 1, 'Bina');
const INA = player(2, 2, 'Ina');
const RAVI = player(3, 2, 'Ravi');

function stocks(over: Partial<StocksData> = {}): StocksData {
  return {
    stocks_data: [],
    is_mm_exist: 0,
    game_status: 2,
    orderbook_status: 0,
    ends_at: null,
    ...over,
  };
}

const open = () => renderScreen(<StockPricesScreen />, { path: '/stock-prices' });
const inFuture = (s: number) => new Date(Date.now() + s * 1000).toISOString();

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.useRealTimers());

describe('Pause and resume', () => {
  it('the broker pauses a running phase: the chip and the panel say Paused, Resume runs it again', async () => {
    const endsAt = inFuture(90);
    setGame({ role: 1, playerId: 1, players: [BINA, INA], orderbook_status: 1, ends_at: endsAt });
    const resumedAt = inFuture(80);
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocks({ orderbook_status: 1, ends_at: endsAt })),
      [`POST ${API.phasePause(7)}`]: () =>
        ok({ orderbook_status: 1, ends_at: null, paused_remaining_s: 80 }),
      [`POST ${API.phaseResume(7)}`]: () =>
        ok({ orderbook_status: 1, ends_at: resumedAt, paused_remaining_s: null }),
    });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(fake.post).toHaveBeenCalledWith(API.phasePause(7));
    const chip = await screen.findByRole('timer', { name: 'Trade phase countdown' });
    expect(chip).toHaveTextContent('Paused');
    // A pause is not the phase's end: no "Trade ended." and no order to end it.
    expect(screen.queryByText('Trade ended.')).not.toBeInTheDocument();
    expect(fake.put).not.toHaveBeenCalled();
    const panel = screen.getByRole('region', { name: 'Trade phase' });
    expect(within(panel).getByText('Paused')).toBeInTheDocument();
    expect(within(panel).getByText(/80 s left/)).toBeInTheDocument();
    // A fresh phase cannot be started over a paused one.
    expect(screen.getByRole('button', { name: 'Trade Phase' })).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(screen.getByRole('timer', { name: 'Trade phase countdown' })).toHaveTextContent(
        /^\d+s$/,
      ),
    );
    expect(useAppStore.getState().game?.game.settings.ends_at).toBe(resumedAt);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('an investor sees Paused from the event, with no Resume button; a stocks read keeps it', async () => {
    setGame({
      role: 2,
      playerId: 2,
      players: [BINA, INA],
      orderbook_status: 1,
      ends_at: inFuture(60),
      seq: 4,
    });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocks({ orderbook_status: 1, ends_at: null })),
    });
    open();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    act(() => {
      applyEvent('phase:paused', { seq: 5, game_id: 7, remaining_s: 42 });
    });
    expect(screen.getByRole('timer', { name: 'Trade phase countdown' })).toHaveTextContent(
      'Paused',
    );
    await waitFor(() => expect(fake.get).toHaveBeenCalled());
    const panel = screen.getByRole('region', { name: 'Trade phase' });
    expect(within(panel).getByText(/42 s left/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });
});

describe('Hand over broker', () => {
  it("is in the broker's menu; the chosen player gets the powers and this phone loses the controls", async () => {
    setGame({ role: 1, playerId: 1, players: [BINA, INA, RAVI] });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocks()),
      [`POST ${API.brokerHandover(7)}`]: (body) => {
        expect(body).toEqual({ player_id: 3 });
        return ok({
          broker: { player_id: 3, role: 3 },
          former_broker: { player_id: 1, role: 4 },
        });
      },
    });
    const { user } = open();
    expect(await screen.findByRole('group', { name: 'Broker actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hand over broker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over broker' });
    expect(within(dialog).queryByLabelText(/Bina/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Ravi (Investor)'));
    await user.click(within(dialog).getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Ravi is the broker now.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Broker actions' })).not.toBeInTheDocument(),
    );
    expect(useAppStore.getState().game?.me?.role).toBe(4);
    await user.click(await screen.findByRole('button', { name: 'Help' }));
    await screen.findByRole('menuitem', { name: 'Player Roles' });
    expect(screen.queryByRole('menuitem', { name: 'Hand over broker' })).not.toBeInTheDocument();
  });

  it("is not in an investor's menu", async () => {
    setGame({ role: 2, playerId: 2, players: [BINA, INA] });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocks()) });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await screen.findByRole('menuitem', { name: 'Player Roles' });
    expect(screen.queryByRole('menuitem', { name: 'Hand over broker' })).not.toBeInTheDocument();
  });
});

describe('The broker is offline. Take over?', () => {
  it('shows after 60 s without a device of the broker; taking over shows the broker controls without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setGame({ role: 2, playerId: 2, players: [BINA, INA] });
    act(() => {
      const game = useAppStore.getState().game!;
      useAppStore.setState({ game: { ...game, online: [2] } });
    });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocks()),
      [`POST ${API.brokerClaim(7)}`]: () =>
        ok({ broker: { player_id: 2, role: 3 }, former_broker: { player_id: 1, role: 4 } }),
    });
    const { user } = open();
    act(() => void vi.advanceTimersByTime(59_000));
    expect(screen.queryByText('The broker is offline. Take over?')).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1_000));
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent('The broker is offline. Take over?');
    expect(screen.queryByRole('group', { name: 'Broker actions' })).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Take over' }));
    expect(fake.post).toHaveBeenCalledWith(API.brokerClaim(7));
    expect(await screen.findByRole('group', { name: 'Broker actions' })).toBeInTheDocument();
    expect(screen.queryByText('The broker is offline. Take over?')).not.toBeInTheDocument();
  });

  it('does not show while a device of the broker is connected; a too-early claim shows the time left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setGame({ role: 2, playerId: 2, players: [BINA, INA] });
    act(() => {
      const game = useAppStore.getState().game!;
      useAppStore.setState({ game: { ...game, online: [1, 2] } });
    });
    serve(fake, {
      [`GET ${API.stocks(7)}`]: () => ok(stocks()),
      [`POST ${API.brokerClaim(7)}`]: () => {
        throw failure('Try again in 12 s.', 409, 'CONFLICT');
      },
    });
    const { user } = open();
    act(() => void vi.advanceTimersByTime(120_000));
    expect(screen.queryByText('The broker is offline. Take over?')).not.toBeInTheDocument();
    // The broker's last device leaves: 60 s later the offer shows.
    act(() => applyPresenceEvent({ game_id: 7, online: [2] }));
    act(() => void vi.advanceTimersByTime(60_000));
    const prompt = await screen.findByRole('alert');
    await user.click(within(prompt).getByRole('button', { name: 'Take over' }));
    expect(await screen.findByText('Try again in 12 s.')).toBeInTheDocument();
  });

  it('a broker:changed event that names me gives me the controls without a reload', async () => {
    setGame({ role: 2, playerId: 2, players: [BINA, INA], seq: 3 });
    serve(fake, { [`GET ${API.stocks(7)}`]: () => ok(stocks()) });
    open();
    expect(screen.queryByRole('group', { name: 'Broker actions' })).not.toBeInTheDocument();
    act(() => {
      applyEvent('broker:changed', {
        seq: 4,
        game_id: 7,
        broker: { player_id: 2, role: 3 },
        former_broker: { player_id: 1, role: 4 },
      });
    });
    expect(await screen.findByRole('group', { name: 'Broker actions' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Monitor & Action' })).toBeInTheDocument();
  });
});

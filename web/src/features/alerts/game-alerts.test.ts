import type { PricePoint } from '@showdown/shared/protocol';
import { describe, expect, it } from 'vitest';
import { gameSnapshot, OPEN_MAYHEM, type GameSetup } from '../../../test/in-game/render-screen';
import { alertFor, alertsForSnapshot, withdrawnBy, withdrawnBySnapshot } from './game-alerts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const INVESTOR = 2 as const;
const BROKER = 1 as const;
const endsIn = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

const game = (setup: GameSetup) => gameSnapshot({ role: INVESTOR, seq: 10, ...setup });
const messages = (...args: Parameters<typeof alertsForSnapshot>) =>
  alertsForSnapshot(...args).map((a) => a.message);

describe('alertsForSnapshot: what a join or resync snapshot shows was missed', () => {
  it('a phase that opened in the gap, with the seconds left and "Trade now"', () => {
    const before = game({});
    const after = game({ seq: 11, orderbook_status: 1, ends_at: endsIn(87.4) });
    const [alert, ...rest] = alertsForSnapshot(before, after, INVESTOR, NOW);
    expect(rest).toEqual([]);
    expect(alert).toEqual({
      message: 'Trade phase open: 88 s to trade',
      title: '● Trade phase open',
      action: { label: 'Trade now', to: '/trade' },
      topic: 'trade-phase-open',
      cue: 'phase-open',
      buzz: 'phase-open',
    });
    expect(alertsForSnapshot(before, after, BROKER, NOW)[0]?.action).toBeUndefined();
  });

  it('nothing when the device already showed the same phase, or the snapshot is not newer', () => {
    const open = { orderbook_status: 1 as const, ends_at: endsIn(60) };
    expect(messages(game(open), game({ seq: 12, ...open }), INVESTOR, NOW)).toEqual([]);
    expect(messages(game({}), game({ seq: 10, ...open }), INVESTOR, NOW)).toEqual([]);
  });

  it('a phase that closed in the gap; a new phase after it is told as open', () => {
    const before = game({ orderbook_status: 1, ends_at: endsIn(30) });
    expect(messages(before, game({ seq: 11 }), INVESTOR, NOW)).toEqual(['Trade phase closed']);
    const next = game({ seq: 13, orderbook_status: 1, ends_at: endsIn(120) });
    expect(messages(before, next, INVESTOR, NOW)).toEqual(['Trade phase open: 120 s to trade']);
  });

  it('a phase the server has not closed yet, though its time is up, is neither open nor closed', () => {
    const before = game({ orderbook_status: 1, ends_at: endsIn(-1) });
    const after = game({ seq: 11, orderbook_status: 1, ends_at: endsIn(-1) });
    expect(messages(before, after, INVESTOR, NOW)).toEqual([]);
    expect(messages(game({}), after, INVESTOR, NOW)).toEqual([]);
  });

  it('each payday given in the gap, with the amount', () => {
    const before = game({ settings: { paydays_given: 0 } });
    const after = game({ seq: 13, settings: { paydays_given: 2, payday_increment: 100000 } });
    expect(messages(before, after, INVESTOR, NOW)).toEqual([
      'Payday! ₹1,00,000.00 added to your cash',
      'Payday! ₹1,00,000.00 added to your cash',
    ]);
    expect(messages(before, after, BROKER, NOW)).toEqual([
      'Payday 1 given: ₹1,00,000.00 to every investor',
      'Payday 2 given: ₹1,00,000.00 to every investor',
    ]);
  });

  it('a mayhem list that opened, and one that was applied, counting the prices it moved', () => {
    const opened = game({ seq: 11, mayhem: OPEN_MAYHEM });
    expect(messages(game({}), opened, INVESTOR, NOW)).toEqual([
      'Market Mayhem is open: pick your percentages',
    ]);
    const at = '2026-11-25T11:59:00Z';
    const history: PricePoint[] = [
      { stock_id: 1, price: 400, at, cause: 'opening' },
      { stock_id: 2, price: 250, at, cause: 'opening' },
    ];
    const averaged: PricePoint[] = [
      { stock_id: 1, price: 420, at, cause: 'mayhem' },
      { stock_id: 2, price: 250, at, cause: 'mayhem' },
    ];
    const before = { ...opened, price_history: history };
    const after = { ...game({ seq: 12 }), price_history: [...history, ...averaged] };
    expect(messages(before, after, INVESTOR, NOW)).toEqual([
      'Market Mayhem applied: 1 price moved',
    ]);
  });

  it('knowing nothing before (first join, another game): only what is open now', () => {
    const after = game({
      seq: 20,
      orderbook_status: 1,
      ends_at: endsIn(45),
      mayhem: OPEN_MAYHEM,
      settings: { paydays_given: 2 },
    });
    const told = [
      'Trade phase open: 45 s to trade',
      'Market Mayhem is open: pick your percentages',
    ];
    expect(messages(null, after, INVESTOR, NOW)).toEqual(told);
    expect(messages(game({ seq: 0 }), after, INVESTOR, NOW)).toEqual(told);
    expect(messages(game({ id: 8, seq: 40 }), after, INVESTOR, NOW)).toEqual(told);
    const responded = game({ seq: 20, mayhem: OPEN_MAYHEM, mayhemResponded: true });
    expect(messages(null, responded, INVESTOR, NOW)).toEqual([]);
  });

  it('nothing for a game that is not running', () => {
    const after = game({ seq: 11, status: 3, orderbook_status: 1, ends_at: endsIn(60) });
    expect(messages(game({}), after, INVESTOR, NOW)).toEqual([]);
  });
});

describe("alertFor: the broker's undo", () => {
  const undone = {
    seq: 11,
    game_id: 7,
    kind: 'payday' as const,
    label: 'Undone: payday of ₹1,00,000.00',
    changes: [],
    paydays_given: 0,
  };

  it('tells an investor what was undone; the broker, who tapped it, is not told again', () => {
    expect(alertFor('action:undone', undone, INVESTOR)).toEqual({
      message: 'Broker: Undone: payday of ₹1,00,000.00',
      title: '● Undone',
    });
    expect(alertFor('action:undone', undone, BROKER)).toBeNull();
  });
});

describe('the trade phase alerts: open, paused, resumed', () => {
  const resumed = { seq: 12, game_id: 7, ends_at: endsIn(90) };

  it('a pause, the end or the game ending takes "Trade phase open" away; a payday does not', () => {
    expect(withdrawnBy('phase:paused')).toBe('trade-phase-open');
    expect(withdrawnBy('phase:ended')).toBe('trade-phase-open');
    expect(withdrawnBy('game:ended')).toBe('trade-phase-open');
    expect(withdrawnBy('payday:given')).toBeNull();
  });

  it('a snapshot takes it away unless the phase is open now', () => {
    const open = game({ orderbook_status: 1, ends_at: endsIn(60) });
    expect(withdrawnBySnapshot(open, NOW)).toBeNull();
    const paused = game({
      settings: { orderbook_status: 1, ends_at: null, paused_remaining_s: 60 },
    });
    expect(withdrawnBySnapshot(paused, NOW)).toBe('trade-phase-open');
    expect(withdrawnBySnapshot(game({}), NOW)).toBe('trade-phase-open');
  });

  it('the resume is told to investors with "Trade now"; the broker, who tapped it, is not told', () => {
    expect(alertFor('phase:resumed', resumed, INVESTOR)).toEqual({
      message: 'Trade phase resumed',
      title: '● Trade phase resumed',
      action: { label: 'Trade now', to: '/trade' },
      topic: 'trade-phase-open',
      cue: 'phase-open',
      buzz: 'phase-open',
    });
    expect(alertFor('phase:resumed', resumed, BROKER)).toBeNull();
  });
});

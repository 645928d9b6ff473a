/** A new broker and a paused phase in the pure core: the role rules and every device's reducer. */
import { describe, expect, it } from 'vitest';
import { applyGameEvent } from './game-state.ts';
import type { GameSnapshot } from './protocol.ts';
import {
  claimSecondsLeft,
  claimTooEarlyMessage,
  roleLabel,
  roleWithBrokerPowers,
  roleWithoutBrokerPowers,
} from './roles.ts';
import { toSpectatorEvent } from './spectator.ts';

const player = (player_id: number, role: 1 | 2 | 3 | 4) => ({
  id: player_id,
  player_id,
  username: `P${player_id}`,
  avatar_id: player_id,
  image: '',
  role,
});

function snapshot(): GameSnapshot {
  return {
    seq: 5,
    game: {
      id: 9,
      board_code: 'AB12',
      status: 2,
      settings: {
        starting_funds: 500000,
        payday_increment: 100000,
        trade_phase_duration: 120,
        orderbook_status: 1,
        ends_at: '2026-01-01T00:02:00.000Z',
        paydays_given: 0,
        paydays_total: 3,
      },
      first_player: null,
    },
    players: [player(1, 1), player(2, 2), player(3, 2)],
    stocks: [],
    mayhem: null,
    ranking: null,
    me: { player_id: 2, role: 2, portfolio: null, mayhem_responded: false },
  };
}

describe('the roles of a new broker', () => {
  it('an Investor gains the powers as Investor & Broker; a former pure Broker as Broker', () => {
    expect(roleWithBrokerPowers(2)).toBe(3);
    expect(roleWithBrokerPowers(4)).toBe(1);
    expect(roleWithoutBrokerPowers(3)).toBe(2);
    expect(roleWithoutBrokerPowers(1)).toBe(4);
    expect(roleLabel(4)).toBe('Former broker');
  });

  it('a claim waits 60 s from the moment the broker left', () => {
    expect(claimSecondsLeft(0, 0)).toBe(60);
    expect(claimSecondsLeft(0, 59_001)).toBe(1);
    expect(claimSecondsLeft(0, 60_000)).toBe(0);
    expect(claimTooEarlyMessage(12)).toMatch(/Try again in 12 s\.$/);
  });
});

describe('the reducer', () => {
  it('broker:changed moves both seats and my own role', () => {
    const result = applyGameEvent(snapshot(), 'broker:changed', {
      seq: 6,
      game_id: 9,
      broker: { player_id: 2, role: 3 },
      former_broker: { player_id: 1, role: 4 },
    });
    expect(result.kind).toBe('applied');
    if (result.kind !== 'applied') return;
    expect(result.state.players.map((p) => p.role)).toEqual([4, 3, 2]);
    expect(result.state.me?.role).toBe(3);
  });

  it('phase:paused stops the clock, phase:resumed sets the new end, phase:ended clears both', () => {
    const paused = applyGameEvent(snapshot(), 'phase:paused', {
      seq: 6,
      game_id: 9,
      remaining_s: 42,
    });
    if (paused.kind !== 'applied') throw new Error(paused.kind);
    expect(paused.state.game.settings).toMatchObject({
      orderbook_status: 1,
      ends_at: null,
      paused_remaining_s: 42,
    });
    const resumed = applyGameEvent(paused.state, 'phase:resumed', {
      seq: 7,
      game_id: 9,
      ends_at: '2026-01-01T00:10:42.000Z',
    });
    if (resumed.kind !== 'applied') throw new Error(resumed.kind);
    expect(resumed.state.game.settings.ends_at).toBe('2026-01-01T00:10:42.000Z');
    expect(resumed.state.game.settings).not.toHaveProperty('paused_remaining_s');
    const pausedAgain = applyGameEvent(resumed.state, 'phase:paused', {
      seq: 8,
      game_id: 9,
      remaining_s: 10,
    });
    if (pausedAgain.kind !== 'applied') throw new Error(pausedAgain.kind);
    const ended = applyGameEvent(pausedAgain.state, 'phase:ended', { seq: 9, game_id: 9 });
    if (ended.kind !== 'applied') throw new Error(ended.kind);
    expect(ended.state.game.settings).toMatchObject({ orderbook_status: 0, ends_at: null });
    expect(ended.state.game.settings).not.toHaveProperty('paused_remaining_s');
  });

  it('the spectator copy of the events keeps exactly their public fields', () => {
    const change = {
      seq: 6,
      game_id: 9,
      broker: { player_id: 2, role: 3 as const },
      former_broker: { player_id: 1, role: 4 as const },
    };
    expect(toSpectatorEvent('broker:changed', change)).toEqual(change);
    expect(
      toSpectatorEvent('phase:paused', { seq: 6, game_id: 9, remaining_s: 3, extra: 1 } as never),
    ).toEqual({ seq: 6, game_id: 9, remaining_s: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameSnapshot } from './protocol.ts';
import {
  SPECTATOR_EVENT_FIELDS,
  SPECTATOR_SNAPSHOT_FIELDS,
  allowlistViolations,
  pickAllowed,
  toSpectatorEvent,
  toSpectatorSnapshot,
} from './spectator.ts';
import { applyGameEvent } from './game-state.ts';

const player = {
  id: 1,
  player_id: 1,
  user_id: 41,
  username: 'Asha',
  avatar_id: 1,
  image: '/avatars/1.svg',
  role: 2 as const,
};
const ranked = {
  player_id: 1,
  user_id: 41,
  username: 'Asha',
  avatar_id: 1,
  image: '/avatars/1.svg',
  role: 2 as const,
  balance: 612000,
  rank: 1,
  rank_label: '1st',
  rank_name: 'Market Mogul',
};

function playerSnapshot(status: 1 | 2 | 3): GameSnapshot & {
  price_history: [];
  online: number[];
} {
  return {
    seq: 4,
    game: {
      id: 9,
      board_code: 'AB12',
      status,
      settings: {
        starting_funds: 500000,
        payday_increment: 100000,
        trade_phase_duration: 60,
        orderbook_status: 0,
        ends_at: null,
        paydays_given: 0,
        paydays_total: 3,
      },
      first_player: null,
    },
    players: [player],
    stocks: [{ id: 1, stock_id: 1, name: 'A', image: '', current_price: 450 }],
    mayhem: null,
    ranking: status === 3 ? [ranked] : null,
    me: {
      player_id: 1,
      role: 2,
      mayhem_responded: false,
      portfolio: {
        portfolio_data: [],
        total_balance: 500000,
        total_profit_loss: '0.00',
        current_balance: 500000,
        orderbook_status: 0,
        ends_at: null,
      },
    },
    price_history: [],
    online: [1],
  };
}

describe('the spectator allowlist', () => {
  it('cuts a player snapshot down: no cash, portfolio, user ids or starting funds', () => {
    const tv = toSpectatorSnapshot(playerSnapshot(2));
    expect(tv.me).toBeNull();
    expect(tv.players).toEqual([
      { id: 1, player_id: 1, username: 'Asha', avatar_id: 1, image: '/avatars/1.svg', role: 2 },
    ]);
    expect(tv.game.settings).not.toHaveProperty('starting_funds');
    expect(tv.online).toEqual([1]);
    expect(allowlistViolations(tv, SPECTATOR_SNAPSHOT_FIELDS)).toEqual([]);
    expect(JSON.stringify(tv)).not.toMatch(/user_id|current_balance|portfolio|starting_funds/);
  });

  it('carries the ranking only once the game has ended, without user ids', () => {
    const running = { ...playerSnapshot(2), ranking: [ranked] };
    expect(toSpectatorSnapshot(running).ranking).toBeNull();
    const ended = toSpectatorSnapshot(playerSnapshot(3));
    expect(ended.ranking).toEqual([
      {
        player_id: 1,
        username: 'Asha',
        avatar_id: 1,
        image: '/avatars/1.svg',
        role: 2,
        balance: 612000,
        rank: 1,
        rank_label: '1st',
        rank_name: 'Market Mogul',
      },
    ]);
  });

  it('cuts events down (a removed player loses the user id) and the reducer applies them', () => {
    const removed = toSpectatorEvent('player:removed', {
      seq: 5,
      game_id: 9,
      player_id: 1,
      user_id: 41,
    });
    expect(removed).toEqual({ seq: 5, game_id: 9, player_id: 1 });
    const tv = toSpectatorSnapshot(playerSnapshot(1));
    const next = applyGameEvent(tv, 'player:removed', removed);
    if (next.kind !== 'applied') throw new Error(next.kind);
    expect(next.state.players).toEqual([]);
    expect(next.state.me).toBeNull();
    const joined = toSpectatorEvent('lobby:joined', { seq: 5, game_id: 9, player });
    expect(joined.player).not.toHaveProperty('user_id');
  });

  it('reports every path its allowlist does not name', () => {
    expect(
      allowlistViolations(
        { seq: 1, game_id: 2, player: { ...player, phone_number: '9' }, token: 'x' },
        SPECTATOR_EVENT_FIELDS['lobby:joined'],
      ),
    ).toEqual(['$.player.user_id', '$.player.phone_number', '$.token']);
    expect(allowlistViolations({ me: { cash: 1 } }, SPECTATOR_SNAPSHOT_FIELDS)).toEqual(['$.me']);
    expect(allowlistViolations({ online: [{ user_id: 1 }] }, SPECTATOR_SNAPSHOT_FIELDS)).toEqual([
      '$.online[0]',
    ]);
  });

  it('whatever extra fields a payload grows, the picked copy never carries them', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...(Object.keys(SPECTATOR_EVENT_FIELDS) as Array<keyof typeof SPECTATOR_EVENT_FIELDS>),
        ),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue()),
        (name, extra) => {
          const allow = SPECTATOR_EVENT_FIELDS[name];
          const picked = pickAllowed({ ...extra, seq: 1, game_id: 2 }, allow);
          expect(allowlistViolations(picked, allow)).toEqual([]);
        },
      ),
    );
  });
});

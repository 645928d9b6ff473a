/**
 * The socket publisher: what each room is sent for one game event, and an order's portfolio
 * (one encode and one broadcast for an event the spectators may see whole).
 */
import { describe, expect, it } from 'vitest';
import { createSocketPublisher, type ShowdownServer } from '../src/realtime/publisher.ts';
import { SeatCache } from '../src/realtime/seat-cache.ts';

interface Sent {
  rooms: string | string[];
  except?: string;
  name: string;
  payload: unknown;
}

/** Just enough of socket.io's Server to record each broadcast. */
function recordingServer(): { io: ShowdownServer; sent: Sent[] } {
  const sent: Sent[] = [];
  const target = (rooms: string | string[], except?: string) => ({
    emit: (name: string, payload: unknown) => sent.push({ rooms, except, name, payload }) > 0,
    except: (id: string) => target(rooms, id),
  });
  return { io: { to: (rooms: string | string[]) => target(rooms) } as never, sent };
}

const PLAYER = {
  id: 3,
  player_id: 3,
  user_id: 41,
  username: 'Asha',
  avatar_id: 2,
  image: '/avatars/2.svg',
  role: 2 as const,
};

describe('the socket publisher', () => {
  it('sends a price move once to the players and spectators together', () => {
    const { io, sent } = recordingServer();
    const move = {
      seq: 5,
      game_id: 7,
      stock_id: 1,
      previous_price: 450,
      price: 495,
      percentage: 10,
      point: { stock_id: 1, price: 495, at: '2030-01-01T10:00:00.000Z', cause: 'update' as const },
    };
    createSocketPublisher(io, new SeatCache()).game(7, 'price:updated', move);
    expect(sent).toEqual([
      { rooms: ['game:7', 'spectate:7'], name: 'price:updated', payload: move, except: undefined },
    ]);
  });

  it('sends the spectators their allowlisted copy of an event with private fields', () => {
    const { io, sent } = recordingServer();
    createSocketPublisher(io, new SeatCache()).game(7, 'lobby:joined', {
      seq: 2,
      game_id: 7,
      player: PLAYER,
    });
    expect(sent.map((s) => s.rooms)).toEqual(['game:7', 'spectate:7']);
    expect(sent[0]!.payload).toMatchObject({ player: { user_id: 41 } });
    const { user_id: _private, ...spectated } = PLAYER;
    expect(sent[1]!.payload).toEqual({ seq: 2, game_id: 7, player: spectated });
  });

  it("leaves out the ordering socket from the owner's portfolio:updated", () => {
    const { io, sent } = recordingServer();
    const publisher = createSocketPublisher(io, new SeatCache());
    const portfolio = {
      portfolio_data: [],
      total_balance: 500000,
      total_profit_loss: '0.00',
      current_balance: 500000,
      orderbook_status: 1 as const,
      ends_at: null,
    };
    publisher.portfolio(41, 7, portfolio, 'socket-a');
    publisher.portfolio(41, 7, portfolio);
    expect(sent.map(({ rooms, except }) => ({ rooms, except }))).toEqual([
      { rooms: 'user:41', except: 'socket-a' },
      { rooms: 'user:41', except: undefined },
    ]);
  });
});

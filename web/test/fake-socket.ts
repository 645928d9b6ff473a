/**
 * A stand-in for socket.io-client's socket: records the commands a client emits, answers their
 * acknowledgements, and lets a test fire server events (recorded payloads) at the client.
 */
import type { Ack, GameSnapshot } from '@showdown/shared/protocol';
import { connectGame, type GameSocket, type SocketAuth } from '../src/lib/socket';
import { useAppStore } from '../src/stores/app-store';
import { loadSnapshot, applyEvent, applyPortfolioEvent } from '../src/stores/game-updates';

export class FakeSocket {
  recovered = false;
  active = true;
  connected = false;
  disconnects = 0;
  auth: SocketAuth;
  connects = 0;
  emitted: { event: string; payload: unknown }[] = [];
  /** The acknowledgement of each command (game:join, game:resync, board:spectate). */
  answer: (event: string) => Ack<GameSnapshot>;
  private listeners = new Map<string, ((payload: unknown) => void)[]>();

  constructor(auth: SocketAuth, answer: (event: string) => Ack<GameSnapshot>) {
    this.auth = auth;
    this.answer = answer;
  }

  on(event: string, listener: (payload: unknown) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, res: unknown) => void) => {
        this.emitted.push({ event, payload });
        const res = this.answer(event);
        queueMicrotask(() => ack(null, res));
      },
    };
  }

  connect() {
    this.connects += 1;
    this.connected = true;
    this.fire('connect');
    return this;
  }

  disconnect() {
    this.disconnects += 1;
    this.connected = false;
    return this;
  }

  /** The server (or the transport) sends `event`. */
  fire(event: string, payload?: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(payload);
  }

  commands() {
    return this.emitted.map((e) => e.event);
  }

  asSocket(): GameSocket {
    return this as unknown as GameSocket;
  }
}

/**
 * Opens the game's live connection over a FakeSocket, wired to the store as the app shell wires
 * it (snapshots, events in seq order, my portfolio, connection state). The join answers
 * `snapshot`; the test then fires recorded server events with `socket.fire(name, payload)`.
 */
export function connectFakeGame(snapshot: GameSnapshot): FakeSocket {
  let fake: FakeSocket | undefined;
  const store = useAppStore.getState;
  connectGame({
    gameId: snapshot.game.id,
    getToken: () => 'token',
    refreshToken: async () => 'token',
    onSnapshot: (s) => loadSnapshot(s),
    onEvent: (name, payload) => applyEvent(name, payload),
    onPortfolio: (gameId, portfolio) => applyPortfolioEvent(gameId, portfolio),
    onStatus: (status) => store().setConnection(status),
    createSocket: (auth) => {
      fake = new FakeSocket(auth, () => ({ data: snapshot }));
      return fake.asSocket();
    },
  });
  return fake!;
}

import { io, type Socket } from 'socket.io-client';
import type { Portfolio } from '@showdown/shared/api';
import { applyGameEvent, applyPortfolio, applyPresence } from '@showdown/shared/game-state';
import type {
  Ack,
  ClientToServerEvents,
  GameEventName,
  GameSnapshot,
  PresencePayload,
  ServerToClientEvents,
} from '@showdown/shared/protocol';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Received {
  name: string;
  payload: any;
}

/** A connected socket.io client that records every event it receives. */
export class TestClient {
  readonly received: Received[] = [];
  private waiters: Array<() => void> = [];

  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: string, payload: unknown) => {
      this.received.push({ name, payload });
      this.waiters.splice(0).forEach((wake) => wake());
    });
  }

  static connect(
    url: string,
    token?: string,
    extra: Record<string, unknown> = {},
  ): Promise<TestClient> {
    return TestClient.open(url, { auth: token ? { token, ...extra } : { ...extra } });
  }

  /** A spectator socket sending these handshake headers (e.g. X-Forwarded-For). */
  static connectWithHeaders(url: string, headers: Record<string, string>): Promise<TestClient> {
    return TestClient.open(url, { extraHeaders: headers });
  }

  private static async open(
    url: string,
    options: { auth?: Record<string, unknown>; extraHeaders?: Record<string, string> },
  ): Promise<TestClient> {
    const socket: ClientSocket = io(url, {
      ...options,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    return new TestClient(socket);
  }

  emit<T>(event: keyof ClientToServerEvents, payload: unknown): Promise<Ack<T>> {
    return (this.socket.timeout(5000) as any).emitWithAck(event, payload) as Promise<Ack<T>>;
  }

  async snapshot(event: 'game:join' | 'game:resync', gameId: number): Promise<GameSnapshot> {
    const res = await this.emit<GameSnapshot>(event, { game_id: gameId });
    if ('error' in res) throw new Error(`${event} failed: ${res.error.message}`);
    return res.data;
  }

  count(name: string): number {
    return this.received.filter((r) => r.name === name).length;
  }

  /** Waits until an event of that name (matching `where`) has arrived; returns its payload. */
  async waitFor(
    name: string,
    where: (payload: any) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.received.find((r) => r.name === name && where(r.payload));
      if (hit) return hit.payload;
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${name}; got ${this.received.map((r) => r.name).join(', ')}`,
        );
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close() {
    this.socket.disconnect();
  }
}

/**
 * A device's model of the game: a snapshot kept current by the events it receives, exactly as
 * the web store does it (the shared reducer), resyncing on a gap.
 */
export class GameView {
  state!: GameSnapshot;
  resyncs = 0;
  private applied = 0;

  constructor(
    readonly client: TestClient,
    readonly gameId: number,
  ) {}

  async join(): Promise<this> {
    this.state = await this.client.snapshot('game:join', this.gameId);
    this.applied = this.client.received.length;
    return this;
  }

  async catchUp(): Promise<GameSnapshot> {
    while (this.applied < this.client.received.length) {
      const { name, payload } = this.client.received[this.applied++]!;
      if (name === 'portfolio:updated') {
        const p = payload as { game_id: number; portfolio: Portfolio };
        this.state = applyPortfolio(this.state, p.game_id, p.portfolio);
        continue;
      }
      if (name === 'presence:changed') {
        this.state = applyPresence(this.state, payload as PresencePayload);
        continue;
      }
      if (name === 'board:moved') continue;
      const result = applyGameEvent(this.state, name as GameEventName, payload);
      if (result.kind === 'applied') this.state = result.state;
      if (result.kind === 'gap') {
        this.resyncs += 1;
        this.state = await this.client.snapshot('game:resync', this.gameId);
      }
    }
    return this.state;
  }
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
  what = 'condition',
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The soak's games: each slot keeps one bot-only practice game running (`mode: watch`, a bot
 * broker and bot investors, opened through `POST /api/practice` like any person's), followed by
 * a TV socket (`board:spectate`) that times each price's arrival from its time on the server.
 * When a game ends its slot opens the next one, until the run is over.
 */
import { io, type Socket } from 'socket.io-client';
import { API } from '@showdown/shared/api-paths';
import { PROTOCOL_VERSION, type PricePoint } from '@showdown/shared/protocol';
import { GAME_STATUS, PRACTICE_ROUNDS_MAX } from '@showdown/shared/constants';
import type { SpectatorSnapshot } from '@showdown/shared/spectator';
import type { SeededUser } from '../bench/database.ts';
import { rest } from '../bench/rest.ts';
import type { SoakSettings } from './args.ts';

/** The fan-out delays of an interval (ms) and the games ended in it, taken by `drain()`. */
export class GameSlots {
  private delays: number[] = [];
  private ended = 0;
  private stopping = false;
  /** Each open TV socket and what ends its wait when the run stops. */
  private readonly sockets = new Map<Socket, () => void>();
  private readonly running: Array<Promise<void>> = [];
  /** Failures that stop the run (a refused practice game, a TV that could not follow). */
  readonly failures: string[] = [];
  opened = 0;
  /** First spectates asked again after 15 s without an answer (printed at the end). */
  spectateRetries = 0;

  constructor(
    private readonly settings: SoakSettings,
    private readonly urls: readonly string[],
  ) {}

  /** Starts one slot per user; each plays games back to back until `stop()`. */
  start(users: readonly SeededUser[]): void {
    users.forEach((user, slot) => this.running.push(this.play(user, slot)));
  }

  drain(): { delays: number[]; ended: number } {
    const taken = { delays: this.delays, ended: this.ended };
    this.delays = [];
    this.ended = 0;
    return taken;
  }

  /** No new games; the TV sockets close. The games still running are left to the bots. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const [socket, release] of this.sockets) {
      release();
      socket.close();
    }
    await Promise.allSettled(this.running);
  }

  private async play(user: SeededUser, slot: number): Promise<void> {
    const url = this.urls[slot % this.urls.length]!;
    // Each person from an address of their own, as at a real table.
    const ip = `10.${(slot >> 16) & 255}.${(slot >> 8) & 255}.${slot & 255}`;
    const practice = () =>
      rest(
        `${url}${API.practice}`,
        'POST',
        user.accessToken,
        {
          mode: 'watch',
          bots: this.settings.bots,
          trade_phase_duration: this.settings.phaseSeconds,
          rounds: PRACTICE_ROUNDS_MAX,
        },
        ip,
      ).catch((err: unknown) => ({ status: 0, body: String(err) }));
    while (!this.stopping) {
      let opened = await practice();
      // An access token lives 15 minutes: the soak refreshes it as a phone does, and asks again.
      if (isExpired(opened) && (await refreshTokens(url, user, ip))) opened = await practice();
      if (opened.status !== 201) {
        if (!this.stopping) {
          this.failures.push(
            `slot ${slot}: practice ${opened.status} ${JSON.stringify(opened.body)}`,
          );
        }
        return;
      }
      this.opened += 1;
      const ended = await this.follow(url, opened.body.data.board_code as string).catch(
        (err: unknown) => {
          if (!this.stopping) this.failures.push(`slot ${slot}: TV ${String(err)}`);
          return false;
        },
      );
      if (!ended) return;
      this.ended += 1;
    }
  }

  /**
   * The TV's first `board:spectate`, asked again when it gets no answer in 15 s as the TV page
   * does (a busy server at the start of 50 games); three tries, then the run fails.
   */
  private async spectate(socket: Socket, code: string): Promise<{ data?: unknown }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await socket.timeout(15_000).emitWithAck('board:spectate', { code })) as {
          data?: unknown;
        };
      } catch (err) {
        if (attempt >= 3 || this.stopping) throw err;
        this.spectateRetries += 1;
      }
    }
  }

  /** A TV on the game until it ends (true) or the run stops (false). */
  private async follow(url: string, code: string): Promise<boolean> {
    const socket = io(url, {
      auth: { protocol: PROTOCOL_VERSION },
      transports: ['websocket'],
      forceNew: true,
      timeout: 15_000,
    });
    let release = () => {};
    const ended = new Promise<boolean>((resolve) => {
      release = () => resolve(false);
      socket.once('game:ended', () => resolve(true));
      // A reconnection rejoins the game's room (the TV's own resync); an end missed meanwhile
      // shows in the snapshot.
      socket.io.on('reconnect', () => {
        void socket
          .timeout(15_000)
          .emitWithAck('board:spectate', { code })
          .then((again: { data?: SpectatorSnapshot }) => {
            if (again.data?.game.status === GAME_STATUS.COMPLETED) resolve(true);
          })
          .catch(() => undefined);
      });
    });
    this.sockets.set(socket, release);
    const time = (point: PricePoint | undefined) => {
      if (point) this.delays.push(Date.now() - Date.parse(point.at));
    };
    socket.on('price:updated', (e: { point?: PricePoint }) => time(e.point));
    socket.on('mayhem:averaged', (e: { points?: PricePoint[] }) => e.points?.forEach(time));
    try {
      const answer = await this.spectate(socket, code);
      if (!answer.data) throw new Error(`board:spectate ${code}: ${JSON.stringify(answer)}`);
      return await ended;
    } finally {
      this.sockets.delete(socket);
      socket.close();
    }
  }
}

function isExpired(answer: { status: number; body: unknown }): boolean {
  const code = (answer.body as { error?: { code?: unknown } } | null)?.error?.code;
  return answer.status === 403 && code === 'TOKEN_EXPIRED';
}

/** Exchanges the user's refresh token for a new pair (each refresh token is used once). */
async function refreshTokens(url: string, user: SeededUser, ip: string): Promise<boolean> {
  const res = await fetch(`${url}${API.refresh}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ refresh_token: user.refreshToken }),
  }).catch(() => undefined);
  if (!res?.ok) return false;
  const { data } = (await res.json()) as { data: { access_token: string; refresh_token: string } };
  user.accessToken = data.access_token;
  user.refreshToken = data.refresh_token;
  return true;
}

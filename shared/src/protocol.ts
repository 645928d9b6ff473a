/**
 * The whole Socket.IO wire protocol (docs/api.md): every event name and payload, shared by the
 * server (`new Server<ClientToServerEvents, ServerToClientEvents>()`) and the client.
 * Commands are `noun:verb`, notifications `noun:verbed`. Every public game event carries the
 * game's `seq`; a client that sees a gap asks for a snapshot with `game:resync`.
 */
import type {
  BrokerChange,
  FirstPlayer,
  GameSettings,
  MayhemData,
  Portfolio,
  PublicPlayer,
  RankingEntry,
  StockEntry,
} from './api.ts';
import type { GameStatus, Role } from './constants.ts';
import type { ErrorCode } from './messages.ts';
import type { SocketCommandEvents } from './commands.ts';
import type { SpectatorSnapshot } from './spectator.ts';

export const PROTOCOL_VERSION = 1;

/** Reasons a handshake is refused, sent as the `connect_error` message. */
export const CONNECT_ERROR = {
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PROTOCOL_MISMATCH: 'PROTOCOL_MISMATCH',
  /** Sent in the error's `data.code`; the message is `MSG.TOO_MANY_SOCKETS`, for people. */
  TOO_MANY_SOCKETS: 'TOO_MANY_SOCKETS',
  /**
   * The token could not be checked because the database is away (or its storage full): not a
   * sign-out. `data` carries `{ code, message, retry_after }` (seconds); connect again after it.
   */
  UNAVAILABLE: 'UNAVAILABLE',
} as const;

/** Open sockets one user may have at once, across every process and node. */
export const MAX_SOCKETS_PER_USER = 20;

/**
 * An acknowledgement: the data, or a failure. `retry_after` (seconds) comes with a failure the
 * server expects to pass (the database briefly away): the call may be sent again after it.
 */
export type Ack<T> =
  { data: T } | { error: { code: ErrorCode; message: string; retry_after?: number } };

/** A mayhem list as everyone may see it: no one's answers. */
export type PublicMayhem = Omit<MayhemData, 'responded' | 'my_response'>;

/**
 * What moved a price: the game's opening, the broker's update, an averaged mayhem list, or the
 * broker's undo of one of those.
 */
export type PricePointCause = 'opening' | 'update' | 'mayhem' | 'undo';

/** One point of a company's price history (rupees), kept by the server for the whole game. */
export interface PricePoint {
  stock_id: number;
  price: number;
  /** ISO time the price took effect. */
  at: string;
  cause: PricePointCause;
}

export interface GameSnapshot {
  seq: number;
  game: {
    id: number;
    board_code: string;
    status: GameStatus;
    settings: GameSettings;
    first_player: FirstPlayer | null;
    /** A completed game's rematch (the lobby opened on its board code), once there is one. */
    rematch_game_id?: number | null;
    /** A practice game against bots (absent on an older server). */
    practice?: boolean;
  };
  players: PublicPlayer[];
  stocks: StockEntry[];
  mayhem: PublicMayhem | null;
  /** Final ranking once the game is completed. */
  ranking: RankingEntry[] | null;
  /** Every price point of the game so far, oldest first (absent on an older server). */
  price_history?: PricePoint[];
  /** Player ids of the seated players with a live socket (absent when not known). */
  online?: number[];
  /** The caller's private view; null for a spectator. */
  me: {
    player_id: number;
    role: Role;
    portfolio: Portfolio | null;
    mayhem_responded: boolean;
  } | null;
}

interface GameEvent {
  seq: number;
  game_id: number;
}

export interface PriceChange {
  stock_id: number;
  previous_price: number;
  price: number;
  percentage: number;
}

/** What an undo reversed, as every device is told (`action:undone`). */
export interface UndoneAction {
  kind: 'price' | 'payday' | 'mayhem';
  /** "Undone: …", for people. */
  label: string;
  changes: PriceChange[];
  points?: PricePoint[];
  paydays_given: number;
}

/** Who is connected now: not a game change, so it carries no `seq` (the latest list wins). */
export interface PresencePayload {
  game_id: number;
  online: number[];
}

export interface ServerToClientEvents {
  'lobby:joined': (e: GameEvent & { player: PublicPlayer }) => void;
  'player:updated': (e: GameEvent & { player: PublicPlayer }) => void;
  'player:removed': (e: GameEvent & { player_id: number }) => void;
  'settings:changed': (e: GameEvent & { settings: GameSettings }) => void;
  'game:started': (
    // The history fields are optional so devices and fixtures that ignore charts need not build them.
    e: GameEvent & { settings: GameSettings; stocks: StockEntry[]; price_history?: PricePoint[] },
  ) => void;
  'firstPlayer:picked': (e: GameEvent & FirstPlayer) => void;
  'price:updated': (e: GameEvent & PriceChange & { point?: PricePoint }) => void;
  'phase:started': (e: GameEvent & { ends_at: string; duration: number }) => void;
  'phase:ended': (e: GameEvent) => void;
  'payday:given': (e: GameEvent & { amount: number; paydays_given: number }) => void;
  'mayhem:created': (e: GameEvent & { mayhem: PublicMayhem }) => void;
  'mayhem:responded': (e: GameEvent & { mayhem_id: number; responses_count: number }) => void;
  'mayhem:averaged': (
    e: GameEvent & { mayhem_id: number; changes: PriceChange[]; points?: PricePoint[] },
  ) => void;
  'game:ended': (e: GameEvent & { ranking: RankingEntry[] }) => void;
  /** Seated players online changed (to the game's players and its spectators). */
  'presence:changed': (e: PresencePayload) => void;
  /**
   * To a board's spectators: a new game opened on the board code ("Restart the Game"); spectate
   * the code again to follow it.
   */
  'board:moved': (e: { code: string; game_id: number }) => void;
  /**
   * The broker undid the last price update, payday or averaged mayhem list: `changes` bring the
   * prices back, `paydays_given` is the count after the undo, `label` says what was undone.
   */
  'action:undone': (e: GameEvent & UndoneAction) => void;
  /**
   * The broker skipped the recap of this completed game: a screen playing it goes to the
   * podium. The game itself does not change.
   */
  'recap:skipped': (e: GameEvent) => void;
  /** The broker opened the rematch of this completed game on its board code. */
  'game:rematch': (e: GameEvent & { rematch_game_id: number; board_code: string }) => void;
  /** Private, to `user:<id>` only: the owner's portfolio after a trade, payday or price change. */
  'portfolio:updated': (e: { game_id: number; portfolio: Portfolio }) => void;
  /** A new broker (handover or claim): both seats' new roles. */
  'broker:changed': (e: GameEvent & BrokerChange) => void;
  /** The trade phase's clock stopped with `remaining_s` left; orders wait. */
  'phase:paused': (e: GameEvent & { remaining_s: number }) => void;
  /** The paused phase runs again until `ends_at`. */
  'phase:resumed': (e: GameEvent & { ends_at: string }) => void;
}

/** The game commands over the socket are in commands.ts. */
export interface ClientToServerEvents extends SocketCommandEvents {
  /** Join `game:<id>` (seated players only) and receive a full snapshot. */
  'game:join': (p: { game_id: number }, ack: (res: Ack<GameSnapshot>) => void) => void;
  /** A fresh snapshot, e.g. after a `seq` gap. */
  'game:resync': (p: { game_id: number }, ack: (res: Ack<GameSnapshot>) => void) => void;
  'game:leave': (p: { game_id: number }, ack: (res: Ack<{ left: true }>) => void) => void;
  /** Read-only view of a board's current game, no token needed. */
  'board:spectate': (p: { code: string }, ack: (res: Ack<SpectatorSnapshot>) => void) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
/** Public game events, the ones that carry `seq`. */
export type GameEventName = Exclude<
  ServerEventName,
  'portfolio:updated' | 'presence:changed' | 'board:moved'
>;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
export type GameEventPayload<E extends GameEventName> = ServerEventPayload<E>;

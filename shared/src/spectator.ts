/**
 * What a spectator (the table's TV, no sign-in) may see, and the one function that cuts a
 * snapshot or an event down to it (docs/architecture.md): names, avatars, roles, presence,
 * prices and their history, the phase, announcements; the ranking only at the end. Never cash,
 * holdings, net worth before the end, phone numbers, user ids or tokens. A field not listed here
 * never leaves the server on a spectator socket, so a field added to a payload later stays
 * private by default.
 */
import type { GameSettings, PublicPlayer, RankingEntry } from './api.ts';
import { GAME_STATUS } from './constants.ts';
import type {
  GameEventName,
  GameSnapshot,
  PricePoint,
  ServerEventName,
  ServerEventPayload,
} from './protocol.ts';

/**
 * An allowlist: `true` keeps a value as it is (only for primitives), an object lists the keys
 * kept (each with its own allowlist), a one-element array applies its element's allowlist to
 * every item, and `null` allows only null.
 */
export type Allowlist = true | null | readonly [Allowlist] | { readonly [key: string]: Allowlist };

const PLAYER = {
  id: true,
  player_id: true,
  username: true,
  avatar_id: true,
  image: true,
  role: true,
  bot: true,
} as const;
const STOCK = { id: true, stock_id: true, name: true, image: true, current_price: true } as const;
const POINT = { stock_id: true, price: true, at: true, cause: true } as const;
const CHANGE = { stock_id: true, previous_price: true, price: true, percentage: true } as const;
/** The table's rules, without `starting_funds` (everyone's cash at the start). */
const SETTINGS = {
  payday_increment: true,
  trade_phase_duration: true,
  orderbook_status: true,
  ends_at: true,
  paydays_given: true,
  paydays_total: true,
  paused_remaining_s: true,
} as const;
const MAYHEM = {
  id: true,
  game_id: true,
  status: true,
  stock_ids: [{ stock_id: true, name: true, image: true }],
  percentage: [true],
  responses_count: true,
  investors_count: true,
} as const;
/** The final ranking (net worth is public once the game has ended). */
const RANK = {
  player_id: true,
  username: true,
  avatar_id: true,
  image: true,
  role: true,
  balance: true,
  rank: true,
  rank_label: true,
  rank_name: true,
  bot: true,
} as const;
const EVENT = { seq: true, game_id: true } as const;

export const SPECTATOR_SNAPSHOT_FIELDS = {
  seq: true,
  game: {
    id: true,
    board_code: true,
    status: true,
    settings: SETTINGS,
    first_player: { player_id: true, username: true },
    rematch_game_id: true,
    practice: true,
  },
  players: [PLAYER],
  stocks: [STOCK],
  mayhem: MAYHEM,
  ranking: [RANK],
  me: null,
  price_history: [POINT],
  online: [true],
} as const satisfies Allowlist;

/** Per event a spectator socket receives, the fields it carries. */
export const SPECTATOR_EVENT_FIELDS = {
  'lobby:joined': { ...EVENT, player: PLAYER },
  'player:updated': { ...EVENT, player: PLAYER },
  'player:removed': { ...EVENT, player_id: true },
  'settings:changed': { ...EVENT, settings: SETTINGS },
  'game:started': { ...EVENT, settings: SETTINGS, stocks: [STOCK], price_history: [POINT] },
  'firstPlayer:picked': { ...EVENT, player_id: true, username: true },
  'price:updated': { ...EVENT, ...CHANGE, point: POINT },
  'phase:started': { ...EVENT, ends_at: true, duration: true },
  'phase:ended': EVENT,
  'payday:given': { ...EVENT, amount: true, paydays_given: true },
  'mayhem:created': { ...EVENT, mayhem: MAYHEM },
  'mayhem:responded': { ...EVENT, mayhem_id: true, responses_count: true },
  'mayhem:averaged': { ...EVENT, mayhem_id: true, changes: [CHANGE], points: [POINT] },
  'game:ended': { ...EVENT, ranking: [RANK] },
  'presence:changed': { game_id: true, online: [true] },
  'board:moved': { code: true, game_id: true },
  'broker:changed': {
    ...EVENT,
    broker: { player_id: true, role: true },
    former_broker: { player_id: true, role: true },
  },
  'phase:paused': { ...EVENT, remaining_s: true },
  'phase:resumed': { ...EVENT, ends_at: true },
  'action:undone': {
    ...EVENT,
    kind: true,
    label: true,
    changes: [CHANGE],
    points: [POINT],
    paydays_given: true,
  },
  'recap:skipped': EVENT,
  'game:rematch': { ...EVENT, rematch_game_id: true, board_code: true },
} as const satisfies Record<SpectatorEventName, Allowlist>;

/** Every event a spectator socket may receive (never `portfolio:updated`). */
export type SpectatorEventName = Exclude<ServerEventName, 'portfolio:updated'>;

export type SpectatorPlayer = Omit<PublicPlayer, 'user_id'>;
export type SpectatorRankingEntry = Omit<RankingEntry, 'user_id'>;
export type SpectatorSettings = Omit<GameSettings, 'starting_funds'>;

/** The spectator's snapshot: the game as the table's screen may show it. */
export interface SpectatorSnapshot {
  seq: number;
  game: Omit<GameSnapshot['game'], 'settings'> & { settings: SpectatorSettings };
  players: SpectatorPlayer[];
  stocks: GameSnapshot['stocks'];
  mayhem: GameSnapshot['mayhem'];
  ranking: SpectatorRankingEntry[] | null;
  me: null;
  price_history: PricePoint[];
  online: number[];
}

type Trim<T> = T extends { player: PublicPlayer }
  ? Omit<T, 'player'> & { player: SpectatorPlayer }
  : T extends { ranking: RankingEntry[] }
    ? Omit<T, 'ranking'> & { ranking: SpectatorRankingEntry[] }
    : T extends { settings: GameSettings }
      ? Omit<T, 'settings'> & { settings: SpectatorSettings }
      : T extends { user_id: number }
        ? Omit<T, 'user_id'>
        : T;
export type SpectatorEventPayload<E extends SpectatorEventName> = Trim<ServerEventPayload<E>>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `value` with only the allowed fields (anything not allowed is dropped). */
export function pickAllowed(value: unknown, allow: Allowlist): unknown {
  if (value === null || value === undefined) return value;
  if (allow === null) return null;
  if (allow === true) return isRecord(value) || Array.isArray(value) ? undefined : value;
  if (Array.isArray(allow)) {
    const item = allow[0] as Allowlist;
    return Array.isArray(value) ? value.map((v) => pickAllowed(v, item)) : undefined;
  }
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(allow as Record<string, Allowlist>)) {
    if (!(key in value)) continue;
    const picked = pickAllowed(value[key], sub);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}

/** The paths in `value` its allowlist does not allow (empty when it is clean). */
export function allowlistViolations(value: unknown, allow: Allowlist, path = '$'): string[] {
  if (value === null || value === undefined) return [];
  if (allow === null) return [path];
  if (allow === true) return isRecord(value) || Array.isArray(value) ? [path] : [];
  if (Array.isArray(allow)) {
    if (!Array.isArray(value)) return [path];
    return value.flatMap((v, i) => allowlistViolations(v, allow[0] as Allowlist, `${path}[${i}]`));
  }
  if (!isRecord(value)) return [path];
  const fields = allow as Record<string, Allowlist>;
  return Object.entries(value).flatMap(([key, v]) =>
    key in fields ? allowlistViolations(v, fields[key]!, `${path}.${key}`) : [`${path}.${key}`],
  );
}

/** A snapshot (built for anyone) cut down to what a spectator may see. */
export function toSpectatorSnapshot(
  snapshot: GameSnapshot & { price_history: PricePoint[]; online: number[] },
): SpectatorSnapshot {
  const picked = pickAllowed(snapshot, SPECTATOR_SNAPSHOT_FIELDS) as SpectatorSnapshot;
  // The ranking is public only once the game has ended.
  return {
    ...picked,
    me: null,
    ranking: snapshot.game.status === GAME_STATUS.COMPLETED ? picked.ranking : null,
  };
}

/** An event's payload cut down to what a spectator may receive. */
export function toSpectatorEvent<E extends SpectatorEventName>(
  name: E,
  payload: ServerEventPayload<E>,
): SpectatorEventPayload<E> {
  return pickAllowed(payload, SPECTATOR_EVENT_FIELDS[name]) as SpectatorEventPayload<E>;
}

/** Whether the whole event is the spectators' copy: its allowlist drops nothing. */
export function spectatorsMaySeeAll<E extends SpectatorEventName>(
  name: E,
  payload: ServerEventPayload<E>,
): boolean {
  return allowlistViolations(payload, SPECTATOR_EVENT_FIELDS[name]).length === 0;
}

/** True for the events that change a game and carry its `seq`. */
export function isGameEventName(name: string): name is GameEventName {
  return name in SPECTATOR_EVENT_FIELDS && name !== 'presence:changed' && name !== 'board:moved';
}

/** Where a phone that scans the board's QR code lands: the board-code screen, code filled in. */
export function boardJoinUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/showDown?code=${encodeURIComponent(code.toUpperCase())}`;
}

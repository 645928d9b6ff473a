import type {
  FirstPlayer,
  GameSettings,
  PublicPlayer,
  RankingEntry,
  StockEntry,
} from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import { ROLE, type GameStatus, type OrderbookStatus, type Role } from '@showdown/shared/constants';
import type { PublicMayhem } from '@showdown/shared/protocol';

export interface GameData {
  gameId: number | null;
  boardCode: string | null;
  status: GameStatus | null;
  /** Own role in the current game. */
  role: Role | null;
  /** Own player id in the current game. */
  playerId: number | null;
  players: PublicPlayer[];
  settings: GameSettings | null;
  stocks: StockEntry[];
  /** Last applied event counter; null until a snapshot arrived. */
  seq: number | null;
  firstPlayer: FirstPlayer | null;
  mayhem: PublicMayhem | null;
  /** Whether I already answered the open mayhem list. */
  mayhemResponded: boolean;
  /** 1 while a mayhem list is open and I have not responded (SPEC's is_mm_exist flag). */
  isMmExist: 0 | 1;
  ranking: RankingEntry[] | null;
  orderbook_status: OrderbookStatus;
  /** ISO time the open trade phase ends. */
  ends_at: string | null;
  brokerExists: boolean;
  /** Avatars still free in this game (GET /api/game/{id}/avatars). */
  avatars: AvatarOption[];
}

export const initialGameData = (): GameData => ({
  gameId: null,
  boardCode: null,
  status: null,
  role: null,
  playerId: null,
  players: [],
  settings: null,
  stocks: [],
  seq: null,
  firstPlayer: null,
  mayhem: null,
  mayhemResponded: false,
  isMmExist: 0,
  ranking: null,
  orderbook_status: 0,
  ends_at: null,
  brokerExists: false,
  avatars: [],
});

/** SPEC's is_mm_exist: 1 while a mayhem list is open and I have not answered it. */
export function mayhemFlag(mayhem: PublicMayhem | null, responded: boolean): 0 | 1 {
  return mayhem?.status === 'open' && !responded ? 1 : 0;
}

/** SPEC §4: a broker exists when any player has a role other than investor. */
export function hasBroker(players: readonly PublicPlayer[]): boolean {
  return players.some((p) => p.role !== ROLE.INVESTOR);
}

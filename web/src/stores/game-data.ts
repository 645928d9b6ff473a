import type { TransactionEntry } from '@showdown/shared/api';
import type { AvatarOption } from '@showdown/shared/catalogue';
import type { GameSnapshot, PublicMayhem } from '@showdown/shared/protocol';

/**
 * The game part of the store (docs/architecture.md). `game` is the shared `GameSnapshot` itself:
 * the server's snapshot (game:join / game:resync) advanced by the shared reducer, event by event in
 * seq order. Everything else here is client-only.
 */
/** A stock's last price move as this device saw it: the change cue of every price. */
export interface PriceMove {
  previous: number;
  price: number;
  /** Percent, one decimal. */
  percent: number;
  cause: 'update' | 'mayhem';
  /** The game seq that moved it: a new move is a new key for the row's highlight. */
  seq: number;
}

export interface GameData {
  game: GameSnapshot | null;
  /** Each stock's last move, by stock id (client-only; derived from the snapshots seen). */
  priceMoves: Record<number, PriceMove>;
  /** broker_exists of the join answer: a newcomer is not seated and cannot read the lobby yet. */
  joinBrokerExists: boolean;
  /** Avatars still free in this game (GET /api/game/{id}/avatars). */
  avatars: AvatarOption[];
  /** My history, newest first (GET /api/game/{id}/transactions, paged). */
  transactions: TransactionEntry[];
  /** Whether the history has older pages to load. */
  transactionsMore: boolean;
}

export const initialGameData = (): GameData => ({
  game: null,
  priceMoves: {},
  joinBrokerExists: false,
  avatars: [],
  transactions: [],
  transactionsMore: false,
});

/** The API's is_mm_exist: 1 while a mayhem list is open and I have not answered it. */
export function mayhemFlag(mayhem: PublicMayhem | null, responded: boolean): 0 | 1 {
  return mayhem?.status === 'open' && !responded ? 1 : 0;
}

/** The history rows of one game that its report is computed from (see the server's report service). */
import type { Role } from './constants.ts';
import type { MayhemPick } from './mayhem.ts';

export interface ReportRows {
  game: { id: number; board_code: string; started_at: string | null; ended_at: string | null };
  players: Array<{ player_id: number; username: string; avatar_id: number; role: Role }>;
  /** Every price point of the game, oldest first. */
  price_points: Array<{
    stock_id: number;
    price_paise: number;
    cause: 'opening' | 'update' | 'mayhem' | 'undo';
    at: string;
  }>;
  /** Every history entry of the game, in id order. */
  transactions: Array<{
    id: number;
    type: string;
    player_id: number | null;
    stock_id: number | null;
    /** 0 buy, 1 sell. */
    trade_type: number | null;
    quantity: number | null;
    /** A trade's price per share; a payday's amount (also on the 'Undone' entry of a payday). */
    amount_paise: number | null;
    /** An 'Undone' entry: the type of the entry it reversed. */
    undone_type?: string | null;
    at: string;
  }>;
  /** Every cash movement of the game, in id order. */
  ledger: Array<{
    id: number;
    player_id: number;
    kind: string;
    delta_paise: number;
    transaction_id: number | null;
    at: string;
  }>;
  /** Every averaged mayhem list, oldest first, with the investors' answers. */
  mayhems: Array<{ mayhem_id: number; averaged_at: string; responses: MayhemPick[][] }>;
}

/** A history that does not replay (a price change without its price point, an unknown entry). */
export class ReportHistoryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportHistoryError';
  }
}

/** A field a history entry of its type always has. */
export function requireValue<T>(value: T | null | undefined, id: number, field: string): T {
  if (value === null || value === undefined) {
    throw new ReportHistoryError(`history entry ${id} has no ${field}`);
  }
  return value;
}

/**
 * A small finished game's history rows (a pure broker, two investors, two companies: a price
 * update, three trades, a payday, one applied mayhem), for tests and examples of the report.
 */
import type { ReportRows } from './report.ts';

export const sampleTime = (minute: number) =>
  new Date(Date.UTC(2026, 10, 25, 19, minute)).toISOString();

type Entry = ReportRows['transactions'][number];

/** A history entry at minute `minute`; the fields its type does not use are null. */
const entry = (id: number, type: string, minute: number, fields: Partial<Entry>): Entry => ({
  id,
  type,
  player_id: null,
  stock_id: null,
  trade_type: null,
  quantity: null,
  amount_paise: null,
  at: sampleTime(minute),
  ...fields,
});

/** A trade: `player_id` bought (0) or sold (1) `quantity` shares of `stock_id` at `price`. */
const trade = (
  id: number,
  minute: number,
  [player_id, trade_type, quantity, stock_id, amount_paise]: [
    number,
    0 | 1,
    number,
    number,
    number,
  ],
) => entry(id, 'trade', minute, { player_id, trade_type, quantity, stock_id, amount_paise });

type Ledger = ReportRows['ledger'][number];

/** A cash movement: [id, player, kind, paise, history entry (null: the starting funds), minute]. */
const ledger = ([id, player_id, kind, delta_paise, transaction_id, minute]: [
  number,
  number,
  string,
  number,
  number | null,
  number,
]): Ledger => ({ id, player_id, kind, delta_paise, transaction_id, at: sampleTime(minute) });

/** A fresh copy each call: tests may change it. */
export function sampleReportRows(): ReportRows {
  return {
    game: { id: 7, board_code: 'AB12', started_at: sampleTime(0), ended_at: sampleTime(30) },
    players: [
      { player_id: 10, username: 'Bina', avatar_id: 7, role: 1 },
      { player_id: 11, username: 'Asha', avatar_id: 1, role: 2 },
      { player_id: 12, username: 'Ravi', avatar_id: 2, role: 2 },
    ],
    price_points: [
      { stock_id: 1, price_paise: 45000, cause: 'opening', at: sampleTime(0) },
      { stock_id: 2, price_paise: 28000, cause: 'opening', at: sampleTime(0) },
      { stock_id: 1, price_paise: 49500, cause: 'update', at: sampleTime(1) },
      { stock_id: 1, price_paise: 42075, cause: 'mayhem', at: sampleTime(4) },
      { stock_id: 2, price_paise: 33600, cause: 'mayhem', at: sampleTime(4) },
    ],
    transactions: [
      entry(101, 'Price update', 1, { stock_id: 1 }),
      trade(102, 2, [11, 0, 10, 1, 49500]),
      entry(103, 'PAYDAY', 3, { amount_paise: 200000 }),
      entry(104, 'Market mayhem', 4, { stock_id: 1 }),
      entry(105, 'Market mayhem', 4, { stock_id: 2 }),
      trade(106, 5, [12, 0, 5, 2, 33600]),
      trade(107, 6, [11, 1, 4, 1, 42075]),
    ],
    ledger: (
      [
        [1, 11, 'start', 1_000_000, null, 0],
        [2, 12, 'start', 1_000_000, null, 0],
        [3, 11, 'buy', -495_000, 102, 2],
        [4, 11, 'payday', 200_000, 103, 3],
        [5, 12, 'payday', 200_000, 103, 3],
        [6, 12, 'buy', -168_000, 106, 5],
        [7, 11, 'sell', 168_300, 107, 6],
      ] as const
    ).map((row) => ledger([...row])),
    mayhems: [
      {
        mayhem_id: 3,
        averaged_at: sampleTime(4),
        responses: [
          [
            { stock_id: 1, percentage: -10 },
            { stock_id: 2, percentage: 20 },
          ],
          [{ stock_id: 1, percentage: -20 }],
        ],
      },
    ],
  };
}

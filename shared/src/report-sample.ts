/**
 * A small finished game's history rows (a pure broker, two investors, two companies: a price
 * update, three trades, a payday, one applied mayhem), for tests and examples of the report.
 */
import type { ReportRows } from './report.ts';

export const sampleTime = (minute: number) =>
  new Date(Date.UTC(2026, 10, 25, 19, minute)).toISOString();

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
      {
        id: 101,
        type: 'Price update',
        player_id: null,
        stock_id: 1,
        trade_type: null,
        quantity: null,
        amount_paise: null,
        at: sampleTime(1),
      },
      {
        id: 102,
        type: 'trade',
        player_id: 11,
        stock_id: 1,
        trade_type: 0,
        quantity: 10,
        amount_paise: 49500,
        at: sampleTime(2),
      },
      {
        id: 103,
        type: 'PAYDAY',
        player_id: null,
        stock_id: null,
        trade_type: null,
        quantity: null,
        amount_paise: 200000,
        at: sampleTime(3),
      },
      {
        id: 104,
        type: 'Market mayhem',
        player_id: null,
        stock_id: 1,
        trade_type: null,
        quantity: null,
        amount_paise: null,
        at: sampleTime(4),
      },
      {
        id: 105,
        type: 'Market mayhem',
        player_id: null,
        stock_id: 2,
        trade_type: null,
        quantity: null,
        amount_paise: null,
        at: sampleTime(4),
      },
      {
        id: 106,
        type: 'trade',
        player_id: 12,
        stock_id: 2,
        trade_type: 0,
        quantity: 5,
        amount_paise: 33600,
        at: sampleTime(5),
      },
      {
        id: 107,
        type: 'trade',
        player_id: 11,
        stock_id: 1,
        trade_type: 1,
        quantity: 4,
        amount_paise: 42075,
        at: sampleTime(6),
      },
    ],
    ledger: [
      {
        id: 1,
        player_id: 11,
        kind: 'start',
        delta_paise: 1_000_000,
        transaction_id: null,
        at: sampleTime(0),
      },
      {
        id: 2,
        player_id: 12,
        kind: 'start',
        delta_paise: 1_000_000,
        transaction_id: null,
        at: sampleTime(0),
      },
      {
        id: 3,
        player_id: 11,
        kind: 'buy',
        delta_paise: -495_000,
        transaction_id: 102,
        at: sampleTime(2),
      },
      {
        id: 4,
        player_id: 11,
        kind: 'payday',
        delta_paise: 200_000,
        transaction_id: 103,
        at: sampleTime(3),
      },
      {
        id: 5,
        player_id: 12,
        kind: 'payday',
        delta_paise: 200_000,
        transaction_id: 103,
        at: sampleTime(3),
      },
      {
        id: 6,
        player_id: 12,
        kind: 'buy',
        delta_paise: -168_000,
        transaction_id: 106,
        at: sampleTime(5),
      },
      {
        id: 7,
        player_id: 11,
        kind: 'sell',
        delta_paise: 168_300,
        transaction_id: 107,
        at: sampleTime(6),
      },
    ],
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

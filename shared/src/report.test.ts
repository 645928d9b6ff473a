import { describe, expect, it } from 'vitest';
import {
  buildGameReport,
  REPORT_CSV_HEADER,
  ReportHistoryError,
  reportCsvRecords,
} from './report.ts';
import { gameReportSchema } from './api.ts';
import { sampleReportRows, sampleTime } from './report-sample.ts';

const at = sampleTime;
const history = sampleReportRows;

describe('buildGameReport', () => {
  it('replays the history: net worth at every event, final cash, holdings, ranks', () => {
    const report = buildGameReport(history());
    expect(gameReportSchema.parse(report)).toEqual(report);
    expect(report.events.map((e) => e.kind)).toEqual([
      'start',
      'price_update',
      'trade',
      'payday',
      'mayhem',
      'mayhem',
      'trade',
      'trade',
    ]);
    // Facts, not sentences: each screen words them in its reader's language.
    expect(report.events.slice(1, 5)).toEqual([
      {
        index: 1,
        at: at(1),
        kind: 'price_update',
        stock_id: 1,
        company: 'Tandoor Motors',
        price_before: 450,
        price_after: 495,
      },
      {
        index: 2,
        at: at(2),
        kind: 'trade',
        player_id: 11,
        username: 'Asha',
        trade_type: 0,
        quantity: 10,
        stock_id: 1,
        company: 'Tandoor Motors',
        price: 495,
      },
      { index: 3, at: at(3), kind: 'payday', amount: 2000 },
      {
        index: 4,
        at: at(4),
        kind: 'mayhem',
        stock_id: 1,
        company: 'Tandoor Motors',
        price_before: 495,
        price_after: 420.75,
        percentage: -15,
      },
    ]);

    // The pure broker holds nothing and is not ranked.
    expect(report.players.map((p) => [p.username, p.rank, p.rank_label])).toEqual([
      ['Ravi', 1, '1st'],
      ['Asha', 2, '2nd'],
    ]);
    const [ravi, asha] = report.players;
    expect(asha!.net_worth.map((p) => p.net_worth)).toEqual([
      10000, 10000, 10000, 12000, 11257.5, 11257.5, 11257.5, 11257.5,
    ]);
    expect(ravi!.net_worth.map((p) => p.net_worth)).toEqual([
      10000, 10000, 10000, 12000, 12000, 12000, 12000, 12000,
    ]);
    expect(asha!.net_worth.map((p) => p.event)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(asha!.final_cash).toBe(8733);
    expect(asha!.final_net_worth).toBe(11257.5);
    expect(asha!.holdings).toEqual([
      { stock_id: 1, name: 'Tandoor Motors', quantity: 6, price: 420.75, value: 2524.5 },
    ]);
    expect(asha!.trades_count).toBe(2);
    expect(ravi!.trades_count).toBe(1);
    expect(ravi!.final_net_worth).toBe(12000);
  });

  it('the best trade is the one that gained most against the last prices', () => {
    const [, asha] = buildGameReport(history()).players;
    // The buy at ₹495 lost ₹74.25 a share by the end; the sale at the last price lost nothing.
    expect(asha!.best_trade).toMatchObject({ trade_type: 1, quantity: 4, price: 420.75, gain: 0 });
    const rows = history();
    rows.transactions[6] = { ...rows.transactions[6]!, amount_paise: 50000 };
    rows.ledger[6] = { ...rows.ledger[6]!, delta_paise: 200_000 };
    const best = buildGameReport(rows).players.find((p) => p.username === 'Asha')!.best_trade;
    expect(best).toMatchObject({ trade_type: 1, price: 500, final_price: 420.75, gain: 317 });
  });

  it('each company has its price series and each mayhem its effect', () => {
    const report = buildGameReport(history());
    expect(
      report.companies.map((c) => [c.stock_id, c.prices.map((p) => [p.event, p.price, p.cause])]),
    ).toEqual([
      [
        1,
        [
          [0, 450, 'opening'],
          [1, 495, 'update'],
          [4, 420.75, 'mayhem'],
        ],
      ],
      [
        2,
        [
          [0, 280, 'opening'],
          [5, 336, 'mayhem'],
        ],
      ],
    ]);
    expect(report.mayhems).toEqual([
      {
        mayhem_id: 3,
        at: at(4),
        event: 4,
        effects: [
          {
            stock_id: 1,
            name: 'Tandoor Motors',
            percentage: -15,
            price_before: 495,
            price_after: 420.75,
          },
          {
            stock_id: 2,
            name: 'Monsoon Power',
            percentage: 20,
            price_before: 280,
            price_after: 336,
          },
        ],
      },
    ]);
  });

  it('a mayhem nobody answered moved nothing and is skipped without misplacing the next', () => {
    const rows = history();
    rows.mayhems.unshift({ mayhem_id: 2, averaged_at: at(3), responses: [] });
    expect(buildGameReport(rows).mayhems.map((m) => [m.mayhem_id, m.effects.length])).toEqual([
      [3, 2],
    ]);
    rows.mayhems = [];
    expect(() => buildGameReport(rows)).toThrow(ReportHistoryError);
  });

  it('an undo brings a price back or takes a payday back, and says which', () => {
    const rows = history();
    const undone = { player_id: null, trade_type: null, quantity: null };
    rows.transactions.push(
      {
        ...undone,
        id: 108,
        type: 'Undone',
        undone_type: 'Market mayhem',
        stock_id: 2,
        amount_paise: null,
        at: at(7),
      },
      {
        ...undone,
        id: 109,
        type: 'Undone',
        undone_type: 'PAYDAY',
        stock_id: null,
        amount_paise: 200000,
        at: at(8),
      },
    );
    rows.price_points.push({ stock_id: 2, price_paise: 28000, cause: 'undo', at: at(7) });
    for (const [id, player_id] of [
      [8, 11],
      [9, 12],
    ] as const) {
      rows.ledger.push({
        id,
        player_id,
        kind: 'payday',
        delta_paise: -200000,
        transaction_id: 109,
        at: at(8),
      });
    }
    const report = buildGameReport(rows);
    expect(gameReportSchema.parse(report)).toEqual(report);
    expect(report.events.slice(-2)).toEqual([
      {
        index: 8,
        at: at(7),
        kind: 'undo',
        undone: 'mayhem',
        stock_id: 2,
        company: 'Monsoon Power',
        price_before: 336,
        price_after: 280,
      },
      { index: 9, at: at(8), kind: 'undo', undone: 'payday', amount: 2000 },
    ]);
    const ravi = report.players.find((p) => p.username === 'Ravi')!;
    expect(ravi.net_worth.slice(-3).map((p) => p.net_worth)).toEqual([12000, 11720, 9720]);
    expect(ravi.final_cash).toBe(8320);

    rows.transactions[8] = { ...rows.transactions[8]!, undone_type: null };
    expect(() => buildGameReport(rows)).toThrow(/history entry 109 has no undone_type/);
  });

  it('refuses a history that does not replay', () => {
    const missingPoint = history();
    missingPoint.price_points.splice(2, 1);
    expect(() => buildGameReport(missingPoint)).toThrow(/no update price point for company 1/);
    const unknown = history();
    unknown.transactions.push({ ...unknown.transactions[0]!, id: 108, type: 'Bonus' });
    expect(() => buildGameReport(unknown)).toThrow(/unknown history entry type Bonus/);
    const orphan = history();
    orphan.ledger.push({ ...orphan.ledger[3]!, id: 8, transaction_id: 999 });
    expect(() => buildGameReport(orphan)).toThrow(/do not exist/);
  });
});

describe('reportCsvRecords', () => {
  it('a row per ledger entry with the running balance, then a summary, rupees with two decimals', () => {
    const rows = history();
    const records = reportCsvRecords(rows, buildGameReport(rows));
    expect(records[0]).toEqual(REPORT_CSV_HEADER);
    // Ravi ranks first, so his entries come first.
    expect(records.slice(1, 4)).toEqual([
      ['Ravi', '2', at(0), 'start', '', '', '', '10000.00', '10000.00'],
      ['Ravi', '5', at(3), 'payday', '', '', '', '2000.00', '12000.00'],
      ['Ravi', '6', at(5), 'buy', 'Monsoon Power', '5', '336.00', '-1680.00', '10320.00'],
    ]);
    expect(records.slice(4, 8).map((r) => [r[3], r[7], r[8]])).toEqual([
      ['start', '10000.00', '10000.00'],
      ['buy', '-4950.00', '5050.00'],
      ['payday', '2000.00', '7050.00'],
      ['sell', '1683.00', '8733.00'],
    ]);
    expect(records.slice(8)).toEqual([
      [],
      ['rank', 'player', 'cash', 'holdings value', 'net worth', 'trades', 'title'],
      ['1st', 'Ravi', '10320.00', '1680.00', '12000.00', '1', 'Market Mogul'],
      ['2nd', 'Asha', '8733.00', '2524.50', '11257.50', '2', 'Bull Runner'],
    ]);
  });
});

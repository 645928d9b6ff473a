/**
 * The correctness check after the orders: cash is the sum of the ledger, holdings are the sum of
 * the trades, nothing is negative, and every accepted order left exactly one trade.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../realtime-server/src/db/client.ts';

export interface LedgerReport {
  players: number;
  problems: string[];
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  // Both drivers answer with `rows` (PGlite's Results, node-postgres' QueryResult).
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * `acceptedOrders` were answered 200; `unknownOrders` got no answer (a network error or a
 * timeout), so each of those may or may not have committed.
 */
export async function reconcileLedger(
  db: Database,
  acceptedOrders: number,
  unknownOrders: number,
): Promise<LedgerReport> {
  const problems: string[] = [];
  const [{ players } = { players: 0 }] = await rows<{ players: number }>(
    db,
    sql`select count(*)::int as players from players`,
  );

  const cashMismatches = await rows<{ id: number; game_id: number; cash: string; ledger: string }>(
    db,
    sql`select p.id, p.game_id, p.cash_paise::text as cash, coalesce(l.total, 0)::text as ledger
        from players p
        left join (select player_id, sum(delta_paise) as total
                   from ledger_entries group by player_id) l on l.player_id = p.id
        where p.cash_paise <> coalesce(l.total, 0)
        order by p.id`,
  );
  for (const m of cashMismatches) {
    problems.push(
      `player ${m.id} (game ${m.game_id}): cash_paise ${m.cash} but ledger sums to ${m.ledger}`,
    );
  }

  const negativeCash = await rows<{ id: number; cash: string }>(
    db,
    sql`select id, cash_paise::text as cash from players where cash_paise < 0 order by id`,
  );
  for (const n of negativeCash) problems.push(`player ${n.id}: negative cash ${n.cash} paise`);

  const negativeHoldings = await rows<{ player_id: number; stock_id: number; quantity: string }>(
    db,
    sql`select player_id, stock_id, quantity::text as quantity from holdings
        where quantity < 0 or invested_paise < 0 order by player_id, stock_id`,
  );
  for (const n of negativeHoldings) {
    problems.push(`player ${n.player_id} stock ${n.stock_id}: negative holding ${n.quantity}`);
  }

  const holdingMismatches = await rows<{
    player_id: number;
    stock_id: number;
    held: string;
    traded: string;
  }>(
    db,
    sql`select coalesce(h.player_id, t.player_id) as player_id,
               coalesce(h.stock_id, t.stock_id) as stock_id,
               coalesce(h.quantity, 0)::text as held, coalesce(t.net, 0)::text as traded
        from holdings h
        full outer join (select player_id, stock_id,
                                sum(case when trade_type = 0 then quantity else -quantity end) as net
                         from transactions where type = 'trade' group by player_id, stock_id) t
          on t.player_id = h.player_id and t.stock_id = h.stock_id
        where coalesce(h.quantity, 0) <> coalesce(t.net, 0)
        order by 1, 2`,
  );
  for (const m of holdingMismatches) {
    problems.push(
      `player ${m.player_id} stock ${m.stock_id}: holds ${m.held} but trades net ${m.traded}`,
    );
  }

  const [counts] = await rows<{ trades: number; entries: number }>(
    db,
    sql`select (select count(*)::int from transactions where type = 'trade') as trades,
               (select count(*)::int from ledger_entries where kind in ('buy', 'sell')) as entries`,
  );
  const plausible = (n: number) => n >= acceptedOrders && n <= acceptedOrders + unknownOrders;
  if (counts && (!plausible(counts.trades) || counts.entries !== counts.trades)) {
    problems.push(
      `${acceptedOrders} orders were accepted (${unknownOrders} unanswered), but there are ${counts.trades} trade rows and ${counts.entries} buy/sell ledger entries`,
    );
  }
  return { players, problems };
}

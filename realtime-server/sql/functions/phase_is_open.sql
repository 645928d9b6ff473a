-- "Is the trade phase open", as shared/src/phase.ts isTradePhaseOpen: the orderbook is on and its
-- end is still ahead of p_now. Asked by an order and by the phase sweep.
CREATE OR REPLACE FUNCTION showdown_phase_is_open(g games, p_now timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT g.orderbook_status = 1 AND g.phase_ends_at IS NOT NULL AND g.phase_ends_at > p_now
$$;

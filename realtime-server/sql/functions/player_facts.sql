-- One investor's own part of a portfolio: cash, what they were given, their holdings. What they
-- were given (the 'start' and 'payday' entries) is read through ledger_entries_contributed_idx,
-- which holds those entries only, so an order's answer costs the same after any number of trades.
CREATE OR REPLACE FUNCTION showdown_player_facts(p_player integer, p_cash bigint) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  RETURN jsonb_build_object(
    'cash_paise', p_cash,
    'contributed_paise', (
      SELECT coalesce(sum(delta_paise), 0) FROM ledger_entries
      WHERE player_id = p_player AND kind IN ('start', 'payday')),
    'holdings', (
      SELECT coalesce(
        jsonb_agg(jsonb_build_object(
          'stock_id', stock_id, 'quantity', quantity, 'invested_paise', invested_paise)
          ORDER BY stock_id),
        '[]'::jsonb)
      FROM holdings WHERE player_id = p_player));
END
$$;

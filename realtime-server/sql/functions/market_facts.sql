-- What every portfolio of the game shares: prices, trade phase (ends_at in epoch milliseconds).
CREATE OR REPLACE FUNCTION showdown_market_facts(g games) RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  RETURN jsonb_build_object(
    'prices', (
      SELECT coalesce(
        jsonb_agg(jsonb_build_object('stock_id', stock_id, 'price_paise', price_paise)
          ORDER BY stock_id),
        '[]'::jsonb)
      FROM game_stocks WHERE game_id = g.id),
    'orderbook_status', g.orderbook_status,
    'phase_ends_at_ms', round(extract(epoch FROM g.phase_ends_at) * 1000)::bigint);
END
$$;

-- The price update's hot path: showdown_update_price, recording what its undo needs (the prices
-- before and after, its history entry, the caller's time) in the same statement.
CREATE OR REPLACE FUNCTION showdown_update_price_undoable(
  p_user integer, p_game integer, p_stock integer, p_percent integer, p_now timestamptz,
  p_floor_paise bigint, p_cap_paise bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  r := showdown_update_price(p_user, p_game, p_stock, p_percent, p_now, p_floor_paise, p_cap_paise);
  INSERT INTO undoable_actions (game_id, kind, transaction_id, prices, created_at)
  VALUES (p_game, 'price', (SELECT max(id) FROM transactions WHERE game_id = p_game),
    jsonb_build_array(jsonb_build_object('stock_id', p_stock,
      'previous_paise', r -> 'previous_paise', 'price_paise', r -> 'price_paise')),
    p_now);
  RETURN r;
END
$$;

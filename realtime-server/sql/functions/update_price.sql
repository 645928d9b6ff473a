-- The broker moves one company's price by a whole percentage (signed). The game row is locked
-- FOR UPDATE before anything is checked, then its seq taken. Returns {seq, previous_paise,
-- price_paise}.
CREATE OR REPLACE FUNCTION showdown_update_price(
  p_user integer, p_game integer, p_stock integer, p_percent integer, p_now timestamptz,
  p_floor_paise bigint, p_cap_paise bigint
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g games%ROWTYPE;
  v_previous bigint;
  v_price numeric;
BEGIN
  SELECT * INTO g FROM games WHERE id = p_game FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'GAME_NOT_FOUND'; END IF;
  PERFORM showdown_require_seat(g, p_user, 'broker', false);
  UPDATE games SET seq = seq + 1 WHERE id = p_game RETURNING * INTO g;
  SELECT price_paise INTO v_previous FROM game_stocks
  WHERE game_id = p_game AND stock_id = p_stock FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'STOCK_NOT_FOUND'; END IF;
  v_price := showdown_price_after(v_previous, p_percent, 1, p_floor_paise);
  IF v_price > p_cap_paise THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'PRICE_CAP';
  END IF;
  UPDATE game_stocks SET price_paise = v_price WHERE game_id = p_game AND stock_id = p_stock;
  INSERT INTO transactions (game_id, type, stock_id, percentage)
  VALUES (p_game, 'Price update', p_stock, p_percent);
  INSERT INTO price_points (game_id, stock_id, price_paise, cause, created_at)
  VALUES (p_game, p_stock, v_price, 'update', p_now);
  RETURN jsonb_build_object('seq', g.seq, 'previous_paise', v_previous, 'price_paise', v_price);
END
$$;

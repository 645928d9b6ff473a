-- An investor's order at the current price while the trade phase is on. p_trade_type 0 buys,
-- 1 sells. Returns {replayed, facts}: the portfolio's facts, also stored as the key's answer.
-- showdown_place_order_once claims the Idempotency-Key and calls this without one.
CREATE OR REPLACE FUNCTION showdown_place_order(
  p_user integer, p_game integer, p_stock integer, p_trade_type integer, p_quantity bigint,
  p_key varchar, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g games%ROWTYPE;
  p players%ROWTYPE;
  v_claimed varchar;
  v_first_game integer;
  v_first jsonb;
  v_price bigint;
  v_quantity bigint;
  v_invested bigint;
  v_amount numeric;
  v_cash bigint;
  v_transaction bigint;
  v_facts jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    -- Claimed in the order's own statement: a parallel retry waits on the row, then reads the
    -- first answer; if the first order failed, nothing was stored and this one runs.
    INSERT INTO idempotency_keys (user_id, key, game_id, response)
    VALUES (p_user, p_key, p_game, '{}'::jsonb)
    ON CONFLICT DO NOTHING
    RETURNING key INTO v_claimed;
    IF v_claimed IS NULL THEN
      SELECT game_id, response INTO v_first_game, v_first
      FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
      IF NOT FOUND OR v_first_game <> p_game THEN
        RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'IDEMPOTENCY_KEY_REUSED';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'facts', v_first);
    END IF;
  END IF;

  -- A shared lock on the game: a phase end or price change waits for orders in flight.
  SELECT * INTO g FROM games WHERE id = p_game FOR SHARE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'GAME_NOT_FOUND'; END IF;
  p := showdown_require_seat(g, p_user, 'investor', true);
  IF g.phase_remaining_ms IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'TRADE_PHASE_PAUSED';
  END IF;
  IF NOT showdown_phase_is_open(g, p_now) THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'TRADE_PHASE_OFF';
  END IF;
  SELECT price_paise INTO v_price FROM game_stocks WHERE game_id = p_game AND stock_id = p_stock;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'STOCK_NOT_FOUND'; END IF;
  SELECT quantity, invested_paise INTO v_quantity, v_invested
  FROM holdings WHERE player_id = p.id AND stock_id = p_stock FOR UPDATE;
  v_quantity := coalesce(v_quantity, 0);
  v_invested := coalesce(v_invested, 0);
  IF p_quantity IS NULL OR p_quantity < 1 THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'INVALID_QUANTITY';
  END IF;

  v_amount := p_quantity::numeric * v_price;
  IF p_trade_type = 0 THEN
    IF v_amount > p.cash_paise THEN
      RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'INSUFFICIENT_FUNDS';
    END IF;
    v_cash := p.cash_paise - v_amount;
    v_invested := v_invested + v_amount;
    v_quantity := v_quantity + p_quantity;
  ELSE
    IF p_quantity > v_quantity THEN
      RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'INSUFFICIENT_SHARES';
    END IF;
    v_cash := p.cash_paise + v_amount;
    -- Selling every share removes invested × n / n = invested exactly.
    v_invested := v_invested
      - showdown_round_half_up_div(v_invested::numeric * p_quantity, v_quantity);
    v_quantity := v_quantity - p_quantity;
  END IF;

  UPDATE players SET cash_paise = v_cash WHERE id = p.id;
  INSERT INTO holdings (player_id, stock_id, quantity, invested_paise)
  VALUES (p.id, p_stock, v_quantity, v_invested)
  ON CONFLICT (player_id, stock_id)
  DO UPDATE SET quantity = excluded.quantity, invested_paise = excluded.invested_paise;
  INSERT INTO transactions (game_id, player_id, type, stock_id, trade_type, quantity, amount_paise)
  VALUES (p_game, p.id, 'trade', p_stock, p_trade_type, p_quantity, v_price)
  RETURNING id INTO v_transaction;
  INSERT INTO ledger_entries (game_id, player_id, kind, delta_paise, transaction_id)
  VALUES (p_game, p.id, CASE WHEN p_trade_type = 0 THEN 'buy' ELSE 'sell' END,
    CASE WHEN p_trade_type = 0 THEN -v_amount ELSE v_amount END, v_transaction);

  v_facts := showdown_market_facts(g) || showdown_player_facts(p.id, v_cash);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_facts WHERE user_id = p_user AND key = p_key;
  END IF;
  RETURN jsonb_build_object('replayed', false, 'facts', v_facts);
END
$$;

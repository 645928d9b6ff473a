-- One rule each for "is the trade phase open" and "the price after a change", called by every
-- SQL function and statement that asks (an order, the phase sweep, a price update, a market
-- mayhem average), mirroring shared/src/phase.ts isTradePhaseOpen and shared/src/pricing.ts
-- applyPercentChange; realtime-server/test/rules-parity.test.ts checks both sides agree.

-- shared/phase.ts isTradePhaseOpen: the orderbook is on and its end is still ahead of p_now.
CREATE FUNCTION showdown_phase_is_open(g games, p_now timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT g.orderbook_status = 1 AND g.phase_ends_at IS NOT NULL AND g.phase_ends_at > p_now
$$;
--> statement-breakpoint
-- shared/pricing.ts applyPercentChange: the price after a change of (p_numerator /
-- p_denominator) %, exactly: price × (100·den + num) / (100·den) rounded half up to the paisa,
-- never below p_floor_paise. A price update passes a whole percentage (den 1), a market mayhem
-- average its exact sum and count.
CREATE FUNCTION showdown_price_after(
  p_price bigint, p_numerator bigint, p_denominator bigint, p_floor_paise bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT greatest(
    showdown_round_half_up_div(
      p_price::numeric * (100 * p_denominator + p_numerator), 100 * p_denominator),
    p_floor_paise)::bigint
$$;
--> statement-breakpoint
-- A market mayhem average's price: the same rule, stopped at the cap (shared/pricing.ts capPrice)
-- where a price update is refused instead.
CREATE FUNCTION showdown_mayhem_price(
  p_price bigint, p_sum bigint, p_count bigint, p_floor_paise bigint, p_cap_paise bigint
) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT least(showdown_price_after(p_price, p_sum, p_count, p_floor_paise), p_cap_paise)
$$;
--> statement-breakpoint
-- 0003's order, asking showdown_phase_is_open.
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
--> statement-breakpoint
-- 0003's price update, through showdown_price_after.
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

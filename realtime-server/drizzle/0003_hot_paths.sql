-- The hot paths (an order, a price update, a payday) as one function call each: one database
-- round trip instead of about fifteen. Each runs in the caller's single statement, so a refusal
-- (RAISE) rolls back everything the call wrote, the Idempotency-Key claim included.
--
-- Refusals are raised with SQLSTATE 'SD001' and the message a key of MSG (e.g. 'STOCK_NOT_FOUND');
-- the server maps the key to the same AppError as before (src/games/market-service.ts).
-- Idempotency-Key answers stored by the former code hold a built portfolio instead of its facts;
-- a replay hands them back as they are and the server answers them unchanged.
-- Amounts are integer paise (bigint); rounding is half up on the magnitude, as in shared/.
-- The time is always the caller's clock (p_now), never now().

-- Integer division rounded half up on the magnitude, keeping the sign (shared/money.ts
-- roundHalfUpDiv): exact, in integer arithmetic on numeric (no decimal approximation).
CREATE FUNCTION showdown_round_half_up_div(n numeric, d numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sign(n) * div(2 * abs(n) + d, 2 * d)
$$;
--> statement-breakpoint
-- The caller's seat in the (already locked) game, or the refusal requireSeat gives, in its
-- order: not seated, completed, wrong role, wrong status. p_role is 'broker' or 'investor'; the
-- game must be running. With p_lock_player the player row is locked FOR UPDATE (an order's cash).
CREATE FUNCTION showdown_require_seat(g games, p_user integer, p_role text, p_lock_player boolean)
RETURNS players LANGUAGE plpgsql AS $$
DECLARE
  p players%ROWTYPE;
BEGIN
  IF p_lock_player THEN
    SELECT * INTO p FROM players WHERE game_id = g.id AND user_id = p_user FOR UPDATE;
  ELSE
    SELECT * INTO p FROM players WHERE game_id = g.id AND user_id = p_user;
  END IF;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'NOT_IN_GAME'; END IF;
  IF g.status = 3 THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'GAME_COMPLETED'; END IF;
  IF p_role = 'broker' AND p.role NOT IN (1, 3) THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'BROKER_ONLY';
  END IF;
  IF p_role = 'investor' AND p.role NOT IN (2, 3) THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'INVESTOR_ONLY';
  END IF;
  IF g.status <> 2 THEN
    RAISE EXCEPTION USING ERRCODE = 'SD001',
      MESSAGE = CASE WHEN g.status = 1 THEN 'GAME_NOT_RUNNING' ELSE 'GAME_NOT_IN_LOBBY' END;
  END IF;
  RETURN p;
END
$$;
--> statement-breakpoint
-- What every portfolio of the game shares: prices, trade phase (ends_at in epoch milliseconds).
CREATE FUNCTION showdown_market_facts(g games) RETURNS jsonb LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- One investor's own part of a portfolio: cash, what they were given, their holdings.
CREATE FUNCTION showdown_player_facts(p_player integer, p_cash bigint) RETURNS jsonb
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
--> statement-breakpoint
-- An investor's order at the current price while the trade phase is on. p_trade_type 0 buys,
-- 1 sells. Returns {replayed, facts}: the portfolio's facts, also stored as the key's answer.
CREATE FUNCTION showdown_place_order(
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
  IF g.orderbook_status <> 1 OR g.phase_ends_at IS NULL OR g.phase_ends_at <= p_now THEN
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
-- The broker moves one company's price by a whole percentage (signed). The game row is locked
-- FOR UPDATE before anything is checked, then its seq taken. Returns {seq, previous_paise,
-- price_paise}.
CREATE FUNCTION showdown_update_price(
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
  v_price := greatest(
    showdown_round_half_up_div(v_previous::numeric * (100 + p_percent), 100), p_floor_paise);
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
--> statement-breakpoint
-- Credits every investor ('investor' and 'both' seats) the payday increment, at most
-- p_paydays_per_game times per game. Returns the new seq and count, the amount, and each
-- credited investor's portfolio facts.
CREATE FUNCTION showdown_give_payday(
  p_user integer, p_game integer, p_paydays_per_game integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  g games%ROWTYPE;
  v_transaction bigint;
  v_credited jsonb;
BEGIN
  SELECT * INTO g FROM games WHERE id = p_game FOR UPDATE;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'GAME_NOT_FOUND'; END IF;
  PERFORM showdown_require_seat(g, p_user, 'broker', false);
  UPDATE games SET paydays_given = paydays_given + 1, seq = seq + 1
  WHERE id = p_game AND paydays_given < p_paydays_per_game
  RETURNING * INTO g;
  IF NOT FOUND THEN RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'PAYDAY_LIMIT'; END IF;
  INSERT INTO transactions (game_id, type, amount_paise)
  VALUES (p_game, 'PAYDAY', g.payday_increment_paise)
  RETURNING id INTO v_transaction;
  WITH credited AS (
    UPDATE players SET cash_paise = cash_paise + g.payday_increment_paise
    WHERE game_id = p_game AND role IN (2, 3)
    RETURNING id, user_id, cash_paise
  ), entries AS (
    INSERT INTO ledger_entries (game_id, player_id, kind, delta_paise, transaction_id)
    SELECT p_game, id, 'payday', g.payday_increment_paise, v_transaction FROM credited
    ORDER BY id
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('user_id', user_id, 'player_id', id,
    'cash_paise', cash_paise) ORDER BY id), '[]'::jsonb)
  INTO v_credited FROM credited;
  -- The portfolios are read after the credit and its ledger entries (a later statement).
  SELECT coalesce(jsonb_agg(
    jsonb_build_object('user_id', c.value -> 'user_id')
      || showdown_player_facts((c.value ->> 'player_id')::integer,
        (c.value ->> 'cash_paise')::bigint)
    ORDER BY c.ordinality), '[]'::jsonb)
  INTO v_credited FROM jsonb_array_elements(v_credited) WITH ORDINALITY AS c;
  RETURN jsonb_build_object(
    'seq', g.seq,
    'paydays_given', g.paydays_given,
    'amount_paise', g.payday_increment_paise,
    'market', showdown_market_facts(g),
    'credited', v_credited);
END
$$;

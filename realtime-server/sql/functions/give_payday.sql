-- Credits every investor ('investor' and 'both' seats) the payday increment, at most
-- p_paydays_per_game times per game. Returns the new seq and count, the amount, and each
-- credited investor's portfolio facts.
CREATE OR REPLACE FUNCTION showdown_give_payday(
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

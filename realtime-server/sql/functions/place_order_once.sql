-- An order under an Idempotency-Key, its key's row written twice (the claim, which carries the
-- request's fingerprint, and the answer). A parallel retry waits on the claimed row, then replays
-- the stored answer; a key used in another game is IDEMPOTENCY_KEY_REUSED, for another request
-- IDEMPOTENCY_KEY_MISMATCH (keys stored without a fingerprint replay as before); a refused order
-- rolls its claim back with it. Without a key it is showdown_place_order.
CREATE OR REPLACE FUNCTION showdown_place_order_once(
  p_user integer, p_game integer, p_stock integer, p_trade_type integer, p_quantity bigint,
  p_key varchar, p_now timestamptz, p_fingerprint varchar
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_claimed varchar;
  v_first_game integer;
  v_first jsonb;
  v_stored varchar;
  v_result jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    -- A key is claimed in a game that exists only: a new key of a missing game is refused as
    -- the game, not by the key's foreign key.
    INSERT INTO idempotency_keys (user_id, key, game_id, response, fingerprint)
    SELECT p_user, p_key, p_game, '{}'::jsonb, p_fingerprint
    WHERE EXISTS (SELECT FROM games WHERE id = p_game)
    ON CONFLICT DO NOTHING
    RETURNING key INTO v_claimed;
    IF v_claimed IS NULL THEN
      SELECT game_id, response, fingerprint INTO v_first_game, v_first, v_stored
      FROM idempotency_keys WHERE user_id = p_user AND key = p_key;
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = CASE
          WHEN EXISTS (SELECT FROM games WHERE id = p_game) THEN 'IDEMPOTENCY_KEY_REUSED'
          ELSE 'GAME_NOT_FOUND' END;
      END IF;
      IF v_first_game <> p_game THEN
        RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'IDEMPOTENCY_KEY_REUSED';
      END IF;
      IF v_stored IS NOT NULL AND v_stored IS DISTINCT FROM p_fingerprint THEN
        RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'IDEMPOTENCY_KEY_MISMATCH';
      END IF;
      RETURN jsonb_build_object('replayed', true, 'facts', v_first);
    END IF;
  END IF;
  v_result := showdown_place_order(
    p_user, p_game, p_stock, p_trade_type, p_quantity, NULL, p_now);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_keys SET response = v_result->'facts'
    WHERE user_id = p_user AND key = p_key;
  END IF;
  RETURN v_result;
END
$$;

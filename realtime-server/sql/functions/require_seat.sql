-- The caller's seat in the (already locked) game, or the refusal requireSeat gives, in its
-- order: not seated, completed, wrong role, wrong status. p_role is 'broker' or 'investor'; the
-- game must be running. With p_lock_player the player row is locked FOR UPDATE (an order's cash).
CREATE OR REPLACE FUNCTION showdown_require_seat(g games, p_user integer, p_role text, p_lock_player boolean)
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

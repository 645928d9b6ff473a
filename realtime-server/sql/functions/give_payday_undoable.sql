-- The payday's hot path: showdown_give_payday, recording its history entry (whose ledger rows
-- an undo takes back) in the same statement.
CREATE OR REPLACE FUNCTION showdown_give_payday_undoable(
  p_user integer, p_game integer, p_paydays_per_game integer, p_now timestamptz
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r jsonb;
BEGIN
  r := showdown_give_payday(p_user, p_game, p_paydays_per_game);
  INSERT INTO undoable_actions (game_id, kind, transaction_id, created_at)
  VALUES (p_game, 'payday', (SELECT max(id) FROM transactions WHERE game_id = p_game), p_now);
  RETURN r;
END
$$;

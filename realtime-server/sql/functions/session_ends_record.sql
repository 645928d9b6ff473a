-- Every session that ends (revoked_at set by a logout or a refresh token's reuse, or the row
-- deleted, e.g. with its user) is written to auth_session_ends, numbered in commit order: the
-- trigger takes one transaction-level advisory lock before it numbers the rows, so a session
-- that ends later commits with a higher number, and a process that has seen up to N misses
-- nothing by reading the rows above N. Session ends are rare (a logout, a theft, a deletion);
-- the lock is taken once per statement, after the statement holds every row it changes.
-- The function's two triggers are created here too: a migration runs before this file exists in
-- the database.
CREATE OR REPLACE FUNCTION showdown_session_ends_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_ended uuid[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(o.id) INTO v_ended FROM ended_old o WHERE o.revoked_at IS NULL;
  ELSE
    SELECT array_agg(n.id) INTO v_ended
      FROM ended_new n JOIN ended_old o ON o.id = n.id
      WHERE o.revoked_at IS NULL AND n.revoked_at IS NOT NULL;
  END IF;
  IF v_ended IS NULL THEN
    RETURN NULL;
  END IF;
  -- 'showdown_session_ends' as one bigint: numbers are handed out in commit order.
  PERFORM pg_advisory_xact_lock(7164935260117504);
  INSERT INTO auth_session_ends (session_id) SELECT unnest(v_ended) ORDER BY 1;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER auth_sessions_ended_update AFTER UPDATE ON auth_sessions
  REFERENCING OLD TABLE AS ended_old NEW TABLE AS ended_new
  FOR EACH STATEMENT EXECUTE FUNCTION showdown_session_ends_record();
CREATE OR REPLACE TRIGGER auth_sessions_ended_delete AFTER DELETE ON auth_sessions
  REFERENCING OLD TABLE AS ended_old
  FOR EACH STATEMENT EXECUTE FUNCTION showdown_session_ends_record();

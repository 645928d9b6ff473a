-- Sign-in defences (docs/security.md): session rows that refresh and logout serialise on, a
-- registration token bound to the verified phone, and the request an Idempotency-Key was first
-- used for.

-- One row per sign-in (refresh-token family). A refresh locks it and checks it is unrevoked
-- before rotating; a logout locks it, revokes it, then revokes the family's tokens in a later
-- statement that sees whatever a racing refresh committed. Access tokens (sid) are accepted only
-- while it is unrevoked; it goes with its user.
CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");
--> statement-breakpoint
-- Existing families: live while they have a live head token.
INSERT INTO "auth_sessions" ("id", "user_id", "revoked_at", "created_at")
SELECT family_id, min(user_id),
  CASE WHEN bool_or(revoked_at IS NULL AND replaced_at IS NULL) THEN NULL
    ELSE coalesce(max(revoked_at), max(replaced_at)) END,
  min(created_at)
FROM refresh_tokens GROUP BY family_id;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_auth_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Verifications stored before this migration have no token: they cannot register (the phone
-- passes an OTP again).
ALTER TABLE "phone_verifications" ADD COLUMN "token_hash" varchar(64);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fingerprint" varchar(64);
--> statement-breakpoint
-- showdown_place_order with the request's fingerprint (SHA-256 of method, path, game and the
-- normalised order, computed by the server): a new key stores it with the first answer, in the
-- same statement; a replay under a key first used for another request is refused with
-- IDEMPOTENCY_KEY_MISMATCH (422). A parallel request under a new key waits on the key's row in
-- showdown_place_order and then sees the fingerprint committed with the answer. Keys stored
-- before this migration (no fingerprint) replay as before.
CREATE FUNCTION showdown_place_order_once(
  p_user integer, p_game integer, p_stock integer, p_trade_type integer, p_quantity bigint,
  p_key varchar, p_now timestamptz, p_fingerprint varchar
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_result jsonb;
  v_stored varchar;
BEGIN
  v_result := showdown_place_order(
    p_user, p_game, p_stock, p_trade_type, p_quantity, p_key, p_now);
  IF p_key IS NULL THEN RETURN v_result; END IF;
  IF (v_result->>'replayed')::boolean THEN
    SELECT fingerprint INTO v_stored FROM idempotency_keys
    WHERE user_id = p_user AND key = p_key;
    IF v_stored IS NOT NULL AND v_stored IS DISTINCT FROM p_fingerprint THEN
      RAISE EXCEPTION USING ERRCODE = 'SD001', MESSAGE = 'IDEMPOTENCY_KEY_MISMATCH';
    END IF;
  ELSE
    UPDATE idempotency_keys SET fingerprint = p_fingerprint
    WHERE user_id = p_user AND key = p_key;
  END IF;
  RETURN v_result;
END
$$;

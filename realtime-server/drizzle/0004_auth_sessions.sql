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
-- showdown_place_order_once, first created here, lives in
-- realtime-server/sql/functions/, one file each, applied after the migrations
-- (docs/contributing.md, "Changing a SQL function").

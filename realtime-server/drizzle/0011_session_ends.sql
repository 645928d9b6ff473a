-- The session recheck reads what ended since its last look instead of asking about
-- every session a process trusts (7,000 ids, twice a second, in every process, at full scale).
-- Every session that ends (revoked_at set by a logout or a refresh token's reuse, or the row
-- deleted, e.g. with its user) is written here by a trigger, numbered in commit order: the
-- trigger takes one transaction-level advisory lock before it numbers the rows, so a session
-- that ends later commits with a higher number, and a process that has seen up to N misses
-- nothing by reading the rows above N. Session ends are rare (a logout, a theft, a deletion);
-- the lock is taken once per statement, after the statement holds every row it changes.
CREATE TABLE "auth_session_ends" (
  "seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "session_id" uuid NOT NULL,
  "ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_session_ends_ended_at_idx" ON "auth_session_ends" ("ended_at");
-- The trigger function that writes these rows and its two triggers, first created here, live in
-- realtime-server/sql/functions/, one file each, applied after the migrations
-- (docs/contributing.md, "Changing a SQL function").

-- Practice games against bots. A bot is a user of its own kind (`users.bot`): it holds a seat
-- like any player, has no phone a code could reach and never signs in; the server drives its seat
-- (`bot_seats`: the strategy). `practice_games` is the driver's state of each practice game, with
-- the lease that lets exactly one node act for the game's bots at a time (the driver claims due
-- games with FOR UPDATE SKIP LOCKED and renews nothing: a node that dies leaves a lease that
-- expires). A practice game's code has six characters, so it never takes a board's four.
ALTER TABLE "users" ADD COLUMN "bot" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ALTER COLUMN "code" SET DATA TYPE varchar(6);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "practice" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "practice_games" (
  "game_id" integer PRIMARY KEY NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
  "mode" varchar(8) NOT NULL,
  "seed" integer NOT NULL,
  "rounds" smallint NOT NULL,
  "step" integer DEFAULT 0 NOT NULL,
  "step_at" timestamp with time zone NOT NULL,
  "ticks" integer DEFAULT 0 NOT NULL,
  "next_at" timestamp with time zone NOT NULL,
  "lease_holder" varchar(64),
  "lease_until" timestamp with time zone,
  "seen_seq" integer DEFAULT 0 NOT NULL,
  "active_at" timestamp with time zone NOT NULL,
  "refusals" integer DEFAULT 0 NOT NULL,
  "done" boolean DEFAULT false NOT NULL,
  CONSTRAINT "practice_games_mode_ck" CHECK ("mode" in ('investor', 'broker', 'watch'))
);
--> statement-breakpoint
CREATE INDEX "practice_games_due_idx" ON "practice_games" USING btree ("next_at") WHERE NOT "done";
--> statement-breakpoint
CREATE TABLE "bot_seats" (
  "player_id" integer PRIMARY KEY NOT NULL REFERENCES "players"("id") ON DELETE CASCADE,
  "game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
  "strategy" varchar(16) NOT NULL,
  "phase_ends_at" timestamp with time zone,
  "phase_orders" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "bot_seats_strategy_ck" CHECK ("strategy" in ('broker', 'cautious', 'momentum', 'contrarian'))
);
--> statement-breakpoint
CREATE INDEX "bot_seats_game_idx" ON "bot_seats" USING btree ("game_id");
--> statement-breakpoint
CREATE INDEX "games_practice_creator_idx" ON "games" USING btree ("created_by") WHERE "practice" AND "status" in (1, 2);

-- A new broker and a paused trade phase (docs/rules.md).
-- A paused phase keeps orderbook_status 1 with phase_ends_at null and what was left of it in
-- phase_remaining_ms (so the sweep, which skips paused phases, never ends it, and a restart
-- keeps the pause); resume sets phase_ends_at = now + phase_remaining_ms.
ALTER TABLE "games" ADD COLUMN "phase_remaining_ms" integer;--> statement-breakpoint
-- When the broker's last device left (presence, across nodes); null while one is connected.
ALTER TABLE "games" ADD COLUMN "broker_away_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_phase_remaining_ck" CHECK (phase_remaining_ms IS NULL OR phase_remaining_ms >= 0);--> statement-breakpoint
-- Role 4: a former pure Broker, seated without powers after handing them on.
ALTER TABLE "players" DROP CONSTRAINT "players_role_ck";--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_role_ck" CHECK (role in (1, 2, 3, 4));
-- The order's refusal while the phase is paused (TRADE_PHASE_PAUSED), first written here, is in
-- realtime-server/sql/functions/, one file each, applied after the migrations
-- (docs/contributing.md, "Changing a SQL function").

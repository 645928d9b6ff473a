-- The broker's undo of the last price update, payday or averaged market
-- mayhem list (within 60 s, no order since), and the rematch on the same board code.
--
-- undoable_actions: one row per action that may be undone, written in the action's own statement
-- or transaction, with what undoing it needs: the prices before and after (to the paisa), the
-- last history entry it wrote (an order after it has a larger id) and the caller's clock time.
CREATE TABLE "undoable_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"transaction_id" bigint NOT NULL,
	"prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "undoable_actions_kind_ck" CHECK (kind in ('price', 'payday', 'mayhem'))
);
--> statement-breakpoint
ALTER TABLE "undoable_actions" ADD CONSTRAINT "undoable_actions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "undoable_actions_game_idx" ON "undoable_actions" USING btree ("game_id","id");--> statement-breakpoint
-- An undo's history entry ('Undone') names the type of the entry it reverses.
ALTER TABLE "transactions" ADD COLUMN "undone_type" varchar(16);--> statement-breakpoint
-- A price an undo brought back is a point of the history of its own.
ALTER TABLE "price_points" DROP CONSTRAINT "price_points_cause_ck";--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_cause_ck" CHECK (cause in ('opening', 'update', 'mayhem', 'undo'));--> statement-breakpoint
-- The completed game's rematch: the lobby "Play again with this table" opened on its board code.
ALTER TABLE "games" ADD COLUMN "rematch_game_id" integer;
-- The price update and the payday that record what their undo needs, first created here, live in
-- realtime-server/sql/functions/, one file each, applied after the migrations
-- (docs/contributing.md, "Changing a SQL function").

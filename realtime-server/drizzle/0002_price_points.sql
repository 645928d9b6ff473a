CREATE TABLE "price_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"stock_id" smallint NOT NULL,
	"price_paise" bigint NOT NULL,
	"cause" varchar(8) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_points_cause_ck" CHECK (cause in ('opening', 'update', 'mayhem'))
);
--> statement-breakpoint
ALTER TABLE "price_points" ADD CONSTRAINT "price_points_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_points_game_idx" ON "price_points" USING btree ("game_id","id");
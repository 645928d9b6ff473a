CREATE TABLE "game_stocks" (
	"game_id" integer NOT NULL,
	"stock_id" smallint NOT NULL,
	"price_paise" bigint NOT NULL,
	CONSTRAINT "game_stocks_game_id_stock_id_pk" PRIMARY KEY("game_id","stock_id"),
	CONSTRAINT "game_stocks_price_ck" CHECK (price_paise >= 100)
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(4) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"starting_funds_paise" bigint NOT NULL,
	"payday_increment_paise" bigint NOT NULL,
	"trade_phase_duration" integer NOT NULL,
	"orderbook_status" smallint DEFAULT 0 NOT NULL,
	"phase_ends_at" timestamp with time zone,
	"paydays_given" integer DEFAULT 0 NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"first_player_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "games_status_ck" CHECK (status in (1, 2, 3)),
	CONSTRAINT "games_paydays_ck" CHECK (paydays_given between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"player_id" integer NOT NULL,
	"stock_id" smallint NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"invested_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "holdings_player_id_stock_id_pk" PRIMARY KEY("player_id","stock_id"),
	CONSTRAINT "holdings_quantity_ck" CHECK (quantity >= 0),
	CONSTRAINT "holdings_invested_ck" CHECK (invested_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"delta_paise" bigint NOT NULL,
	"transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mayhem_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"mayhem_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"stocks" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mayhems" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"stock_ids" jsonb NOT NULL,
	"percentages" jsonb NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"averaged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country_code" varchar(5) NOT NULL,
	"phone_number" varchar(15) NOT NULL,
	"code_hash" varchar(128) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"request_ip" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"sent_times" timestamp with time zone[] NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"country_code" varchar(5) NOT NULL,
	"phone_number" varchar(15) NOT NULL,
	"verified_until" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_verifications_country_code_phone_number_pk" PRIMARY KEY("country_code","phone_number")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" smallint NOT NULL,
	"avatar_id" smallint NOT NULL,
	"cash_paise" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "players_role_ck" CHECK (role in (1, 2, 3)),
	CONSTRAINT "players_cash_ck" CHECK (cash_paise >= 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" varchar(128) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"player_id" integer,
	"type" varchar(16) NOT NULL,
	"stock_id" smallint,
	"trade_type" smallint,
	"quantity" bigint,
	"amount_paise" bigint,
	"percentage" numeric(8, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(40) NOT NULL,
	"country_code" varchar(5) NOT NULL,
	"phone_number" varchar(15) NOT NULL,
	"email" varchar(120),
	"avatar_id" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_stocks" ADD CONSTRAINT "game_stocks_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mayhem_responses" ADD CONSTRAINT "mayhem_responses_mayhem_id_mayhems_id_fk" FOREIGN KEY ("mayhem_id") REFERENCES "public"."mayhems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mayhem_responses" ADD CONSTRAINT "mayhem_responses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mayhems" ADD CONSTRAINT "mayhems_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_open_code_uq" ON "games" USING btree ("code") WHERE status in (1, 2);--> statement-breakpoint
CREATE INDEX "games_open_phase_idx" ON "games" USING btree ("phase_ends_at") WHERE orderbook_status = 1;--> statement-breakpoint
CREATE INDEX "ledger_entries_player_idx" ON "ledger_entries" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mayhem_responses_uq" ON "mayhem_responses" USING btree ("mayhem_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mayhems_one_open_uq" ON "mayhems" USING btree ("game_id") WHERE status = 1;--> statement-breakpoint
CREATE INDEX "mayhems_game_idx" ON "mayhems" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_idx" ON "otp_codes" USING btree ("country_code","phone_number","last_sent_at");--> statement-breakpoint
CREATE INDEX "otp_codes_ip_idx" ON "otp_codes" USING btree ("request_ip","last_sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "players_game_user_uq" ON "players" USING btree ("game_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "players_one_broker_uq" ON "players" USING btree ("game_id") WHERE role in (1, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "players_game_avatar_uq" ON "players" USING btree ("game_id","avatar_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_uq" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_family_head_uq" ON "refresh_tokens" USING btree ("family_id") WHERE revoked_at is null and replaced_at is null;--> statement-breakpoint
CREATE INDEX "transactions_game_idx" ON "transactions" USING btree ("game_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("country_code","phone_number");
CREATE TABLE "jackpot_hits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jackpot_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"jackpot_id" bigint NOT NULL,
	"level_id" bigint NOT NULL,
	"player_id" bigint NOT NULL,
	"bet_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jackpot_levels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jackpot_levels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"jackpot_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" smallint NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"share_bp" integer NOT NULL,
	"seed_amount" bigint NOT NULL,
	"drop_at" bigint NOT NULL,
	"pool_amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jackpots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jackpots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"currency" text NOT NULL,
	"contribution_bp" integer NOT NULL,
	"min_stake" bigint DEFAULT 0 NOT NULL,
	"min_odds" integer DEFAULT 1000 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_level_id_jackpot_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."jackpot_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_hits" ADD CONSTRAINT "jackpot_hits_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jackpot_levels" ADD CONSTRAINT "jackpot_levels_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jackpot_hits_jackpot_idx" ON "jackpot_hits" USING btree ("jackpot_id","created_at");--> statement-breakpoint
CREATE INDEX "jackpot_hits_player_idx" ON "jackpot_hits" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpot_levels_jackpot_code_key" ON "jackpot_levels" USING btree ("jackpot_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpots_key_key" ON "jackpots" USING btree ("key");
CREATE TABLE "live_bet_delays" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_bet_delays_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sport_id" bigint,
	"tournament_id" bigint,
	"delay_ms" integer NOT NULL,
	"reason" text NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_bet_delays_one_scope" CHECK (("live_bet_delays"."sport_id" is null) <> ("live_bet_delays"."tournament_id" is null)),
	CONSTRAINT "live_bet_delays_range" CHECK ("live_bet_delays"."delay_ms" between 0 and 60000)
);
--> statement-breakpoint
CREATE TABLE "market_kind_limits" (
	"market_id" integer PRIMARY KEY NOT NULL,
	"max_stake_major" bigint,
	"max_payout_major" bigint,
	"reason" text NOT NULL,
	"updated_by" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_kind_limits_stake" CHECK ("market_kind_limits"."max_stake_major" is null or "market_kind_limits"."max_stake_major" >= 0),
	CONSTRAINT "market_kind_limits_payout" CHECK ("market_kind_limits"."max_payout_major" is null or "market_kind_limits"."max_payout_major" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_bet_delays" ADD CONSTRAINT "live_bet_delays_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bet_delays" ADD CONSTRAINT "live_bet_delays_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bet_delays" ADD CONSTRAINT "live_bet_delays_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_kind_limits" ADD CONSTRAINT "market_kind_limits_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bet_delays_sport_key" ON "live_bet_delays" USING btree ("sport_id") WHERE "live_bet_delays"."sport_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bet_delays_tournament_key" ON "live_bet_delays" USING btree ("tournament_id") WHERE "live_bet_delays"."tournament_id" is not null;
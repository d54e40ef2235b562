CREATE TABLE "bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'enabled' NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terms" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issued_by" text NOT NULL,
	"promo_code" text,
	"uses_count" integer,
	"valid_days" integer,
	"country_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"banners" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_bonuses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_id" bigint NOT NULL,
	"bonus_id" bigint NOT NULL,
	"amount" bigint,
	"currency" text,
	"issued_at" timestamp with time zone NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"overridden_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"times_used" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_key_key" ON "bonuses" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "bonuses_promo_code_key" ON "bonuses" USING btree (upper("promo_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_player_bonus_key" ON "player_bonuses" USING btree ("player_id","bonus_id");--> statement-breakpoint
CREATE INDEX "player_bonuses_bonus_idx" ON "player_bonuses" USING btree ("bonus_id");
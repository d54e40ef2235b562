ALTER TABLE "player_bonuses" ADD COLUMN "uses_granted" integer;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "spent_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "place_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "boosted_at" timestamp with time zone;
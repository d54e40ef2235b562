ALTER TABLE "bonuses" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "farmed_event_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD COLUMN "points_at" timestamp with time zone;
CREATE TABLE "hand_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hand_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" bigint NOT NULL,
	"market_row_id" bigint NOT NULL,
	"outcome_id" text,
	"action" text NOT NULL,
	"results" jsonb NOT NULL,
	"reason" text NOT NULL,
	"staff_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_conflicts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_conflicts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"match_id" bigint NOT NULL,
	"market_row_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"feed" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_by" bigint,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "hand_settlements" ADD CONSTRAINT "hand_settlements_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_conflicts" ADD CONSTRAINT "settlement_conflicts_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hand_settlements_market_idx" ON "hand_settlements" USING btree ("market_row_id") WHERE "hand_settlements"."released_at" is null;--> statement-breakpoint
CREATE INDEX "hand_settlements_match_idx" ON "hand_settlements" USING btree ("match_id");--> statement-breakpoint
CREATE INDEX "settlement_conflicts_open_idx" ON "settlement_conflicts" USING btree ("received_at") WHERE "settlement_conflicts"."status" = 'open';
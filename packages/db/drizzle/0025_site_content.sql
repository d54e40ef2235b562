CREATE TABLE "site_settings_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_settings_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"document" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "site_settings_versions_status" CHECK ("site_settings_versions"."status" in ('draft', 'published')),
	CONSTRAINT "site_settings_versions_published" CHECK (("site_settings_versions"."status" = 'published') = ("site_settings_versions"."published_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "site_settings_versions" ADD CONSTRAINT "site_settings_versions_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_settings_versions_published_idx" ON "site_settings_versions" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);